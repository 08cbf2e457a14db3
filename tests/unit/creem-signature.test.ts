import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "../../src/server/integrations/creem/signature.js";
import { signWebhook } from "../fakes/creem-fake.mjs";

const SECRET = "whsec_unit_secret";
const body = Buffer.from('{"id":"evt_1","eventType":"checkout.completed","object":{"id":"ch_1"}}');
const good = crypto.createHmac("sha256", SECRET).update(body).digest("hex");

describe("Creem webhook signatures", () => {
  it("is the hex HMAC-SHA256 of the raw body keyed with the webhook secret (as the fake signs)", () => {
    expect(signWebhookBody(body, SECRET)).toBe(good);
    expect(signWebhook(body.toString(), SECRET)).toBe(good);
    expect(verifyWebhookSignature(body, good, SECRET)).toBe(true);
    expect(verifyWebhookSignature(body, good.toUpperCase(), SECRET)).toBe(true);
  });

  it.each([
    ["no signature", undefined],
    ["an empty signature", ""],
    ["a truncated signature", good.slice(0, 63)],
    ["a shorter signature", good.slice(0, 32)],
    ["a longer signature", good + "00"],
    ["non-hex characters", "zz" + good.slice(2)],
    ["another secret's signature", crypto.createHmac("sha256", "other").update(body).digest("hex")],
    ["a base64 signature", crypto.createHmac("sha256", SECRET).update(body).digest("base64")],
  ])("refuses %s", (_name, signature) => {
    expect(verifyWebhookSignature(body, signature, SECRET)).toBe(false);
  });

  it("refuses a body changed by one byte, and an empty secret", () => {
    const changed = Buffer.from(body.toString().replace("ch_1", "ch_2"));
    expect(verifyWebhookSignature(changed, good, SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signWebhookBody(body, ""), "")).toBe(false);
  });
});

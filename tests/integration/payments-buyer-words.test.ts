/**
 * What a buyer reads when a payment cannot start (issue 68 §2): what they can do, in their words,
 * never a setting's name, the provider's own words or an HTTP status. The technical detail stays
 * in the log and the order's failure reason, for the admin. Creem here is a stub that refuses
 * as told; PayPal is switched on with keys it never has to use.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditPackages, paymentOrders } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { userWithCredits } from "../helpers/video-app.js";

const API_KEY = "creem_test_buyer_words_0123456789";
const CREEM = { creemEnabled: true, creemApiKey: API_KEY, creemWebhookSecret: "whsec_buyer_words_0123456789" };
const PAYPAL = { paypalEnabled: true, paypalClientId: "buyer-words-client", paypalClientSecret: "buyer-words-secret" };

/** Anything a buyer must never read: a setting, a key, an HTTP status, the admin's side. */
const INTERNAL = /product id|product_id|api key|webhook|secret|client id|credential|administrator|admin|HTTP \d/i;

/** How the stub answers every Creem call: Creem's error shape with Creem's own words. */
let creemAnswer: { status: number; message: string[] } = { status: 404, message: ["product not found"] };
let stub: http.Server;
let t: TestApp;
const logs: string[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    req.resume();
    res.writeHead(creemAnswer.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ statusCode: creemAnswer.status, message: creemAnswer.message }));
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const creemBaseUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createTestApp({ env: { CREEM_BASE_URL: creemBaseUrl }, logger });
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stub?.close(resolve));
});

async function seedPackage(creemProductId: string | null) {
  const [pkg] = await db()
    .insert(creditPackages)
    .values({ name: "Words Pack", credits: 100, price: "10.00", creemProductId })
    .returning();
  return pkg!;
}

/** Settings as stored, without trying the keys (the stub would refuse them). */
const settings = (patch: Parameters<typeof updateSettings>[2]) => updateSettings(db(), t.secretBox, patch);

const checkout = async (packageId: string) => {
  const u = await userWithCredits(t.app, db(), 0);
  return { u, res: await u.client.post("/api/creem/checkout", { packageId }) };
};

describe("a Creem checkout that cannot start, in a buyer's words", () => {
  it("a package without its Creem product: 400, try PayPal while PayPal takes payments, no order", async () => {
    await settings({ ...CREEM, ...PAYPAL });
    const pkg = await seedPackage(null);
    logs.length = 0;
    const { u, res } = await checkout(pkg.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Card payment through Creem is not available for this package right now.",
      suggestion: "Try PayPal, or contact us",
      code: "invalid_input",
      reason: "provider_unavailable_for_package",
      params: { provider: "Creem" },
    });
    expect(res.body).not.toMatch(INTERNAL);
    // The admin's side: the log says what is missing.
    expect(logs.join("\n")).toContain("the package has no Creem product id");
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.userId, u.id))).toHaveLength(0);

    await settings({ paypalEnabled: false });
    const alone = await checkout(pkg.id);
    expect(alone.res.statusCode).toBe(400);
    expect(alone.res.json().suggestion).toBe("Choose another package, or contact us");
    expect(alone.res.body).not.toMatch(/PayPal/);
  });

  it("a product Creem does not know: 502 in the same words; Creem's own stay in the log and the order", async () => {
    await settings({ ...CREEM, ...PAYPAL });
    creemAnswer = { status: 404, message: ["Product prod_gone_123 not found"] };
    const pkg = await seedPackage("prod_gone_123");
    logs.length = 0;
    const { u, res } = await checkout(pkg.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "Card payment through Creem is not available for this package right now.",
      suggestion: "Try PayPal, or contact us",
      code: "upstream_error",
      reason: "provider_unavailable_for_package",
      params: { provider: "Creem" },
    });
    expect(res.body).not.toMatch(INTERNAL);
    expect(res.body).not.toContain("prod_gone_123");
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.userId, u.id));
    expect(order).toMatchObject({ status: "failed", failureReason: expect.stringContaining("prod_gone_123") });
    expect(logs.join("\n")).toContain("Product prod_gone_123 not found");
  });

  it("a key Creem refuses: 502 saying card payments are not working, never the key or its setting", async () => {
    await settings({ ...CREEM, ...PAYPAL });
    creemAnswer = { status: 403, message: ["Invalid API key"] };
    const pkg = await seedPackage("prod_words");
    logs.length = 0;
    const { res } = await checkout(pkg.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "Could not start the Creem checkout. Card payments through Creem are not working right now.",
      suggestion: "Please try again later, or pay with PayPal",
      code: "upstream_error",
      reason: "checkout_failed",
      params: { provider: "Creem" },
    });
    expect(res.body).not.toMatch(INTERNAL);
    // The admin reads which setting to check in the log.
    expect(logs.join("\n")).toContain("check the Creem API key");
    expect(logs.join("\n")).not.toContain(API_KEY);
  });

  it("Creem on without its webhook secret: 503, card payments not available, PayPal offered", async () => {
    await settings({ ...CREEM, ...PAYPAL, creemWebhookSecret: null });
    const pkg = await seedPackage("prod_words");
    const { res } = await checkout(pkg.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: "Card payments through Creem are not available right now.",
      suggestion: "Please try again later, or pay with PayPal",
      code: "payment_not_configured",
    });
    expect(res.body).not.toMatch(INTERNAL);
  });

  it("back from Creem while Creem refuses the key: what to do, never Creem's words", async () => {
    await settings({ ...CREEM, ...PAYPAL });
    creemAnswer = { status: 401, message: ["Invalid API key"] };
    const pkg = await seedPackage("prod_words");
    const u = await userWithCredits(t.app, db(), 0);
    await db().insert(paymentOrders).values({
      userId: u.id,
      packageId: pkg.id,
      packageName: pkg.name,
      provider: "creem",
      providerOrderId: "ch_buyer_words_1",
      amount: pkg.price,
      currency: "USD",
      credits: pkg.credits,
      status: "created",
    });
    const res = await u.client.post("/api/creem/confirm", { checkoutId: "ch_buyer_words_1" });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      message: "Could not check the payment with Creem right now.",
      code: "upstream_error",
    });
    expect(res.body).not.toMatch(INTERNAL);
  });
});

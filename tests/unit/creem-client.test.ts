/**
 * The Creem client against the fake Creem (what it sends, how it reads answers) and against a
 * scripted server for the failures the fake does not produce (5xx, unreadable, no answer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreemClient } from "../../src/server/integrations/creem/client.js";
import { CreemError } from "../../src/server/integrations/creem/errors.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startScriptedServer, type ScriptedServer } from "../helpers/scripted-server.js";

const API_KEY = "creem_test_unit_key";
let fake: CreemFake;
let scripted: ScriptedServer;
let scriptedUrl: string;

beforeAll(async () => {
  fake = await startCreemFake({
    apiKey: API_KEY,
    webhookSecret: "whsec_x",
    products: { prod_a: { price: 1234, currency: "USD" } },
  });
  scripted = await startScriptedServer();
  scriptedUrl = scripted.baseUrl;
});

afterAll(async () => {
  await fake.close();
  await scripted.close();
});

const client = (opts: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}) =>
  new CreemClient({
    baseUrl: opts.baseUrl ?? fake.baseUrl,
    apiKey: opts.apiKey ?? API_KEY,
    timeoutMs: opts.timeoutMs ?? 2_000,
  });

async function errorOf(promise: Promise<unknown>): Promise<CreemError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CreemError);
  return err as CreemError;
}

const request = {
  productId: "prod_a",
  requestId: "order-1",
  successUrl: "http://app.test/purchase-credits",
  metadata: { orderId: "order-1" },
};

describe("CreemClient", () => {
  it("creates a checkout with product, request id, success URL and metadata, and reads it back", async () => {
    const created = await client().createCheckout(request);
    expect(created).toMatchObject({ status: "pending", requestId: "order-1", productId: "prod_a", order: undefined });
    expect(created.checkoutUrl).toBe(`${fake.baseUrl}/checkout/${created.id}`);
    expect(fake.checkouts.get(created.id)).toMatchObject({
      product: "prod_a",
      request_id: "order-1",
      success_url: request.successUrl,
      metadata: { orderId: "order-1" },
    });

    await fake.completeCheckout(created.id, { deliver: false });
    const read = await client().getCheckout(created.id);
    expect(read).toMatchObject({
      id: created.id,
      status: "completed",
      requestId: "order-1",
      metadata: { orderId: "order-1" },
    });
    expect(read.order).toEqual({
      id: expect.stringMatching(/^ord_/),
      amount: 1234,
      currency: "USD",
      status: "paid",
      transactionId: expect.stringMatching(/^tran_/),
      discountAmount: 0,
    });
  });

  it("makes a single-use fixed discount for one product, applies it to a checkout, and deletes one", async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const discount = await client().createDiscount({
      name: "Checkout order-2",
      code: "UNITCODE123456",
      amountCents: 234,
      currency: "USD",
      productIds: ["prod_a"],
      duration: "once",
      maxRedemptions: 1,
      expiresAt,
    });
    expect(discount).toMatchObject({ id: expect.stringMatching(/^disc_/), code: "UNITCODE123456", amount: 234 });
    expect(fake.discounts.get(discount.id)).toMatchObject({
      type: "fixed",
      amount: 234,
      currency: "USD",
      duration: "once",
      max_redemptions: 1,
      expiry_date: expiresAt.toISOString(),
      applies_to_products: ["prod_a"],
    });

    const created = await client().createCheckout({ ...request, requestId: "order-2", discountCode: discount.code! });
    expect(fake.checkouts.get(created.id)).toMatchObject({ discount_code: "UNITCODE123456" });
    await fake.completeCheckout(created.id, { deliver: false });
    expect((await client().getCheckout(created.id)).order).toMatchObject({ amount: 1000, discountAmount: 234 });

    // Used once: Creem refuses it for another checkout; an unknown code too.
    for (const code of ["UNITCODE123456", "NOSUCHCODE"]) {
      const refused = await errorOf(client().createCheckout({ ...request, discountCode: code }));
      expect(refused).toMatchObject({ kind: "rejected", status: 400 });
    }

    const spare = await client().createDiscount({
      name: "Checkout order-3",
      code: "UNITSPARE12345",
      amountCents: 100,
      currency: "USD",
      productIds: ["prod_a"],
      duration: "once",
      maxRedemptions: 1,
      expiresAt,
    });
    await client().deleteDiscount(spare.id);
    expect(fake.discounts.get(spare.id)?.status).toBe("deleted");
  });

  it("says the key is wrong on 403", async () => {
    const err = await errorOf(client({ apiKey: "creem_test_wrong" }).createCheckout(request));
    expect(err).toMatchObject({ kind: "unauthorized", status: 403 });
    expect(err.message).toBe(
      "Creem rejected the API key (HTTP 403): check the Creem API key and its environment (test or prod)",
    );
    expect(err.message).not.toContain("creem_test_wrong");
  });

  it("passes on Creem's validation messages on 400, and says what was not found on 404", async () => {
    const invalid = await errorOf(client().createCheckout({ ...request, productId: "" }));
    expect(invalid).toMatchObject({
      kind: "rejected",
      status: 400,
      message: "Creem refused the request: product_id must be a string",
    });
    const missing = await errorOf(client().getCheckout("ch_nope"));
    expect(missing).toMatchObject({
      kind: "not_found",
      status: 404,
      message: "Creem could not find it: Checkout not found",
    });
  });

  it("joins a list of validation messages", async () => {
    scripted.answer = {
      status: 400,
      body: JSON.stringify({
        status: 400,
        error: "Bad Request",
        message: ["product_id must be a string", "units must be a number"],
      }),
    };
    const err = await errorOf(client({ baseUrl: scriptedUrl }).createCheckout(request));
    expect(err.message).toBe("Creem refused the request: product_id must be a string; units must be a number");
  });

  it.each([
    [{ status: 503, body: "" }, "unavailable", "Creem is unavailable (HTTP 503)"],
    [{ status: 429, body: "{}" }, "unavailable", "Creem is limiting requests right now"],
    [{ status: 200, body: "<html>" }, "failed", "Creem returned an unreadable answer"],
    [
      { status: 200, body: JSON.stringify({ id: "ch_1" }) },
      "failed",
      "Creem created no usable checkout (no checkout id or URL in its answer)",
    ],
  ])("maps %j to %s", async (reply, kind, message) => {
    scripted.answer = reply;
    const err = await errorOf(client({ baseUrl: scriptedUrl }).createCheckout(request));
    expect(err).toMatchObject({ kind, message });
  });

  it("gives up when Creem does not answer in time, or cannot be reached", async () => {
    scripted.answer = "hang";
    const slow = await errorOf(client({ baseUrl: scriptedUrl, timeoutMs: 200 }).getCheckout("ch_1"));
    expect(slow).toMatchObject({ kind: "unavailable", message: "Creem did not answer in time" });
    const down = await errorOf(client({ baseUrl: "http://127.0.0.1:1" }).getCheckout("ch_1"));
    expect(down).toMatchObject({ kind: "unavailable", message: "Creem could not be reached" });
  });
});

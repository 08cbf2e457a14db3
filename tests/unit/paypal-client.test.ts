/** The PayPal client against the fake PayPal (and a few scripted servers) over real HTTP. */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDispute, parseOrder, PaypalClient } from "../../src/server/integrations/paypal/client.js";
import { PaypalError } from "../../src/server/integrations/paypal/errors.js";
import { disputeOutcome } from "../../src/server/features/payments/paypal-reversals.js";
import { TokenCache } from "../../src/server/integrations/paypal/token-cache.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { freePort } from "../helpers/free-port.js";

const CLIENT_ID = "unit-client-id";
const CLIENT_SECRET = "unit-client-secret-never-shown";
let fake: PaypalFake;

beforeAll(async () => {
  fake = await startPaypalFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
afterAll(() => fake?.close());

/** A client with its own token cache, so token counts are this test's own. */
function client(overrides: Partial<ConstructorParameters<typeof PaypalClient>[0]> = {}) {
  return new PaypalClient({
    baseUrl: fake.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    timeoutMs: 5_000,
    tokens: new TokenCache(),
    ...overrides,
  });
}

const amount = { currency: "USD", value: "10.00" };

async function caught(promise: Promise<unknown>): Promise<PaypalError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaypalError);
  return err as PaypalError;
}

/** A server that answers every request with `status` and `body`, or never answers. */
async function scripted(
  status: number | "hang",
  body: unknown = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (status === "hang") return;
    if (req.url === "/v1/oauth2/token") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: "T", expires_in: 3600 }));
      return;
    }
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("PaypalClient orders", () => {
  it("creates an order with intent CAPTURE, our id as custom_id, and replays it for the same id", async () => {
    const c = client();
    const orderId = crypto.randomUUID();
    const created = await c.createOrder({ orderId, amount, description: "Starter Pack" });
    expect(created).toMatchObject({ status: "CREATED", customId: orderId, amount, captures: [] });
    expect(fake.orders.get(created.id)).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: orderId, description: "Starter Pack" }],
    });
    const again = await c.createOrder({ orderId, amount, description: "Starter Pack" });
    expect(again.id).toBe(created.id);
  });

  it("captures once: the same request id replays the capture, another one gets ORDER_ALREADY_CAPTURED", async () => {
    const c = client();
    const created = await c.createOrder({ orderId: crypto.randomUUID(), amount, description: "Pack" });

    const early = await caught(c.captureOrder(created.id, "capture-1"));
    expect(early).toMatchObject({ kind: "unprocessable", issue: "ORDER_NOT_APPROVED", status: 422 });
    expect(early.debugId).toMatch(/^[0-9a-f]+$/);

    fake.approve(created.id);
    const captured = await c.captureOrder(created.id, "capture-1");
    expect(captured.status).toBe("COMPLETED");
    expect(captured.captures).toEqual([
      { id: expect.any(String), status: "COMPLETED", amount, customId: created.customId },
    ]);
    expect((await c.captureOrder(created.id, "capture-1")).captures[0]!.id).toBe(captured.captures[0]!.id);

    const twice = await caught(c.captureOrder(created.id, "capture-2"));
    expect(twice).toMatchObject({ kind: "unprocessable", issue: "ORDER_ALREADY_CAPTURED" });
    expect((await c.getOrder(created.id)).captures[0]!.id).toBe(captured.captures[0]!.id);
  });

  it("reports a declined instrument and an unknown order by PayPal's issue", async () => {
    const c = client();
    const created = await c.createOrder({ orderId: crypto.randomUUID(), amount, description: "Pack" });
    fake.approve(created.id);
    fake.setCaptureOutcome(created.id, "DECLINED");
    expect(await caught(c.captureOrder(created.id, "x"))).toMatchObject({
      kind: "unprocessable",
      issue: "INSTRUMENT_DECLINED",
    });
    expect(await caught(c.getOrder("NOSUCHORDER000000"))).toMatchObject({
      kind: "not_found",
      issue: "INVALID_RESOURCE_ID",
      status: 404,
    });
  });
});

describe("PaypalClient tokens", () => {
  it("asks for one token for many calls, even concurrent ones", async () => {
    const c = client();
    const before = fake.tokenRequests;
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        c.createOrder({ orderId: `tok-${i}-${crypto.randomUUID()}`, amount, description: "P" }),
      ),
    );
    expect(fake.tokenRequests - before).toBe(1);
  });

  it("shares tokens per host and credentials through the cache, and a new secret gets its own", async () => {
    const tokens = new TokenCache();
    const before = fake.tokenRequests;
    await client({ tokens })
      .getOrder("NOSUCH")
      .catch(() => undefined);
    await client({ tokens })
      .getOrder("NOSUCH")
      .catch(() => undefined);
    expect(fake.tokenRequests - before).toBe(1);
    await client({ tokens, clientSecret: "another" })
      .getOrder("NOSUCH")
      .catch(() => undefined);
    expect(fake.tokenRequests - before).toBe(2);
  });

  it("refreshes the token before it expires", async () => {
    let now = 1_000_000;
    const tokens = new TokenCache(() => now);
    const c = client({ tokens });
    const before = fake.tokenRequests;
    await c.getOrder("NOSUCH").catch(() => undefined);
    now += 32_400 * 1000 - 6 * 60_000; // 6 minutes before PayPal's 9 h expiry: still used
    await c.getOrder("NOSUCH").catch(() => undefined);
    expect(fake.tokenRequests - before).toBe(1);
    now += 2 * 60_000; // 4 minutes left: refreshed ahead of time
    await c.getOrder("NOSUCH").catch(() => undefined);
    expect(fake.tokenRequests - before).toBe(2);
  });

  it("fetches a new token once when PayPal answers 401", async () => {
    const c = client();
    const created = await c.createOrder({ orderId: crypto.randomUUID(), amount, description: "P" });
    const before = fake.tokenRequests;
    fake.revokeTokens();
    expect((await c.getOrder(created.id)).id).toBe(created.id);
    expect(fake.tokenRequests - before).toBe(1);
  });

  it("bad credentials: an unauthorized error that names neither the secret nor a token", async () => {
    const err = await caught(client({ clientSecret: "wrong-secret-xyz" }).getOrder("ANY"));
    expect(err).toMatchObject({ kind: "unauthorized", issue: "invalid_client", status: 401 });
    expect(err.message).toMatch(/client id or secret/);
    expect(err.message).not.toContain("wrong-secret-xyz");
  });
});

describe("PaypalClient transport failures", () => {
  it("a PayPal outage (503) is 'unavailable'", async () => {
    const server = await scripted(503, { name: "SERVICE_UNAVAILABLE", message: "Service Unavailable." });
    try {
      expect(await caught(client({ baseUrl: server.baseUrl }).getOrder("X"))).toMatchObject({
        kind: "unavailable",
        status: 503,
      });
    } finally {
      await server.close();
    }
  });

  it("no answer in time is 'unavailable'", async () => {
    const server = await scripted("hang");
    try {
      const err = await caught(client({ baseUrl: server.baseUrl, timeoutMs: 200 }).getOrder("X"));
      expect(err).toMatchObject({ kind: "unavailable", message: "PayPal did not answer in time" });
    } finally {
      await server.close();
    }
  });

  it("an unreachable host is 'unavailable'", async () => {
    const port = await freePort();
    const err = await caught(client({ baseUrl: `http://127.0.0.1:${port}` }).getOrder("X"));
    expect(err).toMatchObject({ kind: "unavailable", message: "PayPal could not be reached" });
  });

  it("an unreadable success answer is 'failed'", async () => {
    const server = await scripted(200, { unexpected: true });
    try {
      expect(await caught(client({ baseUrl: server.baseUrl }).getOrder("X"))).toMatchObject({ kind: "failed" });
    } finally {
      await server.close();
    }
  });
});

describe("parseOrder", () => {
  it("reads the first purchase unit's captures and tolerates missing parts", () => {
    expect(
      parseOrder({
        id: "A",
        status: "COMPLETED",
        purchase_units: [{ custom_id: "o", payments: { captures: [{ id: "C", status: "PENDING" }, { nope: 1 }] } }],
      }),
    ).toEqual({
      id: "A",
      status: "COMPLETED",
      customId: "o",
      amount: undefined,
      captures: [{ id: "C", status: "PENDING", amount: undefined, customId: undefined }],
      refunds: [],
    });
    expect(parseOrder({ id: "B" })).toMatchObject({ id: "B", captures: [], refunds: [] });
    expect(parseOrder({ status: "CREATED" })).toBeUndefined();
    expect(parseOrder("nonsense")).toBeUndefined();
  });

  it("reads every purchase unit's refunds with the refunded capture from the up link", () => {
    const refund = (id: string, capture: string) => ({
      id,
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "5.00" },
      links: [
        { rel: "self", href: `https://api.paypal.com/v2/payments/refunds/${id}` },
        { rel: "up", href: `https://api.paypal.com/v2/payments/captures/${capture}` },
      ],
    });
    const order = parseOrder({
      id: "A",
      purchase_units: [
        { payments: { refunds: [refund("R1", "C1"), { nope: 1 }] } },
        { payments: { refunds: [refund("R2", "C2")] } },
      ],
    });
    expect(order?.refunds).toEqual([
      {
        id: "R1",
        status: "COMPLETED",
        amount: { currency: "USD", value: "5.00" },
        customId: undefined,
        captureId: "C1",
        note: undefined,
      },
      {
        id: "R2",
        status: "COMPLETED",
        amount: { currency: "USD", value: "5.00" },
        customId: undefined,
        captureId: "C2",
        note: undefined,
      },
    ]);
  });
});

describe("parseDispute and disputeOutcome", () => {
  it("reads the disputed captures, amount and outcome, with or without dispute_outcome", () => {
    expect(
      parseDispute({
        dispute_id: "PP-D-1",
        disputed_transactions: [{ seller_transaction_id: "CAP1", custom: "ours" }, {}],
        dispute_amount: { currency_code: "USD", value: "3.00" },
        reason: "UNAUTHORISED",
        status: "RESOLVED",
        dispute_outcome: { outcome_code: "RESOLVED_BUYER_FAVOUR" },
      }),
    ).toEqual({
      id: "PP-D-1",
      transactions: [
        { captureId: "CAP1", customId: "ours" },
        { captureId: undefined, customId: undefined },
      ],
      amount: { currency: "USD", value: "3.00" },
      reason: "UNAUTHORISED",
      status: "RESOLVED",
      outcome: "RESOLVED_BUYER_FAVOUR",
    });
    expect(parseDispute({ dispute_id: "PP-D-2", outcome: "RESOLVED_SELLER_FAVOUR" })?.outcome).toBe(
      "RESOLVED_SELLER_FAVOUR",
    );
    expect(parseDispute({ status: "OPEN" })).toBeUndefined();
  });

  it("wins only the seller's outcomes", () => {
    expect(disputeOutcome("RESOLVED_SELLER_FAVOUR")).toBe("won");
    expect(disputeOutcome("CANCELED_BY_BUYER")).toBe("won");
    expect(disputeOutcome("RESOLVED_BUYER_FAVOUR")).toBe("lost");
    expect(disputeOutcome("RESOLVED_WITH_PAYOUT")).toBe("lost");
    expect(disputeOutcome("ACCEPTED")).toBe("lost");
  });
});

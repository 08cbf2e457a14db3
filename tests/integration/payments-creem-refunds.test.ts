/**
 * Money going back through Creem (issue 39, decision 0084): the fake Creem sends signed
 * refund.created and dispute.created events to the app over HTTP, twice, out of order, for orders
 * whose credits are unspent, partly spent and spent; the ledger balances after every test.
 */
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  adminNotifications,
  creditPackages,
  paymentDisputes,
  paymentOrders,
  paymentReversals,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import { resolveDispute } from "../../src/server/features/payments/disputes.js";
import { providerActor, reversePayment } from "../../src/server/features/payments/reversals.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

const API_KEY = "creem_test_key_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_test_0123456789abcdefghij";
/** 150 credits and 10 bonus credits for $25.00: the order gives 160. */
const PRO = { name: "Pro Pack", credits: 150, bonusCredits: 10, price: "25.00", creemProductId: "prod_pro" };

let fake: CreemFake;
let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startCreemFake({
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    products: { prod_pro: { price: 2500, currency: "USD", name: "Pro Pack" } },
  });
  t = await createVideoTestApp({ env: { CREEM_BASE_URL: fake.baseUrl, PUBLIC_URL: "http://veo.test" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/creem/webhook`;
  const admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    creemEnabled: true,
    creemApiKey: API_KEY,
    creemWebhookSecret: WEBHOOK_SECRET,
    creemEnvironment: "test",
  });
  expect(res.statusCode).toBe(200);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let pkgId: string | undefined;
async function packageId(): Promise<string> {
  if (!pkgId) {
    const [pkg] = await db().insert(creditPackages).values(PRO).returning();
    pkgId = pkg!.id;
  }
  return pkgId;
}

/** A buyer who paid for the Pro package through the fake Creem: the checkout's id and our order. */
async function paidBuyer(start = 0) {
  const u = await userWithCredits(t.app, db(), start);
  const res = await u.client.post("/api/creem/checkout", { packageId: await packageId() });
  expect(res.statusCode, res.body).toBe(200);
  const checkoutId = /\/checkout\/(ch_[0-9a-f]+)$/.exec(res.json<{ checkoutUrl: string }>().checkoutUrl)![1]!;
  expect(await fake.completeCheckout(checkoutId)).toBe(200);
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, checkoutId));
  expect(order!.status).toBe("completed");
  return { ...u, checkoutId, order: order! };
}

/** Spends `n` credits as a usage row would (the ledger stays balanced). */
async function spend(userId: string, n: number): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: (await tx.select().from(users).where(eq(users.id, userId)))[0]!.credits - n })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "usage", amount: -n, description: "test spending" });
  });
}

async function account(userId: string) {
  const [u] = await db()
    .select({ credits: users.credits, owed: users.creditsOwed })
    .from(users)
    .where(eq(users.id, userId));
  return u!;
}

async function orderRow(id: string) {
  return (await db().select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;
}

const reversalRows = (userId: string) =>
  db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "reversal")))
    .orderBy(transactions.createdAt);

const generate = (client: Client) => client.post("/api/generate-video", { prompt: "a lighthouse at dusk" });

describe("a Creem refund", () => {
  it("takes an unspent order's credits back once, however often the event comes", async () => {
    const b = await paidBuyer();
    expect(await account(b.id)).toEqual({ credits: 160, owed: 0 });
    const event = fake.refundEvent(b.checkoutId);
    expect(await fake.deliverWebhook(event)).toBe(200);
    expect(await fake.deliverWebhook(event)).toBe(200);
    // Creem may also resend the same refund as a new event (a new evt_ id).
    expect(await fake.deliverWebhook({ ...event, id: "evt_resent" })).toBe(200);

    expect(await account(b.id)).toEqual({ credits: 0, owed: 0 });
    const rows = await reversalRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -160, paymentOrderId: b.order.id });
    expect(rows[0]!.description).toBe("Refund of Pro Pack via Creem (requested_by_customer): 160 credits taken back");
    expect(await orderRow(b.order.id)).toMatchObject({ refundedCents: 2500, reversedCredits: 160 });
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "payment.refund"), eq(adminAuditLog.targetId, b.order.id)));
    expect(audit).toMatchObject({ adminId: null, adminUsername: "Creem", targetType: "payment_order" });
    const notices = await db()
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.kind, "payment_reversed"))
      .orderBy(desc(adminNotifications.createdAt));
    expect(notices[0]!.text).toContain(b.username);
    expect(notices[0]!.text).toContain("25.00 USD of Pro Pack via Creem");
  });

  it("partial refunds in any order add up to what the order gave, rounded up, never more", async () => {
    const b = await paidBuyer();
    // $10 then $15 of $25, the second delivered first: 40% of 160 is 64, the rest 96.
    const first = fake.refundEvent(b.checkoutId, { amount: 1000 });
    const second = fake.refundEvent(b.checkoutId, { amount: 1500 });
    expect(await fake.deliverWebhook(second)).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 64, owed: 0 }); // 160 - ceil(160 * 0.6)
    expect(await fake.deliverWebhook(first)).toBe(200);
    expect(await fake.deliverWebhook(second)).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 0, owed: 0 });
    expect((await reversalRows(b.id)).map((r) => r.amount)).toEqual([-96, -64]);
    expect(await orderRow(b.order.id)).toMatchObject({ refundedCents: 2500, reversedCredits: 160 });
  });

  it("a refund of what was paid with tax is a share of the amount paid", async () => {
    const b = await paidBuyer();
    // Creem charged $30.25 (tax included) and refunds $12.10 of it: 40%.
    const event = fake.refundEvent(b.checkoutId, { amount: 1210 });
    (event.object.transaction as Record<string, unknown>).amount_paid = 3025;
    expect(await fake.deliverWebhook(event)).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 96, owed: 0 });
    expect(await orderRow(b.order.id)).toMatchObject({ refundedCents: 1000, reversedCredits: 64 });
    await db()
      .update(paymentOrders)
      .set({ refundedCents: 2500, reversedCredits: 160 })
      .where(eq(paymentOrders.id, b.order.id)); // tidy: the order counts as refunded for later tests
    await spend(b.id, 96);
  });

  it("takes what is left of spent credits and records the rest as owed, blocking generation until paid", async () => {
    const b = await paidBuyer();
    await spend(b.id, 100);
    expect(await fake.deliverWebhook(fake.refundEvent(b.checkoutId))).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 0, owed: 100 });
    expect((await reversalRows(b.id))[0]!.description).toContain("60 credits taken back; 100 credits owed");

    // Even with credits again (an admin's gift), nothing can be spent while something is owed.
    await db().transaction(async (tx) => {
      await tx.update(users).set({ credits: 20 }).where(eq(users.id, b.id));
      await tx.insert(transactions).values({ userId: b.id, type: "adjustment", amount: 20, description: "gift" });
    });
    const refused = await generate(b.client);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: "account_on_hold", reason: "credits_owed", params: { owed: 100 } });
    expect(refused.json().message).toContain("100 credits are owed");
    // The automation API says the same, with its success flag.
    const token = (await b.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const viaApi = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "a lighthouse at dusk" },
    });
    expect(viaApi.statusCode).toBe(402);
    expect(viaApi.json()).toMatchObject({ success: false, code: "account_on_hold" });
    expect(viaApi.json().message).toContain("100 credits are owed. Buy credits to settle it");

    // The next purchase pays what is owed first: 20 + 160 - 100.
    const again = await u2Buy(b.client);
    expect(again).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 80, owed: 0 });
    const settle = (await reversalRows(b.id)).at(-1)!;
    expect(settle).toMatchObject({ amount: -100, description: "Settled 100 credits owed for a refunded payment" });
    expect((await generate(b.client)).statusCode).toBe(200);
  });

  it("maps an event naming only Creem's transaction by asking Creem, and answers events for no order of ours", async () => {
    const b = await paidBuyer();
    // As if the checkout had not told us its transaction: the app asks GET /v1/transactions.
    await db().update(paymentOrders).set({ providerTransactionId: null }).where(eq(paymentOrders.id, b.order.id));
    expect(await fake.deliverWebhook(fake.refundEvent(b.checkoutId, { amount: 2500 }))).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 0, owed: 0 });
    expect((await orderRow(b.order.id)).providerTransactionId).toMatch(/^tran_/);

    const stranger = fake.refundEvent(b.checkoutId);
    (stranger.object as Record<string, unknown>).transaction = { id: "tran_nobody", amount_paid: 2500 };
    (stranger.object as Record<string, unknown>).id = "ref_nobody";
    expect(await fake.deliverWebhook(stranger)).toBe(200);
    expect(
      await db().select().from(paymentReversals).where(eq(paymentReversals.providerRefundId, "ref_nobody")),
    ).toEqual([]);
  });

  it("forged, unsigned and re-signed-with-another-secret refunds change nothing", async () => {
    const b = await paidBuyer();
    const event = fake.refundEvent(b.checkoutId);
    expect(await fake.deliverWebhook(event, { signature: null })).toBe(401);
    expect(await fake.deliverWebhook(event, { signature: "0".repeat(64) })).toBe(401);
    expect(await fake.deliverWebhook(event, { secret: "whsec_someone_else" })).toBe(401);
    // The signed body with one field changed after signing.
    const body = JSON.stringify(event);
    const { signWebhook } = await import("../fakes/creem-fake.mjs");
    const signature = signWebhook(body, WEBHOOK_SECRET);
    expect(await fake.deliverWebhook(body.replace('"refund_amount":2500', '"refund_amount":25'), { signature })).toBe(
      401,
    );
    expect(await account(b.id)).toEqual({ credits: 160, owed: 0 });
    expect(await reversalRows(b.id)).toEqual([]);
    await fake.deliverWebhook(event);
  });

  it("a refund racing a generation never leaves the balance below zero nor loses what is owed", async () => {
    const b = await paidBuyer();
    await spend(b.id, 130); // 30 left: one more video may or may not get in first
    const [video, refund] = await Promise.all([
      generate(b.client),
      fake.deliverWebhook(fake.refundEvent(b.checkoutId)),
    ]);
    expect(refund).toBe(200);
    expect([200, 402]).toContain(video.statusCode);
    const now = await account(b.id);
    const [reversal] = await reversalRows(b.id);
    // Whatever came first, the order's 160 credits are all accounted for: taken back or owed.
    expect(now.credits).toBe(0);
    expect(-reversal!.amount + now.owed).toBe(160);
    const usage = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, b.id), eq(transactions.type, "usage")));
    expect(usage.length).toBe(video.statusCode === 200 ? 2 : 1);
  });
});

/** Buys the Pro package again for this client's user; the webhook's HTTP status. */
async function u2Buy(client: Client): Promise<number | undefined> {
  const res = await client.post("/api/creem/checkout", { packageId: await packageId() });
  const checkoutId = /\/checkout\/(ch_[0-9a-f]+)$/.exec(res.json<{ checkoutUrl: string }>().checkoutUrl)![1]!;
  return fake.completeCheckout(checkoutId);
}

describe("a Creem dispute", () => {
  it("freezes the order's credits and blocks generation; decided for the seller, the hold ends", async () => {
    const b = await paidBuyer();
    await spend(b.id, 40);
    const event = fake.disputeEvent(b.checkoutId);
    expect(await fake.deliverWebhook(event)).toBe(200);
    expect(await fake.deliverWebhook(event)).toBe(200);
    const [dispute] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.orderId, b.order.id));
    expect(dispute).toMatchObject({ status: "open", frozenCredits: 120, amountCents: 2500, provider: "creem" });
    expect((await orderRow(b.order.id)).disputeStatus).toBe("open");
    const refused = await generate(b.client);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: "account_on_hold", reason: "payment_disputed" });

    const decided = await db().transaction((tx) =>
      resolveDispute(tx, {
        orderId: b.order.id,
        provider: "creem",
        providerDisputeId: dispute!.providerDisputeId,
        amountCents: 2500,
        currency: "USD",
        reason: null,
        actor: providerActor("creem"),
        outcome: "won",
        outcomeCode: "admin",
        source: "admin",
      }),
    );
    expect(decided).toBe(true);
    expect((await orderRow(b.order.id)).disputeStatus).toBe("won");
    expect(await account(b.id)).toEqual({ credits: 120, owed: 0 });
    expect((await generate(b.client)).statusCode).toBe(200);
  });

  it("lost, the disputed amount is reversed once, even when decided twice", async () => {
    const b = await paidBuyer();
    const event = fake.disputeEvent(b.checkoutId);
    expect(await fake.deliverWebhook(event)).toBe(200);
    const lose = () =>
      db().transaction((tx) =>
        resolveDispute(tx, {
          orderId: b.order.id,
          provider: "creem",
          providerDisputeId: event.object.id,
          amountCents: 2500,
          currency: "USD",
          reason: "fraudulent",
          actor: providerActor("creem"),
          outcome: "lost",
          outcomeCode: "admin",
          source: "admin",
        }),
      );
    const results = await Promise.all([lose(), lose()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await account(b.id)).toEqual({ credits: 0, owed: 0 });
    const rows = await reversalRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toMatch(/^Chargeback of Pro Pack via Creem \(fraudulent\)/);
    expect((await orderRow(b.order.id)).disputeStatus).toBe("lost");
  });
});

describe("a refund recorded by hand", () => {
  it("is matched to Creem's later event for it instead of being taken twice", async () => {
    const b = await paidBuyer();
    const recorded = await db().transaction((tx) =>
      reversePayment(tx, {
        orderId: b.order.id,
        provider: "creem",
        providerRefundId: null,
        kind: "refund",
        amountCents: 1000,
        currency: "USD",
        reason: "refunded in Creem's dashboard",
        source: "manual",
        actor: { adminId: null, adminUsername: "admin", ip: null },
      }),
    );
    expect(recorded).toMatchObject({ kind: "reversed", credits: 64 });
    expect(await fake.deliverWebhook(fake.refundEvent(b.checkoutId, { amount: 1000, id: "ref_by_hand" }))).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 96, owed: 0 });
    const [row] = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, b.order.id));
    expect(row).toMatchObject({ providerRefundId: "ref_by_hand", source: "manual", credits: 64 });
    await fake.deliverWebhook(fake.refundEvent(b.checkoutId, { amount: 1500 }));
    expect(await account(b.id)).toEqual({ credits: 0, owed: 0 });
  });

  it("through the admin's route: recorded once, then Creem's event for it changes nothing more", async () => {
    const b = await paidBuyer();
    const admin = await signInAdmin(t);
    const body = { amount: "10.00", reason: "Refunded in Creem's dashboard", expectedRefundedCents: 0 };
    const refused = await admin.post(`/api/admin/payment-orders/${b.order.id}/refund`, body);
    expect(refused.statusCode).toBe(422);
    expect(await account(b.id)).toEqual({ credits: 160, owed: 0 });
    const [first, second] = await Promise.all([
      admin.post(`/api/admin/payment-orders/${b.order.id}/refund`, { ...body, recordedByHand: true }),
      admin.post(`/api/admin/payment-orders/${b.order.id}/refund`, { ...body, recordedByHand: true }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await account(b.id)).toEqual({ credits: 96, owed: 0 });
    expect(await fake.deliverWebhook(fake.refundEvent(b.checkoutId, { amount: 1000 }))).toBe(200);
    expect(await account(b.id)).toEqual({ credits: 96, owed: 0 });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "payment.refund"), eq(adminAuditLog.targetId, b.order.id)));
    expect(audit.map((a) => a.adminUsername)).toEqual(["admin"]);
  });
});

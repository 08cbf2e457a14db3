/**
 * Money going back through PayPal (issue 39, decision 0084): PayPal's webhook, verified by the
 * fake PayPal's own verify-webhook-signature call over HTTP, refunds and reversals taken back once
 * however they arrive, disputes opened and decided, the re-check finding a refund no webhook
 * reported, and the admin's refund (PayPal through its API, Creem recorded by hand). The app
 * listens on a real port: the fake posts its events to it, and the app calls the fake back.
 */
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  creditPackages,
  paymentDisputes,
  paymentOrders,
  paymentReversals,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { openDispute } from "../../src/server/features/payments/disputes.js";
import { paymentHoldOf } from "../../src/server/features/payments/payment-hold.js";
import { providerActor, reversePayment } from "../../src/server/features/payments/reversals.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import type { Client } from "../helpers/test-app.js";
import { createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";

const CLIENT_ID = "RefundsPayPalClientId0123456789";
const CLIENT_SECRET = "refunds-paypal-secret-0123456789";
const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const PAYPAL_SETTINGS = {
  paypalEnabled: true,
  paypalClientId: CLIENT_ID,
  paypalClientSecret: CLIENT_SECRET,
  paypalEnvironment: "sandbox",
  paypalWebhookId: WEBHOOK_ID,
};
/** 100 credits for 10.00: a cent is a tenth of a credit. */
const PACK = { name: "Refund Pack", credits: 100, price: "10.00" };

let fake: PaypalFake;
let t: TestApp;
let admin: Client;
let webhookUrl: string;
let packageId: string;
const logs: string[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startPaypalFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createTestApp({ env: { PAYPAL_BASE_URL: fake.baseUrl }, logger });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/paypal/webhook`;
  admin = await signInAdmin(t);
  expect((await admin.put("/api/admin/settings", PAYPAL_SETTINGS)).statusCode).toBe(200);
  // The built-in simulator's moderation stand-in is not on this app's port; screening has its own
  // tests (prompt-screening), and the refusals here are about holds.
  await updateSettings(db(), t.secretBox, { moderationCreemEnabled: false });
  const [pkg] = await db().insert(creditPackages).values(PACK).returning();
  packageId = pkg!.id;
}, 60_000);
afterEach(async () => {
  fake.setUnavailable(false);
  await expectLedgerBalanced(db());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A buyer who paid PACK through PayPal (order, approval, capture), with its credits. */
async function paidOrder() {
  const u = await userWithCredits(t.app, db(), 0);
  const created = await u.client.post("/paypal/order", { packageId });
  expect(created.statusCode, created.body).toBe(200);
  const paypalOrderId = created.json<{ id: string }>().id;
  fake.approve(paypalOrderId);
  const captured = await u.client.post(`/paypal/order/${paypalOrderId}/capture`, {});
  expect(captured.statusCode, captured.body).toBe(200);
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, paypalOrderId));
  expect(order!.status).toBe("completed");
  return { user: u, order: order!, captureId: order!.providerPaymentId! };
}

/** The person spends `credits` (a usage row, as a video would). */
async function spend(userId: string, credits: number) {
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${credits}` })
      .where(eq(users.id, userId));
    await tx.insert(transactions).values({ userId, type: "usage", amount: -credits, description: "a video" });
  });
}

const send = (eventType: string, resource: unknown, webhookId = WEBHOOK_ID) =>
  fake.sendEvent(webhookUrl, eventType, resource, webhookId);

/** Posts a delivery exactly as given (a replay, or a forgery built from one). */
const post = (body: string, headers: Record<string, string>) =>
  fetch(webhookUrl, { method: "POST", headers, body }).then(async (r) => ({ status: r.status, body: await r.text() }));

const reversalsOf = (orderId: string) =>
  db().select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId)).orderBy(paymentReversals.createdAt);

async function orderRow(orderId: string) {
  const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row!;
}

async function userRow(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return row!;
}

/** What a generation attempt answers: refused with 402 account_on_hold while a hold is on. */
async function generationRefusal(client: Client) {
  const res = await client.post("/api/generate-video", { prompt: "a held video", model: "veo3_fast" });
  return { status: res.statusCode, code: res.json<{ code?: string }>().code };
}

describe("the PayPal webhook's verification", () => {
  it("changes nothing for forged deliveries: altered body, missing headers, another webhook id", async () => {
    const { user, order, captureId } = await paidOrder();
    const refund = fake.refundAtPaypal(captureId);
    const genuine = fake.signEvent("PAYMENT.CAPTURE.REFUNDED", refund, WEBHOOK_ID);

    // The amount raised after signing: PayPal's check fails.
    const altered = JSON.parse(genuine.body) as { resource: { amount: { value: string } } };
    altered.resource.amount.value = "1.00";
    const forged = await post(JSON.stringify(altered), genuine.headers);
    expect(forged.status).toBe(401);
    expect(forged.body).toContain("Invalid webhook signature");

    // No transmission headers at all.
    const bare = await post(genuine.body, { "content-type": "application/json" });
    expect(bare.status).toBe(401);

    // Signed for someone else's webhook.
    const elsewhere = await send("PAYMENT.CAPTURE.REFUNDED", refund, "OTHERWEBHOOK0000000000");
    expect(elsewhere.status).toBe(401);

    // A made-up transmission id the fake never signed.
    const invented = await post(genuine.body, { ...genuine.headers, "paypal-transmission-id": crypto.randomUUID() });
    expect(invented.status).toBe(401);

    expect(await reversalsOf(order.id)).toEqual([]);
    expect((await balanceOf(db(), user.id)).credits).toBe(100);
    expect(fake.verifyCalls.filter((c) => c.status === "SUCCESS")).toHaveLength(0);

    // The genuine delivery, replayed twice: taken back once.
    expect((await post(genuine.body, genuine.headers)).status).toBe(200);
    expect((await post(genuine.body, genuine.headers)).status).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("accepts nothing while no webhook id is stored", async () => {
    const { order, captureId } = await paidOrder();
    const refund = fake.refundAtPaypal(captureId);
    expect((await admin.put("/api/admin/settings", { paypalWebhookId: null })).statusCode).toBe(200);
    try {
      const res = await send("PAYMENT.CAPTURE.REFUNDED", refund);
      expect(res.status).toBe(401);
      expect(res.body).toContain("not configured");
    } finally {
      expect((await admin.put("/api/admin/settings", PAYPAL_SETTINGS)).statusCode).toBe(200);
      // The built-in simulator's moderation stand-in is not on this app's port; screening has its own
      // tests (prompt-screening), and the refusals here are about holds.
      await updateSettings(db(), t.secretBox, { moderationCreemEnabled: false });
    }
    expect(await reversalsOf(order.id)).toEqual([]);
  });

  it("answers 200 to an event for no order of ours and to event types it does not act on", async () => {
    const stranger = {
      id: "REFUNDNOTOURS0001",
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "5.00" },
      custom_id: crypto.randomUUID(),
      links: [{ rel: "up", href: `${fake.baseUrl}/v2/payments/captures/NOSUCHCAPTURE0001`, method: "GET" }],
    };
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentReversals);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", stranger)).status).toBe(200);
    expect((await send("CHECKOUT.ORDER.APPROVED", { id: "X" })).status).toBe(200);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentReversals);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(logs.some((l) => l.includes("PayPal refund for no order of ours"))).toBe(true);
  });
});

describe("refunds reported by PayPal's webhook", () => {
  it("takes an unspent order's credits back once, however often the event comes", async () => {
    const { user, order, captureId } = await paidOrder();
    const refund = fake.refundAtPaypal(captureId);
    const [a, b] = await Promise.all([
      send("PAYMENT.CAPTURE.REFUNDED", refund),
      send("PAYMENT.CAPTURE.REFUNDED", refund),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", refund)).status).toBe(200);
    const reversals = await reversalsOf(order.id);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      providerRefundId: refund.id,
      kind: "refund",
      amountCents: 1000,
      credits: 100,
      creditsTaken: 100,
      creditsOwed: 0,
      source: "provider",
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 1000, reversedCredits: 100 });
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
    const rows = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.type, "reversal")));
    expect(rows).toEqual([expect.objectContaining({ amount: -100, paymentOrderId: order.id })]);
  });

  it("maps a refund by its capture when custom_id is missing or names another order", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const bare = { ...fake.refundAtPaypal(first.captureId, "1.00"), custom_id: undefined };
    expect((await send("PAYMENT.CAPTURE.REFUNDED", bare)).status).toBe(200);
    const misnamed = { ...fake.refundAtPaypal(first.captureId, "1.00"), custom_id: second.order.id };
    expect((await send("PAYMENT.CAPTURE.REFUNDED", misnamed)).status).toBe(200);
    expect(await reversalsOf(first.order.id)).toHaveLength(2);
    expect(await reversalsOf(second.order.id)).toEqual([]);
    expect((await balanceOf(db(), second.user.id)).credits).toBe(100);
  });

  it("adds partial refunds up however they are ordered, then a full one", async () => {
    const { user, order, captureId } = await paidOrder();
    const first = fake.refundAtPaypal(captureId, "4.00");
    const second = fake.refundAtPaypal(captureId); // the 6.00 left
    expect(second.amount.value).toBe("6.00");
    expect((await send("PAYMENT.CAPTURE.REFUNDED", second)).status).toBe(200);
    expect((await orderRow(order.id)).reversedCredits).toBe(60);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", first)).status).toBe(200);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", second)).status).toBe(200);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", first)).status).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(2);
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 1000, reversedCredits: 100 });
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("records what a spent order's refund cannot take as owed, and holds generation", async () => {
    const { user, order, captureId } = await paidOrder();
    await spend(user.id, 100);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", fake.refundAtPaypal(captureId))).status).toBe(200);
    expect((await reversalsOf(order.id))[0]).toMatchObject({ credits: 100, creditsTaken: 0, creditsOwed: 100 });
    expect(await userRow(user.id)).toMatchObject({ credits: 0, creditsOwed: 100 });
    expect(await generationRefusal(user.client)).toEqual({ status: 402, code: "account_on_hold" });
  });

  it("takes what is left of a partly spent order and records the rest as owed", async () => {
    const { user, order, captureId } = await paidOrder();
    await spend(user.id, 60);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", fake.refundAtPaypal(captureId))).status).toBe(200);
    expect((await reversalsOf(order.id))[0]).toMatchObject({ credits: 100, creditsTaken: 40, creditsOwed: 60 });
    expect(await userRow(user.id)).toMatchObject({ credits: 0, creditsOwed: 60 });
    expect(await generationRefusal(user.client)).toEqual({ status: 402, code: "account_on_hold" });
  });

  it("takes a reversal (chargeback) back as a chargeback", async () => {
    const { user, order, captureId } = await paidOrder();
    const reversal = fake.reverseCapture(captureId);
    expect((await send("PAYMENT.CAPTURE.REVERSED", reversal)).status).toBe(200);
    expect((await send("PAYMENT.CAPTURE.REVERSED", reversal)).status).toBe(200);
    expect(await reversalsOf(order.id)).toEqual([
      expect.objectContaining({ kind: "chargeback", providerRefundId: reversal.id, credits: 100 }),
    ]);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
    const audits = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, order.id), eq(adminAuditLog.action, "payment.chargeback")));
    expect(audits).toEqual([expect.objectContaining({ adminId: null, adminUsername: "PayPal" })]);
  });
  it("one partial chargeback told twice (the capture reversed, the dispute lost) is taken once", async () => {
    const { user, order, captureId } = await paidOrder();
    const dispute = fake.openDispute(captureId, { value: "4.00" });
    expect((await send("CUSTOMER.DISPUTE.CREATED", dispute)).status).toBe(200);
    const reversal = { ...fake.reverseCapture(captureId), amount: { currency_code: "USD", value: "4.00" } };
    expect((await send("PAYMENT.CAPTURE.REVERSED", reversal)).status).toBe(200);
    const resolved = fake.resolveDispute(dispute.dispute_id, "RESOLVED_BUYER_FAVOUR");
    expect((await send("CUSTOMER.DISPUTE.RESOLVED", resolved)).status).toBe(200);
    expect((await reversalsOf(order.id)).map((r) => r.credits)).toEqual([40]);
    expect((await balanceOf(db(), user.id)).credits).toBe(60);
    expect((await orderRow(order.id)).disputeStatus).toBe("lost");
  });
});

describe("disputes reported by PayPal's webhook", () => {
  it("holds the person while open and lets go when decided for the seller", async () => {
    const { user, order, captureId } = await paidOrder();
    const dispute = fake.openDispute(captureId);
    expect((await send("CUSTOMER.DISPUTE.CREATED", dispute)).status).toBe(200);
    expect((await send("CUSTOMER.DISPUTE.CREATED", dispute)).status).toBe(200);
    expect((await orderRow(order.id)).disputeStatus).toBe("open");
    expect(await paymentHoldOf(db(), user.id)).toEqual({ owed: 0, disputed: true });
    // The person still holds the credits, and may not spend them.
    expect((await balanceOf(db(), user.id)).credits).toBe(100);
    expect(await generationRefusal(user.client)).toEqual({ status: 402, code: "account_on_hold" });

    const resolved = fake.resolveDispute(dispute.dispute_id, "RESOLVED_SELLER_FAVOUR");
    expect((await send("CUSTOMER.DISPUTE.RESOLVED", resolved)).status).toBe(200);
    expect((await orderRow(order.id)).disputeStatus).toBe("won");
    expect(await paymentHoldOf(db(), user.id)).toEqual({ owed: 0, disputed: false });
    expect(await reversalsOf(order.id)).toEqual([]);
    expect((await balanceOf(db(), user.id)).credits).toBe(100);
  });

  it("reverses a dispute decided for the buyer once, even decided before it was opened", async () => {
    const { user, order, captureId } = await paidOrder();
    const opened = fake.openDispute(captureId);
    const resolved = fake.resolveDispute(opened.dispute_id, "RESOLVED_BUYER_FAVOUR");
    expect((await send("CUSTOMER.DISPUTE.RESOLVED", resolved)).status).toBe(200);
    expect((await send("CUSTOMER.DISPUTE.CREATED", opened)).status).toBe(200);
    expect((await send("CUSTOMER.DISPUTE.RESOLVED", resolved)).status).toBe(200);
    expect(await reversalsOf(order.id)).toEqual([
      expect.objectContaining({ kind: "chargeback", providerRefundId: `dispute:${opened.dispute_id}`, credits: 100 }),
    ]);
    const [row] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.orderId, order.id));
    expect(row).toMatchObject({ status: "lost", outcome: "RESOLVED_BUYER_FAVOUR" });
    expect((await orderRow(order.id)).disputeStatus).toBe("lost");
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("reads a thin event's dispute from PayPal, and takes UPDATED with status RESOLVED as a decision", async () => {
    const { order, captureId } = await paidOrder();
    const opened = fake.openDispute(captureId, { withCustom: true });
    expect((await send("CUSTOMER.DISPUTE.CREATED", { dispute_id: opened.dispute_id })).status).toBe(200);
    expect((await orderRow(order.id)).disputeStatus).toBe("open");
    const resolved = fake.resolveDispute(opened.dispute_id, "RESOLVED_SELLER_FAVOUR");
    const thin = { dispute_id: resolved.dispute_id, status: "RESOLVED" };
    expect((await send("CUSTOMER.DISPUTE.UPDATED", thin)).status).toBe(200);
    expect((await orderRow(order.id)).disputeStatus).toBe("won");
  });
});

describe("the PayPal re-check", () => {
  it("finds a refund the webhook never delivered, and the late webhook is then a duplicate", async () => {
    const { user, order, captureId } = await paidOrder();
    const refund = fake.refundAtPaypal(captureId, "5.00");
    let found = false;
    // Other tests' orders are due too; a handful per scan, the longest unchecked first.
    for (let scan = 0; scan < 20 && !found; scan++) {
      await t.app.jobs.paypalRecheck.runOnce();
      found = (await reversalsOf(order.id)).length > 0;
    }
    expect(await reversalsOf(order.id)).toEqual([
      expect.objectContaining({ providerRefundId: refund.id, source: "recheck", amountCents: 500, credits: 50 }),
    ]);
    expect((await orderRow(order.id)).refundsCheckedAt).not.toBeNull();
    expect((await send("PAYMENT.CAPTURE.REFUNDED", refund)).status).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(50);
    // Checked a moment ago: not asked about again on the next scan.
    const checkedAt = (await orderRow(order.id)).refundsCheckedAt;
    await t.app.jobs.paypalRecheck.runOnce();
    expect((await orderRow(order.id)).refundsCheckedAt).toEqual(checkedAt);
  });
});

describe("an admin's refund", () => {
  const refundUrl = (orderId: string) => `/api/admin/payment-orders/${orderId}/refund`;

  it("refunds through PayPal once and the provider's event for it is a duplicate", async () => {
    const { user, order, captureId } = await paidOrder();
    const res = await admin.post(refundUrl(order.id), {
      amount: "2.50",
      reason: "asked by the buyer",
      expectedRefundedCents: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orderId: order.id,
      refundedCents: 250,
      reversedCredits: 25,
      disputeStatus: null,
      credits: 25,
      creditsOwed: 0,
    });
    const calls = fake.refundCalls.filter((c) => c.captureId === captureId);
    expect(calls).toEqual([expect.objectContaining({ status: 201, requestId: `refund-${order.id}-0-250` })]);
    const [reversal] = await reversalsOf(order.id);
    expect(reversal).toMatchObject({ source: "admin", reason: "asked by the buyer" });
    expect(reversal!.adminId).not.toBeNull();
    expect((await orderRow(order.id)).refundClaimedAt).toBeNull();

    // PayPal's own notice of the same refund.
    const paypalRefund = fake.orders.get(order.providerOrderId!)!.purchase_units[0]!.payments!.refunds![0]!;
    expect(paypalRefund.id).toBe(reversal!.providerRefundId);
    expect((await send("PAYMENT.CAPTURE.REFUNDED", paypalRefund)).status).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(75);
    const audits = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, order.id), eq(adminAuditLog.action, "payment.refund")));
    expect(audits).toEqual([expect.objectContaining({ adminId: reversal!.adminId })]);
  });

  it("reverses once when PayPal's event for the admin's refund arrives before PayPal's answer", async () => {
    const { user, order } = await paidOrder();
    const early: number[] = [];
    fake.beforeRefundAnswer = async (refund) => {
      early.push((await send("PAYMENT.CAPTURE.REFUNDED", refund)).status);
    };
    try {
      const res = await admin.post(refundUrl(order.id), {
        amount: "10.00",
        reason: "refund",
        expectedRefundedCents: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refundedCents: 1000, reversedCredits: 100 });
    } finally {
      fake.beforeRefundAnswer = undefined;
    }
    expect(early).toEqual([200]);
    expect(await reversalsOf(order.id)).toEqual([expect.objectContaining({ source: "provider", credits: 100 })]);
    expect((await orderRow(order.id)).refundClaimedAt).toBeNull();
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("makes one provider call and one reversal when two admins refund at once", async () => {
    const { order, captureId } = await paidOrder();
    const other = await signInAdmin(t);
    const body = { amount: "10.00", reason: "double click", expectedRefundedCents: 0 };
    const answers = await Promise.all([admin.post(refundUrl(order.id), body), other.post(refundUrl(order.id), body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/under way|changed since you looked/);
    expect(fake.refundCalls.filter((c) => c.captureId === captureId)).toHaveLength(1);
    expect(await reversalsOf(order.id)).toHaveLength(1);
  });

  it("refuses a stale view (409) and more than is left (400)", async () => {
    const { order } = await paidOrder();
    expect(
      (await admin.post(refundUrl(order.id), { amount: "4.00", reason: "part", expectedRefundedCents: 0 })).statusCode,
    ).toBe(200);
    const stale = await admin.post(refundUrl(order.id), { amount: "1.00", reason: "again", expectedRefundedCents: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you looked/);
    const tooMuch = await admin.post(refundUrl(order.id), {
      amount: "6.01",
      reason: "all",
      expectedRefundedCents: 400,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/at most 6\.00 USD/);
    // A stale view asking for more than is left now is told its view is stale, not that the amount is too much.
    const staleAndTooMuch = await admin.post(refundUrl(order.id), {
      amount: "10.00",
      reason: "double click, late",
      expectedRefundedCents: 0,
    });
    expect(staleAndTooMuch.statusCode).toBe(409);
    expect(staleAndTooMuch.json().message).toMatch(/changed since you looked/);
    const rest = await admin.post(refundUrl(order.id), { amount: "6.00", reason: "rest", expectedRefundedCents: 400 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ refundedCents: 1000, reversedCredits: 100 });
    expect(await reversalsOf(order.id)).toHaveLength(2);
  });

  it("reverses nothing when PayPal refuses, and can be tried again", async () => {
    const { user, order } = await paidOrder();
    fake.setUnavailable(true);
    const failed = await admin.post(refundUrl(order.id), {
      amount: "10.00",
      reason: "refund",
      expectedRefundedCents: 0,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/nothing was taken back/);
    expect(await reversalsOf(order.id)).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ refundClaimedAt: null, refundedCents: 0 });
    expect((await balanceOf(db(), user.id)).credits).toBe(100);
    fake.setUnavailable(false);
    const again = await admin.post(refundUrl(order.id), {
      amount: "10.00",
      reason: "refund",
      expectedRefundedCents: 0,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await reversalsOf(order.id)).toHaveLength(1);
  });

  it("leaves PayPal disputes to PayPal", async () => {
    const { order } = await paidOrder();
    const res = await admin.post(`/api/admin/payment-orders/${order.id}/dispute`, {
      disputeId: "PP-D-1",
      outcome: "won",
      reason: "looked at it",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/PayPal decides/);
  });
});

describe("Creem payments, refunded and disputed by hand", () => {
  async function creemOrder() {
    const u = await userWithCredits(t.app, db(), 0);
    const [order] = await db()
      .insert(paymentOrders)
      .values({
        userId: u.id,
        packageId,
        packageName: PACK.name,
        provider: "creem",
        providerOrderId: `ch_${crypto.randomUUID()}`,
        amount: PACK.price,
        credits: PACK.credits,
        status: "pending",
      })
      .returning();
    await db().transaction((tx) =>
      creditPurchase(tx, order!.id, `ord_${crypto.randomUUID()}`, () => "Creem pack", t.app.mailer),
    );
    return { user: u, order: order! };
  }

  it("records a dashboard refund by hand, and Creem's event for it does not reverse again", async () => {
    const { user, order } = await creemOrder();
    const url = `/api/admin/payment-orders/${order.id}/refund`;
    const unrecorded = await admin.post(url, { amount: "10.00", reason: "refunded", expectedRefundedCents: 0 });
    expect(unrecorded.statusCode).toBe(422);
    expect(unrecorded.json().message).toMatch(/Creem's dashboard first/);
    const recorded = await admin.post(url, {
      amount: "10.00",
      reason: "refunded in Creem",
      expectedRefundedCents: 0,
      recordedByHand: true,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ refundedCents: 1000, reversedCredits: 100, credits: 100 });
    expect(await reversalsOf(order.id)).toEqual([
      expect.objectContaining({ source: "manual", providerRefundId: null }),
    ]);
    // Creem's refund.created for it, as its webhook handling hands it to the ledger.
    const matched = await db().transaction((tx) =>
      reversePayment(tx, {
        orderId: order.id,
        provider: "creem",
        providerRefundId: "ref_dashboard_1",
        kind: "refund",
        amountCents: 1000,
        currency: "USD",
        reason: null,
        source: "provider",
        actor: providerActor("creem"),
      }),
    );
    expect(matched).toEqual({ kind: "matched_manual" });
    expect(await reversalsOf(order.id)).toEqual([
      expect.objectContaining({ source: "manual", providerRefundId: "ref_dashboard_1" }),
    ]);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
  });

  it("decides an open Creem dispute once", async () => {
    const { user, order } = await creemOrder();
    await db().transaction((tx) =>
      openDispute(tx, {
        orderId: order.id,
        provider: "creem",
        providerDisputeId: "disp_hand_1",
        amountCents: 1000,
        currency: "USD",
        reason: "fraudulent",
        actor: providerActor("creem"),
      }),
    );
    const url = `/api/admin/payment-orders/${order.id}/dispute`;
    const unknown = await admin.post(url, { disputeId: "disp_other", outcome: "lost", reason: "lost it" });
    expect(unknown.statusCode).toBe(409);
    const decide = () => admin.post(url, { disputeId: "disp_hand_1", outcome: "lost", reason: "bank decided" });
    const [a, b] = await Promise.all([decide(), decide()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json()).toMatchObject({ disputeStatus: "lost", credits: 100, reversedCredits: 100 });
    expect(await reversalsOf(order.id)).toHaveLength(1);
    expect((await balanceOf(db(), user.id)).credits).toBe(0);
    expect(await paymentHoldOf(db(), user.id)).toEqual({ owed: 0, disputed: false });
  });
});

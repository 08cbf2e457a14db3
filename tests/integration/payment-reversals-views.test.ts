/**
 * What people and admins see of refunds, chargebacks and credits owed (issue 39, decision 0084):
 * the person's stats, the admin's user page, the user list's badge fields and filter (and its CSV
 * export), /history's reversal rows and order states, and the overview's refunds and chargebacks.
 * Orders, refunds and disputes are made through the server's own ledger calls.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview.js";
import type { AdminTransactionsPage } from "../../src/shared/schemas/admin-transactions.js";
import type { AdminUserDetail, AdminUserView } from "../../src/shared/schemas/admin-users.js";
import type { UserStats } from "../../src/shared/payments.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { dispute, paidOrder, refund, spend } from "../helpers/payment-orders.js";
import { createTestApp, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";
import { userWithCredits } from "../helpers/video-app.js";

let t: TestApp;
let admin: Client;
const db = () => t.database.db;

/** Three people: one owes credits (a refund after spending), one has an open dispute, one is fine. */
let owing: Awaited<ReturnType<typeof userWithCredits>>;
let disputed: Awaited<ReturnType<typeof userWithCredits>>;
let fine: Awaited<ReturnType<typeof userWithCredits>>;
let owingOrder: Awaited<ReturnType<typeof paidOrder>>;
let disputedOrder: Awaited<ReturnType<typeof paidOrder>>;
let disputeId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  owing = await userWithCredits(t.app, db(), 0);
  disputed = await userWithCredits(t.app, db(), 0);
  fine = await userWithCredits(t.app, db(), 0);
  // 100 credits for $10.00, 80 spent, then $6.00 refunded: 60 credits back, 20 taken, 40 owed.
  owingOrder = await paidOrder(db(), owing.id, { provider: "creem", amount: "10.00", credits: 100 });
  await spend(db(), owing.id, 80);
  await refund(db(), owingOrder, 600, { reason: "requested_by_customer" });
  // A PayPal order of $20.00 disputed in full; nothing spent.
  disputedOrder = await paidOrder(db(), disputed.id, { provider: "paypal", amount: "20.00", credits: 200 });
  disputeId = await dispute(db(), disputedOrder, 2000);
  await paidOrder(db(), fine.id, { provider: "creem", amount: "5.00", credits: 50 });
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

describe("the person's stats", () => {
  it("say what is owed and why new videos are blocked", async () => {
    const stats = (await owing.client.get("/api/user/stats")).json<UserStats>();
    expect(stats).toMatchObject({ credits: 0, creditsOwed: 40, paymentHold: "credits_owed" });
    const held = (await disputed.client.get("/api/user/stats")).json<UserStats>();
    expect(held).toMatchObject({ credits: 200, creditsOwed: 0, paymentHold: "payment_disputed" });
    const free = (await fine.client.get("/api/user/stats")).json<UserStats>();
    expect(free).toMatchObject({ credits: 50, creditsOwed: 0, paymentHold: null });
  });
});

describe("GET /api/admin/users/:userId", () => {
  it("shows credits owed and each order's refunds", async () => {
    const res = await admin.get(`/api/admin/users/${owing.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AdminUserDetail>();
    expect(page).toMatchObject({ credits: 0, creditsOwed: 40, disputeOpen: false });
    expect(page.paymentOrders).toHaveLength(1);
    expect(page.paymentOrders[0]).toMatchObject({
      id: owingOrder.id,
      provider: "creem",
      status: "completed",
      refundedCents: 600,
      reversedCredits: 60,
      disputeStatus: null,
      disputes: [],
      reversals: [
        {
          kind: "refund",
          amountCents: 600,
          credits: 60,
          creditsTaken: 20,
          creditsOwed: 40,
          reason: "requested_by_customer",
          source: "provider",
        },
      ],
    });
  });

  it("shows an open dispute with its frozen credits", async () => {
    const page = (await admin.get(`/api/admin/users/${disputed.id}`)).json<AdminUserDetail>();
    expect(page).toMatchObject({ creditsOwed: 0, disputeOpen: true });
    expect(page.paymentOrders[0]).toMatchObject({
      refundedCents: 0,
      disputeStatus: "open",
      reversals: [],
      disputes: [
        {
          providerDisputeId: disputeId,
          status: "open",
          amountCents: 2000,
          reason: "fraudulent",
          frozenCredits: 200,
          resolvedAt: null,
        },
      ],
    });
  });
});

describe("GET /api/admin/users", () => {
  it("marks users with payment problems and filters them (payments=problems)", async () => {
    const all = (await admin.get("/api/admin/users?limit=200")).json<AdminUserView[]>();
    const byId = new Map(all.map((u) => [u.id, u]));
    expect(byId.get(owing.id)).toMatchObject({ creditsOwed: 40, disputeOpen: false });
    expect(byId.get(disputed.id)).toMatchObject({ creditsOwed: 0, disputeOpen: true });
    expect(byId.get(fine.id)).toMatchObject({ creditsOwed: 0, disputeOpen: false });

    const res = await admin.get("/api/admin/users?payments=problems");
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json<AdminUserView[]>()
        .map((u) => u.id)
        .sort(),
    ).toEqual([owing.id, disputed.id].sort());
    expect(res.headers["x-total-count"]).toBe("2");
  });

  it("refuses an unknown payments filter", async () => {
    const res = await admin.get("/api/admin/users?payments=bogus");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("payments must be one of: problems");
  });

  it("exports only users with payment problems when the filter is set", async () => {
    const res = await admin.get("/api/admin/exports/users.csv?payments=problems");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.body;
    expect(body).toContain(owing.username);
    expect(body).toContain(disputed.username);
    expect(body).not.toContain(fine.username);
  });
});

describe("GET /api/admin/transactions", () => {
  it("lists reversal rows under their type, and purchase rows carry their order's state", async () => {
    const res = await admin.get(`/api/admin/transactions?type=reversal&userId=${owing.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AdminTransactionsPage>();
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ type: "reversal", amount: -20, paymentOrder: { id: owingOrder.id } });
    expect(page.data[0]!.description).toContain("requested_by_customer");

    const purchases = (
      await admin.get(`/api/admin/transactions?type=purchase&userId=${disputed.id}`)
    ).json<AdminTransactionsPage>();
    expect(purchases.data[0]!.paymentOrder).toEqual({
      id: disputedOrder.id,
      provider: "paypal",
      packageName: "Starter",
      amount: "20.00",
      currency: "USD",
      status: "completed",
      refundedCents: 0,
      reversedCredits: 0,
      disputeStatus: "open",
    });
    const usage = (
      await admin.get(`/api/admin/transactions?type=usage&userId=${owing.id}`)
    ).json<AdminTransactionsPage>();
    expect(usage.data[0]!.paymentOrder).toBeNull();
  });
});

describe("GET /api/admin/overview", () => {
  it("counts refunds, chargebacks and disputes by provider against sales", async () => {
    const res = await admin.get("/api/admin/overview?range=today");
    expect(res.statusCode, res.body).toBe(200);
    const { reversals } = res.json<AdminOverview>();
    expect(reversals.openDisputes).toBe(1);
    const creem = reversals.byProvider.find((r) => r.provider === "creem" && r.currency === "USD");
    const paypal = reversals.byProvider.find((r) => r.provider === "paypal" && r.currency === "USD");
    // Creem sold $15.00 (10 + 5) and refunded $6.00.
    expect(creem).toEqual({
      provider: "creem",
      currency: "USD",
      refunds: 1,
      refundedAmount: "6.00",
      chargebacks: 0,
      chargebackAmount: "0.00",
      disputesOpened: 0,
      salesAmount: "15.00",
      rate: 0.4,
    });
    expect(paypal).toEqual({
      provider: "paypal",
      currency: "USD",
      refunds: 0,
      refundedAmount: "0.00",
      chargebacks: 0,
      chargebackAmount: "0.00",
      disputesOpened: 1,
      salesAmount: "20.00",
      rate: 0,
    });
  });

  it("counts a lost chargeback, and nothing from before the range", async () => {
    const someone = await userWithCredits(t.app, db(), 0);
    const order = await paidOrder(db(), someone.id, { provider: "paypal", amount: "4.00", credits: 40 });
    await refund(db(), order, 400, { kind: "chargeback", reason: "fraudulent" });
    const { reversals } = (await admin.get("/api/admin/overview?range=7d")).json<AdminOverview>();
    const paypal = reversals.byProvider.find((r) => r.provider === "paypal" && r.currency === "USD");
    expect(paypal).toMatchObject({
      chargebacks: 1,
      chargebackAmount: "4.00",
      salesAmount: "24.00",
      rate: 4 / 24,
    });
  });
});

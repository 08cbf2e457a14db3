/**
 * The referral programme (issue 70, decision 0157), tried as a farmer would: a link's visit sealed
 * in a cookie, sign-ups inside and outside its window, look-alikes of the referrer refused (the
 * same person, mailbox, network or payer), no chains, the referred person's bonus once however many
 * verifications race, the referrer's share held then granted once by parallel sweeps, its cap and
 * months, refunds and chargebacks before and after the release (partial ones too), and the
 * programme turned off. The ledger balances after every test.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  adminSettings,
  paymentOrders,
  referralRewards,
  referrals,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { reversePayment } from "../../src/server/features/payments/reversals.js";
import { attributeSignUp } from "../../src/server/features/referrals/attribution.js";
import { grantRefereeBonus } from "../../src/server/features/referrals/referee-bonus.js";
import { REFERRAL_COOKIE } from "../../src/server/features/referrals/referral-cookie.js";
import { readReferralSettings } from "../../src/server/features/referrals/referral-settings.js";
import { releaseReward } from "../../src/server/features/referrals/rewards.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { mailingApp, newAddress, receive, tokenIn } from "../helpers/mail-links.js";
import { Client, signInAdmin, uniqueName, type TestApp } from "../helpers/test-app.js";

const DAY = 24 * 60 * 60 * 1000;
let smtp: SmtpFake;
let t: TestApp;
const db = () => t.database.db;
let net = 0;

beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t } = await mailingApp(smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.clear();
  await db().update(adminSettings).set({
    referralEnabled: true,
    referralRefereeCredits: 100,
    referralRefereeDays: 30,
    referralSharePercent: 10,
    referralMonths: 12,
    referralCapCredits: 2000,
    referralHoldHours: 168,
    referralAttributionDays: 30,
    creditValueUsd: "0.1000",
  });
});
afterEach(() => expectLedgerBalanced(db()));

/** A client address on a network of its own (198.18.N.x). */
const freshAddress = () => `198.18.${++net % 250}.${10 + (net % 200)}`;

/** A referrer: signed in from their own network, with their code. */
async function referrer(email = newAddress("referrer")) {
  const username = uniqueName("rr");
  const client = new Client(t.app, `203.0.${++net % 250}.7`);
  expect((await client.post("/api/auth/register", { username, password: "password123", email })).statusCode).toBe(201);
  expect((await client.post("/api/auth/login", { username, password: "password123" })).statusCode).toBe(200);
  const mine = await client.get("/api/referrals");
  expect(mine.statusCode, mine.body).toBe(200);
  const body = mine.json<{ code: string; link: string }>();
  const [row] = await db().select().from(users).where(eq(users.username, username));
  return { id: row!.id, client, code: body.code, link: body.link, address: client.remoteAddress, email };
}

/** Follows a link: the sealed cookie's value, if one was set. */
async function visit(code: string, remoteAddress = freshAddress()) {
  const res = await t.app.inject({ method: "GET", url: `/r/${code}`, remoteAddress });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe("/");
  return res.cookies.find((c) => c.name === REFERRAL_COOKIE && c.value)?.value;
}

/** Registers from `remoteAddress` carrying the cookie; the new user's id. */
async function register(opts: { cookie?: string; remoteAddress?: string; email?: string } = {}) {
  const username = uniqueName("re");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: opts.remoteAddress ?? freshAddress(),
    headers: opts.cookie ? { cookie: `${REFERRAL_COOKIE}=${encodeURIComponent(opts.cookie)}` } : {},
    payload: { username, password: "password123", email: opts.email ?? newAddress("referee") },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await db().select().from(users).where(eq(users.username, username));
  return row!;
}

const referralOf = async (refereeId: string) =>
  (await db().select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0];

const balance = async (userId: string) =>
  (await db().select({ credits: users.credits, owed: users.creditsOwed }).from(users).where(eq(users.id, userId)))[0]!;

/** A referred person verified (their bonus given), ready to pay. */
async function verifiedReferee(code: string) {
  const referee = await register({ cookie: await visit(code) });
  const settings = await readSettingsFromDatabase(db(), t.secretBox);
  await db().transaction((tx) => grantRefereeBonus(tx, settings, { userId: referee.id, email: referee.email! }));
  expect((await referralOf(referee.id))?.status).toBe("verified");
  return referee;
}

/** A completed payment of `amount` USD by `userId`, credited as the providers' settle paths do. */
async function pay(userId: string, amount = "20.00", payerKey: string | null = null) {
  const [order] = await db()
    .insert(paymentOrders)
    .values({ userId, packageName: "Pack", provider: "creem", amount, currency: "USD", credits: 200, payerKey })
    .returning();
  await db().transaction((tx) =>
    creditPurchase(tx, order!.id, `pay_${order!.id}`, () => "Purchased Pack", t.app.mailer),
  );
  return order!;
}

const rewardOf = async (orderId: string) =>
  (await db().select().from(referralRewards).where(eq(referralRewards.orderId, orderId)))[0];

/** Makes every held reward of this referrer due now. */
const makeDue = (referrerId: string) =>
  db()
    .update(referralRewards)
    .set({ releaseAt: new Date(Date.now() - 1000) })
    .where(and(eq(referralRewards.status, "held"), eq(referralRewards.referrerId, referrerId)));

const refund = (
  orderId: string,
  amountCents: number,
  id = crypto.randomUUID(),
  kind: "refund" | "chargeback" = "refund",
) =>
  db().transaction((tx) =>
    reversePayment(tx, {
      orderId,
      provider: "creem",
      providerRefundId: `ref_${id}`,
      kind,
      amountCents,
      currency: "USD",
      reason: null,
      source: "provider",
      actor: { adminId: null, adminUsername: "Creem", ip: null },
    }),
  );

const referralCredits = async (userId: string) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.type, "referral")))
    )[0]?.n,
  );

describe("the link", () => {
  it("is made once however many ask at once, and has no ambiguous characters", async () => {
    const r = await referrer();
    expect(r.code).toMatch(/^[2-9A-HJKMNP-TW-Z]{8}$/);
    expect(r.link).toBe(`${t.config.publicUrl}/r/${r.code}`);
    const [other] = await db()
      .insert(users)
      .values({ username: uniqueName("par"), password: "x" })
      .returning({ id: users.id });
    const client = new Client(t.app);
    client.sessionCookie = undefined;
    const { ensureReferralCode } = await import("../../src/server/features/referrals/referral-code.js");
    const codes = await Promise.all(Array.from({ length: 8 }, () => ensureReferralCode(db(), other!.id)));
    expect(new Set(codes).size).toBe(1);
  });

  it("remembers a visit of a known code in a sealed cookie, in any letter case; an unknown code only redirects", async () => {
    const r = await referrer();
    const sealed = await visit(r.code.toLowerCase());
    expect(sealed).toBeTruthy();
    expect(sealed).not.toContain(r.code);
    expect(await visit("ZZZZZZZZ")).toBeUndefined();
    expect(await visit("not-a-code")).toBeUndefined();
  });
});

describe("a sign-up through a link", () => {
  it("is the referrer's inside the window, and nobody's outside it or with a forged cookie", async () => {
    const r = await referrer();
    const inside = await register({ cookie: await visit(r.code) });
    expect(await referralOf(inside.id)).toMatchObject({ referrerId: r.id, status: "joined", refusedReason: null });
    const old = t.secretBox.encrypt(JSON.stringify({ kind: "referral", code: r.code, at: Date.now() - 31 * DAY }));
    const outside = await register({ cookie: old });
    expect(await referralOf(outside.id)).toBeUndefined();
    // The admin's window: 60 days take the same visit in.
    await db().update(adminSettings).set({ referralAttributionDays: 60 });
    const longer = await register({ cookie: old });
    expect((await referralOf(longer.id))?.referrerId).toBe(r.id);
    const forged = await register({ cookie: `v1:${Buffer.from(JSON.stringify({ code: r.code })).toString("base64")}` });
    expect(await referralOf(forged.id)).toBeUndefined();
    const mine = (await r.client.get("/api/referrals")).json<{ joined: number }>();
    expect(mine.joined).toBe(2);
  });

  it("refuses look-alikes of the referrer: the same mailbox, the same network, a blocked referrer, the same person", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const r = await referrer(`ann.lee.${tag}@gmail.com`);
    const lookAlike = await register({ cookie: await visit(r.code), email: `annlee${tag}+promo@googlemail.com` });
    expect(await referralOf(lookAlike.id)).toMatchObject({ status: "refused", refusedReason: "same_mailbox" });
    // The referrer's own network (their sign-in's /24).
    const sameNet = r.address.replace(/\.\d+$/, ".99");
    const neighbour = await register({ cookie: await visit(r.code, sameNet), remoteAddress: sameNet });
    expect(await referralOf(neighbour.id)).toMatchObject({ status: "refused", refusedReason: "same_network" });
    // A refused referral earns nothing: no bonus, no reward.
    const settings = await readSettingsFromDatabase(db(), t.secretBox);
    expect(
      await db().transaction((tx) =>
        grantRefereeBonus(tx, settings, { userId: neighbour.id, email: neighbour.email! }),
      ),
    ).toEqual({ kind: "already" });
    const order = await pay(neighbour.id);
    expect(await rewardOf(order.id)).toBeUndefined();
    // Blocked after the visit.
    const cookie = await visit(r.code);
    await db().update(users).set({ isActive: false }).where(eq(users.id, r.id));
    const late = await register({ cookie });
    expect(await referralOf(late.id)).toMatchObject({ status: "refused", refusedReason: "referrer_inactive" });
    await db().update(users).set({ isActive: true }).where(eq(users.id, r.id));
    // The same person: nothing recorded.
    const outcome = await attributeSignUp(db(), await readReferralSettings(db()), {
      userId: r.id,
      clientAddress: freshAddress(),
      visit: { code: r.code, visitedAt: new Date() },
    });
    expect(outcome).toEqual({ kind: "same_person" });
  });

  it("has no chains and no second referrer: only the direct referrer earns", async () => {
    const a = await referrer();
    const b = await verifiedReferee(a.code);
    const bCode = (await db().select({ code: users.referralCode }).from(users).where(eq(users.id, b.id)))[0]?.code;
    expect(bCode).toBeNull();
    const { ensureReferralCode } = await import("../../src/server/features/referrals/referral-code.js");
    const code = await ensureReferralCode(db(), b.id);
    const c = await verifiedReferee(code);
    const order = await pay(c.id);
    expect(await rewardOf(order.id)).toMatchObject({ referrerId: b.id, credits: 20 });
    expect(await db().select().from(referralRewards).where(eq(referralRewards.referrerId, a.id))).toEqual([]);
    // B cannot be referred again by someone else.
    const other = await referrer();
    const again = await attributeSignUp(db(), await readReferralSettings(db()), {
      userId: b.id,
      clientAddress: freshAddress(),
      visit: { code: other.code, visitedAt: new Date(Date.now() - 1000) },
    });
    expect(["already", "not_new"]).toContain(again.kind);
    expect((await referralOf(b.id))?.referrerId).toBe(a.id);
  });
});

describe("the referred person's bonus", () => {
  it("comes once their address is confirmed through the mailed link, as a lot that expires", async () => {
    const r = await referrer();
    const email = newAddress("bonus");
    const referee = await register({ cookie: await visit(r.code), email });
    expect((await balance(referee.id)).credits).toBe(0);
    const token = tokenIn(await receive(t, smtp, email, "Confirm your e-mail address"), "/verify-email");
    const confirmed = await new Client(t.app).post("/api/auth/verify-email", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, referee.id), eq(transactions.type, "referral")));
    expect(row).toMatchObject({ amount: 100 });
    const days = (row!.expiresAt!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(await referralOf(referee.id)).toMatchObject({
      status: "verified",
      bonusCredits: 100,
      bonusTransactionId: row!.id,
    });
  });

  it("is given once under ten parallel verifications, and never to a throwaway address", async () => {
    const r = await referrer();
    const referee = await register({ cookie: await visit(r.code) });
    const settings = await readSettingsFromDatabase(db(), t.secretBox);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().transaction((tx) => grantRefereeBonus(tx, settings, { userId: referee.id, email: referee.email! })),
      ),
    );
    expect(outcomes.filter((o) => o.kind === "granted")).toHaveLength(1);
    expect(await referralCredits(referee.id)).toBe(100);
    const throwaway = await register({ cookie: await visit(r.code) });
    expect(
      await db().transaction((tx) =>
        grantRefereeBonus(tx, settings, { userId: throwaway.id, email: "x@mailinator.com" }),
      ),
    ).toEqual({ kind: "refused" });
    expect(await referralOf(throwaway.id)).toMatchObject({ status: "refused", refusedReason: "throwaway" });
    expect(await referralCredits(throwaway.id)).toBe(0);
  });
});

describe("the referrer's share", () => {
  it("is held after a payment, then granted once by two sweeps at once", async () => {
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    const order = await pay(referee.id, "20.00");
    const held = await rewardOf(order.id);
    // $20 × 10 % at $0.10 a credit.
    expect(held).toMatchObject({ status: "held", credits: 20, paidCents: 2000 });
    const hours = (held!.releaseAt.getTime() - Date.now()) / (60 * 60 * 1000);
    expect(hours).toBeGreaterThan(167.9);
    expect(hours).toBeLessThanOrEqual(168);
    // Not due yet: the sweep grants nothing.
    expect(await t.app.jobs.referralRewards.runOnce()).toBe(0);
    let mine = (await r.client.get("/api/referrals")).json<{
      heldCredits: number;
      earnedCredits: number;
      bought: number;
    }>();
    expect(mine).toMatchObject({ heldCredits: 20, earnedCredits: 0, bought: 1 });
    await makeDue(r.id);
    const swept = await Promise.all([t.app.jobs.referralRewards.runOnce(), t.app.jobs.referralRewards.runOnce()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(20);
    expect(await releaseReward(db(), held!.id)).toEqual({ kind: "not_due" });
    expect((await balance(r.id)).credits).toBe(20);
    expect(await referralCredits(r.id)).toBe(20);
    expect(await rewardOf(order.id)).toMatchObject({ status: "granted" });
    mine = (await r.client.get("/api/referrals")).json();
    expect(mine).toMatchObject({ heldCredits: 0, earnedCredits: 20 });
    // A due reward is granted when its owner looks, before the job's next pass, and still once.
    const later = await pay(referee.id, "10.00");
    await makeDue(r.id);
    const looks = await Promise.all([r.client.get("/api/referrals"), t.app.jobs.referralRewards.runOnce()]);
    expect(looks[0].statusCode).toBe(200);
    expect(await rewardOf(later.id)).toMatchObject({ status: "granted", credits: 10 });
    mine = (await r.client.get("/api/referrals")).json();
    expect(mine).toMatchObject({ heldCredits: 0, earnedCredits: 30 });
    expect(await referralCredits(r.id)).toBe(30);
  });

  it("is capped per referred person and earned only for the months after joining", async () => {
    await db().update(adminSettings).set({ referralCapCredits: 25 });
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    const first = await pay(referee.id, "20.00");
    const second = await pay(referee.id, "20.00");
    const third = await pay(referee.id, "20.00");
    expect((await rewardOf(first.id))?.credits).toBe(20);
    expect((await rewardOf(second.id))?.credits).toBe(5);
    expect(await rewardOf(third.id)).toBeUndefined();
    // Thirteen months after joining, with a 12-month window: nothing.
    const other = await verifiedReferee(r.code);
    await db()
      .update(referrals)
      .set({ createdAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(referrals.refereeId, other.id));
    expect(await rewardOf((await pay(other.id)).id)).toBeUndefined();
    // A payment before the address is verified earns nothing.
    const unverified = await register({ cookie: await visit(r.code) });
    expect(await rewardOf((await pay(unverified.id)).id)).toBeUndefined();
  });

  it("earns nothing, and refuses the referral, when the referrer's own payment identity pays", async () => {
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    await pay(r.id, "10.00", "cust_same");
    const order = await pay(referee.id, "20.00", "cust_same");
    expect(await rewardOf(order.id)).toBeUndefined();
    expect(await referralOf(referee.id)).toMatchObject({ status: "refused", refusedReason: "same_payer" });
    // Another payer's earlier held reward is cancelled with it.
    const r2 = await referrer();
    const referee2 = await verifiedReferee(r2.code);
    const earlier = await pay(referee2.id, "20.00", "cust_friend");
    await pay(r2.id, "10.00", "cust_friend");
    await makeDue(r2.id);
    await t.app.jobs.referralRewards.runOnce();
    expect(await rewardOf(earlier.id)).toMatchObject({ status: "cancelled" });
    expect(await referralCredits(r2.id)).toBe(0);
  });
});

describe("a refund or chargeback of the payment that earned it", () => {
  it("before the release: a full refund cancels the reward, a partial one keeps the rest", async () => {
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    const full = await pay(referee.id, "20.00");
    const partial = await pay(referee.id, "20.00");
    await refund(full.id, 2000);
    expect(await rewardOf(full.id)).toMatchObject({ status: "cancelled", reversedCredits: 20 });
    await refund(partial.id, 500);
    expect(await rewardOf(partial.id)).toMatchObject({ status: "held", reversedCredits: 5 });
    await makeDue(r.id);
    expect(await t.app.jobs.referralRewards.runOnce()).toBe(15);
    expect(await referralCredits(r.id)).toBe(15);
    // The rest refunded after the release: taken back, exactly to zero.
    await refund(partial.id, 1500);
    expect(await rewardOf(partial.id)).toMatchObject({ status: "reversed", reversedCredits: 20 });
    expect(await referralCredits(r.id)).toBe(0);
    expect(await balance(r.id)).toEqual({ credits: 0, owed: 0 });
  });

  it("after the release: taken back from the balance, what it cannot pay owed; a chargeback too", async () => {
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    const order = await pay(referee.id, "40.00");
    await makeDue(r.id);
    await t.app.jobs.referralRewards.runOnce();
    expect((await balance(r.id)).credits).toBe(40);
    // The referrer spends 30 of them.
    await db().transaction(async (tx) => {
      await tx
        .update(users)
        .set({ credits: sql`${users.credits} - 30` })
        .where(eq(users.id, r.id));
      await tx.insert(transactions).values({ userId: r.id, type: "usage", amount: -30, description: "videos" });
    });
    await refund(order.id, 4000, undefined, "chargeback");
    expect(await rewardOf(order.id)).toMatchObject({ status: "reversed", reversedCredits: 40 });
    expect(await balance(r.id)).toEqual({ credits: 0, owed: 30 });
    // Told twice: nothing more.
    await refund(order.id, 4000, undefined, "chargeback");
    expect(await balance(r.id)).toEqual({ credits: 0, owed: 30 });
  });

  it("ends with exactly the right credits in both orders when the release and the refund race", async () => {
    for (let round = 0; round < 4; round++) {
      const r = await referrer();
      const referee = await verifiedReferee(r.code);
      const order = await pay(referee.id, "20.00");
      await makeDue(r.id);
      const reward = await rewardOf(order.id);
      const refundFirst = round % 2 === 0;
      const steps = [() => releaseReward(db(), reward!.id), () => refund(order.id, 1000)];
      if (refundFirst) steps.reverse();
      await Promise.all(steps.map((s) => s()));
      // Half the payment refunded, whichever came first: 10 of the 20 credits kept.
      expect(await referralCredits(r.id)).toBe(10);
      expect((await balance(r.id)).credits).toBe(10);
      expect(await rewardOf(order.id)).toMatchObject({ status: "granted", reversedCredits: 10 });
    }
  });
});

describe("the programme turned off", () => {
  it("remembers no visit, refers nobody, gives no bonus and earns no share; the person's view says off", async () => {
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    const cookie = await visit(r.code);
    await db().update(adminSettings).set({ referralEnabled: false });
    expect(await visit(r.code)).toBeUndefined();
    const late = await register({ cookie });
    expect(await referralOf(late.id)).toBeUndefined();
    expect(await rewardOf((await pay(referee.id)).id)).toBeUndefined();
    const mine = (await r.client.get("/api/referrals")).json<{ enabled: boolean; link: string | null }>();
    expect(mine).toMatchObject({ enabled: false, link: null });
  });
});

describe("the admin", () => {
  it("sets every number and sees the figures, on the overview and on a user's page", async () => {
    const admin = await signInAdmin(t);
    const saved = await admin.put("/api/admin/settings/referrals", {
      referralEnabled: true,
      referralSharePercent: "15",
      referralHoldHours: 24,
      referralCapCredits: 500,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      settings: { referralSharePercent: 15, referralHoldHours: 24, referralCapCredits: 500 },
    });
    const refused = await admin.put("/api/admin/settings/referrals", { referralHoldHours: 12 });
    expect(refused.statusCode).toBe(400);
    const r = await referrer();
    const referee = await verifiedReferee(r.code);
    await pay(referee.id, "20.00");
    const summary = await admin.get("/api/admin/referrals?days=30");
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ enabled: true, days: 30 });
    expect(summary.json<{ signUps: number; buyers: number; creditsHeld: number }>().signUps).toBeGreaterThan(0);
    const page = await admin.get(`/api/admin/users/${r.id}/referrals`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ code: r.code, referredCount: 1, rewards: [{ credits: 30, status: "held" }] });
    const theirs = await admin.get(`/api/admin/users/${referee.id}/referrals`);
    expect(theirs.json()).toMatchObject({ referredBy: { userId: r.id, status: "verified", bonusCredits: 100 } });
    expect((await admin.get("/api/admin/users/nobody/referrals")).statusCode).toBe(404);
  });
});

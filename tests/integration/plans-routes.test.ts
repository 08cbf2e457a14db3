/**
 * The plans' routes (issue 69, decision 0152) apart from any provider: the admin's catalogue, the
 * plans on sale, a person's plan as they and the admin read it, and every refusal of the actions
 * in the person's words. Creem and PayPal themselves: subscriptions-creem / subscriptions-paypal.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { plans, subscriptions, users } from "../../src/server/db/schema.js";
import { Mailer } from "../../src/server/features/mail/outbox.js";
import { grantPlanPayment } from "../../src/server/features/subscriptions/plan-grants.js";
import { addMonths } from "../../src/server/features/subscriptions/periods.js";
import { inFlightOf } from "../../src/server/features/videos/in-flight.js";
import type { AdminPlanView, MySubscription, PlanView } from "../../src/shared/schemas/plans.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, signUp, type Client, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
const mailer = new Mailer({ publicUrl: "http://localhost:3000", unsubscribeKey: "test-unsubscribe-key" });
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  // Margins are tested apart (the below-cost case here); the rest saves plans without a question.
  await makingCostsNextToNothing(db());
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t.close());

const PRO = { name: "Pro", monthlyPrice: "19.00", yearlyPrice: "190.00", creditsPerMonth: 100, rolloverCap: 50 };

async function person() {
  const { client, username } = await signUp(t.app);
  const [row] = await db().select().from(users).where(eq(users.username, username));
  return { client, id: row!.id };
}

/** A live plan as a first payment leaves it: active, its period's credits granted. */
async function subscribedTo(planId: string, userId: string, status = "active") {
  const [plan] = await db().select().from(plans).where(eq(plans.id, planId));
  const start = new Date();
  const end = addMonths(start, 1);
  const [sub] = await db()
    .insert(subscriptions)
    .values({
      userId,
      planId,
      interval: "month",
      provider: "creem",
      providerSubscriptionId: `sub_${userId}`,
      planName: plan!.name,
      price: plan!.monthlyPrice!,
      creditsPerMonth: plan!.creditsPerMonth,
      rolloverCap: plan!.rolloverCap,
      status,
      currentPeriodStart: start,
      currentPeriodEnd: end,
    })
    .returning();
  await db().transaction((tx) =>
    grantPlanPayment(
      tx,
      {
        subscriptionId: sub!.id,
        periodKey: `${sub!.id}|1`,
        periodStart: start,
        periodEnd: end,
        amount: plan!.monthlyPrice!,
        currency: "USD",
        providerPaymentId: `ord_${sub!.id}`,
      },
      mailer,
    ),
  );
  return sub!;
}

describe("the admin's catalogue", () => {
  it("adds a plan, lists it on sale cheapest first, and refuses what is not a plan in words", async () => {
    const made = await admin.post("/api/admin/plans", { ...PRO, perks: { commercialUse: true } });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json<AdminPlanView>();
    expect(plan).toMatchObject({ ...PRO, yearlyGrant: "monthly", isActive: true, subscribers: 0 });
    expect(plan.perks).toEqual({ commercialUse: true, apiAccess: false, videosAtOnce: null, models: [] });
    const cheap = await admin.post("/api/admin/plans", { name: "Starter", yearlyPrice: "60", creditsPerMonth: 50 });
    expect(cheap.statusCode, cheap.body).toBe(201);

    const onSale = (await t.app.inject({ url: "/api/plans" })).json<PlanView[]>();
    const names = onSale.map((p) => p.name);
    expect(names.indexOf("Starter")).toBeLessThan(names.indexOf("Pro"));
    // No provider is set up in this app: nothing can take the payment yet.
    expect(onSale.find((p) => p.name === "Pro")!.providers).toEqual({ month: [], year: [] });
    expect(JSON.stringify(onSale)).not.toContain("creemProduct");

    const noPrice = await admin.post("/api/admin/plans", { name: "Free?", creditsPerMonth: 10 });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().message).toContain("Give a monthly price, a yearly price, or both");
    const noCredits = await admin.post("/api/admin/plans", { name: "Empty", monthlyPrice: "5", creditsPerMonth: 0 });
    expect(noCredits.statusCode).toBe(400);
    expect(noCredits.json().message).toContain("Credits per month must be a whole number");
  });

  it("refuses a plan whose credits would sell below cost unless the save confirms it", async () => {
    const body = { name: "Giveaway", monthlyPrice: "1.00", creditsPerMonth: 1_000_000 };
    const refused = await admin.post("/api/admin/plans", body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe("prices_below_cost");
    const confirmed = await admin.post("/api/admin/plans", { ...body, confirmBelowCost: true, isActive: false });
    expect(confirmed.statusCode).toBe(201);
  });

  it("changes a plan for new subscribers only, and only takes it off sale once someone subscribed", async () => {
    const plan = (await admin.post("/api/admin/plans", { ...PRO, name: "Changing" })).json<AdminPlanView>();
    const p = await person();
    await subscribedTo(plan.id, p.id);
    const changed = await admin.put(`/api/admin/plans/${plan.id}`, {
      ...PRO,
      name: "Changing",
      monthlyPrice: "29.00",
      creditsPerMonth: 500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ monthlyPrice: "29.00", subscribers: 1 });
    const mine = (await p.client.get("/api/subscription")).json<MySubscription>();
    expect(mine.subscription).toMatchObject({ price: "19.00", creditsPerMonth: 100 });

    const removed = await admin.delete(`/api/admin/plans/${plan.id}`);
    expect(removed.json()).toMatchObject({ deactivated: true });
    const unused = (await admin.post("/api/admin/plans", { ...PRO, name: "Unused" })).json<AdminPlanView>();
    expect((await admin.delete(`/api/admin/plans/${unused.id}`)).json()).toMatchObject({ deactivated: false });
    expect((await db().select().from(plans).where(eq(plans.id, unused.id))).length).toBe(0);
    expect((await admin.put(`/api/admin/plans/${unused.id}`, PRO)).statusCode).toBe(404);
  });
});

describe("a person's plan", () => {
  it("shows the plan, its renewal and its credits beside the other credits, adding up to the balance", async () => {
    const plan = (await admin.post("/api/admin/plans", { ...PRO, name: "Shown" })).json<AdminPlanView>();
    const p = await person();
    await db().execute(sql`update users set credits = credits + 40 where id = ${p.id}`);
    await db().execute(
      sql`insert into transactions (user_id, type, amount, description) values (${p.id}, 'adjustment', 40, 'bought before')`,
    );
    const sub = await subscribedTo(plan.id, p.id);
    const mine = (await p.client.get("/api/subscription")).json<MySubscription>();
    expect(mine.subscription).toMatchObject({
      planName: "Shown",
      status: "active",
      cancelAtPeriodEnd: false,
      planCredits: { remaining: 100, expiresAt: sub.currentPeriodEnd!.toISOString() },
      nextRenewal: { at: sub.currentPeriodEnd!.toISOString(), amount: "19.00" },
    });
    expect(mine.otherCredits).toBe(40);
    const me = (await p.client.get("/api/auth/current-user")).json();
    expect(mine.subscription!.planCredits.remaining + mine.otherCredits).toBe(me.user?.credits ?? me.credits);

    // The admin reads the same plan on the person's page.
    const detail = (await admin.get(`/api/admin/users/${p.id}`)).json();
    expect(detail.plan).toMatchObject({ planName: "Shown", planCredits: { remaining: 100 } });
  });

  it("has nothing to show, cancel, undo or change without a plan, and says so in the person's words", async () => {
    const p = await person();
    expect((await p.client.get("/api/subscription")).json()).toEqual({ subscription: null, otherCredits: 0 });
    for (const [method, url] of [
      ["post", "/api/subscription/cancel"],
      ["post", "/api/subscription/resume"],
      ["get", "/api/subscription/portal"],
    ] as const) {
      const res = await p.client[method](url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().reason, url).toBe("no_plan");
    }
  });

  it("refuses a second plan, a past-due plan's new checkout, and a plan not on sale", async () => {
    const plan = (await admin.post("/api/admin/plans", { ...PRO, name: "Only one" })).json<AdminPlanView>();
    const p = await person();
    const checkout = (planId: string, interval = "month") =>
      p.client.post("/api/subscription/checkout", { planId, interval, provider: "creem" });
    // Nobody can take the payment in this app: said before anything is made.
    const unsellable = await checkout(plan.id);
    expect(unsellable.statusCode).toBe(400);
    expect(unsellable.json().reason).toBe("plan_provider_unavailable");
    const off = (
      await admin.post("/api/admin/plans", { ...PRO, name: "Off sale", isActive: false })
    ).json<AdminPlanView>();
    expect((await checkout(off.id)).json().reason).toBe("plan_unavailable");
    const monthlyOnly = (
      await admin.post("/api/admin/plans", { name: "Monthly only", monthlyPrice: "5", creditsPerMonth: 5 })
    ).json<AdminPlanView>();
    expect((await checkout(monthlyOnly.id, "year")).json().reason).toBe("plan_unavailable");

    const sub = await subscribedTo(plan.id, p.id);
    const second = await checkout(plan.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().reason).toBe("plan_already_live");
    await db().update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.id, sub.id));
    const pastDue = await checkout(plan.id);
    expect(pastDue.statusCode).toBe(409);
    expect(pastDue.json().reason).toBe("plan_past_due");
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, p.id))).toHaveLength(1);
  });

  it("refuses cancelling twice, undoing what was not cancelled, and changing to the same plan", async () => {
    const plan = (await admin.post("/api/admin/plans", { ...PRO, name: "Steady" })).json<AdminPlanView>();
    const p = await person();
    const sub = await subscribedTo(plan.id, p.id);
    const undo = await p.client.post("/api/subscription/resume");
    expect(undo.statusCode).toBe(409);
    expect(undo.json().reason).toBe("plan_not_cancelling");
    const same = await p.client.post("/api/subscription/change", { planId: plan.id, interval: "month" });
    expect(same.json().reason).toBe("plan_same");
    await db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
    const twice = await p.client.post("/api/subscription/cancel");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe("plan_already_cancelling");
    // Cancelling: no renewal is shown.
    expect((await p.client.get("/api/subscription")).json().subscription.nextRenewal).toBeNull();
  });

  it("lets a plan's videos-at-once perk raise the fair-use limit while the plan is live", async () => {
    const plan = (
      await admin.post("/api/admin/plans", { ...PRO, name: "Busy", perks: { videosAtOnce: 8 } })
    ).json<AdminPlanView>();
    const p = await person();
    expect((await inFlightOf(db(), p.id)).default).toBe(5);
    const sub = await subscribedTo(plan.id, p.id);
    expect((await inFlightOf(db(), p.id)).default).toBe(8);
    // A perk below the site's limit never lowers it; an ended plan gives nothing.
    await db().update(subscriptions).set({ status: "ended" }).where(eq(subscriptions.id, sub.id));
    expect((await inFlightOf(db(), p.id)).default).toBe(5);
  });

  it("never shows another person's plan", async () => {
    const plan = (await admin.post("/api/admin/plans", { ...PRO, name: "Private" })).json<AdminPlanView>();
    const owner = await person();
    await subscribedTo(plan.id, owner.id);
    const other = await person();
    expect((await other.client.get("/api/subscription")).json().subscription).toBeNull();
    expect((await other.client.post("/api/subscription/cancel")).statusCode).toBe(404);
  });
});

/**
 * Plans (issue 69, decision 0152): GET /api/plans (public), a person's plan and its actions under
 * /api/subscription, and the admin's catalogue under /api/admin/plans. The routes ask the plan's
 * provider (provider.ts); the plan's state moves when the provider reports it.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { adminPlansApi } from "../../../shared/api/admin-plans.js";
import { plansApi } from "../../../shared/api/plans.js";
import type { PlanBody } from "../../../shared/schemas/plans.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Db } from "../../db/connect.js";
import { subscriptions, users } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireUser } from "../../http/session-auth.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import type { Settings } from "../settings/service.js";
import { belowCostError, packageLosses } from "../packages/sales-check.js";
import { eq } from "drizzle-orm";
import { livePlanOf } from "./lifecycle.js";
import { mySubscription, subscriptionView } from "./my-plan.js";
import { endFailedCheckout, insertPendingSubscription } from "./plan-discount.js";
import type { SubscriptionRow } from "./plan-grants.js";
import {
  createPlanAudited,
  listAllPlans,
  listPlansOnSale,
  planOnSale,
  priceFor,
  removePlan,
  replacePlanAudited,
  type PlanSellers,
  type PlanValues,
} from "./plans-service.js";
import type { PlanRow } from "./provider.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Subscribing is rare: this only stops a loop from filling a provider with checkouts. */
const CHECKOUT_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };

export interface PlanRoutesOptions {
  db: Db;
  /** The settings through the cache: what is on sale is asked once per request. */
  readSettings(): Promise<Settings>;
  rateLimitStore: RateLimitStore;
  planSellers: PlanSellers;
  /** PayPal's approval: read the subscription back from PayPal before anything is believed. */
  confirmPayPalSubscription(userId: string, paypalSubscriptionId: string, log: FastifyBaseLogger): Promise<void>;
}

const NO_PLAN = () =>
  new AppError("not_found", "You have no plan.", {
    suggestion: "Choose one on the pricing page",
    ...reasoned("no_plan"),
  });

/** A month's price: what decides whether a change is an upgrade. */
const perMonth = (price: string, interval: string) => Number(price) / (interval === "year" ? 12 : 1);

async function liveOrRefuse(db: Db, userId: string): Promise<SubscriptionRow> {
  const sub = await livePlanOf(db, userId);
  if (!sub) throw NO_PLAN();
  return sub;
}

export async function planRoutes(app: FastifyInstance, opts: PlanRoutesOptions): Promise<void> {
  const { db, planSellers } = opts;
  const limiter = new RateLimiter("plan-checkout", CHECKOUT_RATE_LIMIT, opts.rateLimitStore);
  const reread = async (id: string) => {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row && row.status !== "ended" ? subscriptionView(db, row) : null;
  };

  serve(app, plansApi.list, { access: "public" }, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return listPlansOnSale(db, { sellers: planSellers, settings: await opts.readSettings() });
  });

  serve(app, plansApi.mine, { access: "user" }, async (request) => mySubscription(db, requireUser(request).id));

  serve(
    app,
    plansApi.checkout,
    {
      access: "user",
      preValidation: async (request) => {
        const wait = await limiter.hit(requireUser(request).id);
        if (wait) throw tooManyRequests(wait, "checkout attempts");
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { planId, interval, provider } = request.body;
      const typed = request.body.code?.trim();
      const live = await livePlanOf(db, user.id);
      if (live?.status === "past_due")
        throw new AppError("conflict", "Your plan's last payment did not go through.", {
          suggestion: "Update your card or cancel that plan before you subscribe again",
          ...reasoned("plan_past_due"),
        });
      if (live)
        throw new AppError("conflict", "You already have a plan.", {
          suggestion: "Switch plans from the pricing page instead",
          ...reasoned("plan_already_live"),
        });
      const plan = await planOnSale(db, planId, interval);
      const seller = planSellers[provider];
      if (!(await seller.canSell(plan, interval, await opts.readSettings())))
        throw new AppError("invalid_input", "This plan cannot be paid this way right now.", {
          suggestion: "Choose another way to pay, or contact us",
          ...reasoned("plan_provider_unavailable"),
        });
      const { subscription: pending, quote } = await insertPendingSubscription(
        db,
        {
          userId: user.id,
          planId: plan.id,
          interval,
          provider,
          planName: plan.name,
          price: priceFor(plan, interval)!,
          creditsPerMonth: plan.creditsPerMonth,
          yearlyGrant: plan.yearlyGrant,
          rolloverCap: plan.rolloverCap,
          // Creem bills the interval's product; PayPal's billing plan is named by its own checkout.
          providerPlanRef:
            provider === "creem" ? (interval === "month" ? plan.creemProductMonthly : plan.creemProductYearly) : null,
        },
        typed ? { code: typed, clientAddress: request.ip, via: "web" } : undefined,
      );
      try {
        return await seller.checkout(
          {
            user: { id: user.id, email: user.email },
            subscription: pending,
            plan,
            interval,
            ...(quote ? { discountCents: quote.discountCents } : {}),
          },
          request.log,
        );
      } catch (err) {
        await endFailedCheckout(db, pending.id);
        throw err;
      }
    },
  );

  serve(app, plansApi.paypalConfirm, { access: "user" }, async (request) => {
    const user = requireUser(request);
    await opts.confirmPayPalSubscription(user.id, request.body.subscriptionId, request.log);
    const sub = await livePlanOf(db, user.id);
    return {
      message: sub ? "Your plan is active." : "PayPal has not confirmed your plan yet. Check again in a minute.",
      subscription: sub ? await subscriptionView(db, sub) : null,
    };
  });

  serve(app, plansApi.cancel, { access: "user" }, async (request) => {
    const sub = await liveOrRefuse(db, requireUser(request).id);
    if (sub.cancelAtPeriodEnd)
      throw new AppError(
        "conflict",
        "Your plan is already cancelled at the end of its period.",
        reasoned("plan_already_cancelling"),
      );
    await planSellers[sub.provider as "creem" | "paypal"].cancelAtPeriodEnd(sub, request.log);
    const until = sub.currentPeriodEnd?.toISOString().slice(0, 10);
    return {
      message: until
        ? `Your plan is cancelled at the end of its period: it and its credits stay until ${until}.`
        : "Your plan is cancelled at the end of its period.",
      subscription: await reread(sub.id),
    };
  });

  serve(app, plansApi.resume, { access: "user" }, async (request) => {
    const sub = await liveOrRefuse(db, requireUser(request).id);
    if (!sub.cancelAtPeriodEnd && sub.status !== "paused")
      throw new AppError(
        "conflict",
        "Your plan is not cancelled, so there is nothing to undo.",
        reasoned("plan_not_cancelling"),
      );
    await planSellers[sub.provider as "creem" | "paypal"].resume(sub, request.log);
    return { message: "Your plan continues.", subscription: await reread(sub.id) };
  });

  serve(app, plansApi.change, { access: "user" }, async (request) => {
    const sub = await liveOrRefuse(db, requireUser(request).id);
    const { planId, interval } = request.body;
    if (sub.planId === planId && sub.interval === interval)
      throw new AppError("conflict", "You are already on this plan.", reasoned("plan_same"));
    const plan: PlanRow = await planOnSale(db, planId, interval);
    const direction = perMonth(priceFor(plan, interval)!, interval) > perMonth(sub.price, sub.interval) ? "up" : "down";
    const change = await planSellers[sub.provider as "creem" | "paypal"].change(
      sub,
      plan,
      interval,
      direction,
      request.log,
    );
    const message =
      change.when === "now"
        ? `You are moving to ${plan.name} now; the difference is charged for the rest of this period.`
        : change.when === "period_end"
          ? `You move to ${plan.name} when this period ends.`
          : `You move to ${plan.name} at your next PayPal billing cycle${change.approveUrl ? ", once you approve it at PayPal" : ""}.`;
    return { ...change, message };
  });

  serve(app, plansApi.portal, { access: "user" }, async (request) => {
    const sub = await liveOrRefuse(db, requireUser(request).id);
    const url = await planSellers[sub.provider as "creem" | "paypal"].portalUrl(sub, request.log);
    if (!url) throw notFound("There is no page for cards and invoices for this plan.");
    return { url };
  });
}

export interface AdminPlanRoutesOptions {
  db: Db;
  planSellers: PlanSellers;
  readSettings(): Promise<Settings>;
}

/** The admin's catalogue and cancelling for someone, under /api/admin (the scope demands an admin). */
export async function adminPlanRoutes(app: FastifyInstance, opts: AdminPlanRoutesOptions): Promise<void> {
  const { db, planSellers } = opts;
  /** A plan whose month's (or year's) credits buy some video below cost is saved only when confirmed (decision 0144). */
  const refuseLosses = async ({ confirmBelowCost, ...values }: PlanBody): Promise<PlanValues> => {
    const settings = await opts.readSettings();
    const sold = (price: string | null, credits: number) =>
      price === null ? [] : packageLosses({ price, credits, bonusCredits: 0, isActive: values.isActive }, settings);
    const losses = [
      ...new Set([
        ...sold(values.monthlyPrice, values.creditsPerMonth),
        ...sold(values.yearlyPrice, values.creditsPerMonth * 12),
      ]),
    ];
    if (losses.length > 0 && confirmBelowCost !== true) throw belowCostError(losses);
    return values;
  };

  const sale = async () => ({ sellers: planSellers, settings: await opts.readSettings() });

  serve(app, adminPlansApi.list, {}, async () => listAllPlans(db, await sale()));

  // A plan is money, as a package is (decision 0129): a recent second factor.
  serve(app, adminPlansApi.create, STEP_UP, async (request, reply) =>
    reply
      .status(201)
      .send(await createPlanAudited(db, await refuseLosses(request.body), auditActor(request), await sale())),
  );

  serve(app, adminPlansApi.replace, STEP_UP, async (request) => {
    const values = await refuseLosses(request.body);
    const updated = await replacePlanAudited(db, request.params.id, values, auditActor(request), await sale());
    if (!updated) throw notFound("Plan not found");
    return updated;
  });

  serve(app, adminPlansApi.delete, STEP_UP, async (request) => {
    const removed = await removePlan(db, request.params.id, auditActor(request));
    if (!removed) throw notFound("Plan not found");
    return {
      message: removed.deactivated
        ? "Plan taken off sale: people subscribed to it, so it stays in their history."
        : "Plan deleted",
      deactivated: removed.deactivated,
    };
  });

  serve(app, adminPlansApi.cancelFor, STEP_UP, async (request) => {
    const userId = request.params.userId;
    const [user] = UUID.test(userId)
      ? await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId))
      : [];
    if (!user) throw notFound("User not found");
    const sub = await livePlanOf(db, user.id);
    if (!sub) throw notFound("This person has no plan.");
    await planSellers[sub.provider as "creem" | "paypal"].cancelNow(sub, request.body.reason, request.log);
    await recordAudit(db, auditActor(request), {
      action: "subscription.cancel",
      targetType: "subscription",
      targetId: sub.id,
      targetLabel: `${user.username}: ${sub.planName}`,
      details: { reason: request.body.reason, provider: sub.provider },
    });
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    return {
      message: "The plan was cancelled at its provider; it ends when the provider confirms it.",
      subscription: after && after.status !== "ended" ? await subscriptionView(db, after) : null,
    };
  });
}

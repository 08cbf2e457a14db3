/**
 * Plans billed through PayPal (issue 69, decision 0154): the billing plans made from the admin's
 * plan, the subscription the server makes for PayPal's subscribe button, its confirmation once
 * PayPal reads it ACTIVE, and what a person (or an admin) does with it: cancel at the period's
 * end (PayPal has none: suspended now, cancelled when the period ends), undo that, cancel now,
 * change plan (PayPal's revise, next cycle, with the buyer's consent). Every state change is what
 * PayPal reports, read back after the action, through applyProviderChange(); credits come from
 * the sales (paypal-plan-events.ts).
 */
import crypto from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db, Tx } from "../../db/connect.js";
import { plans, subscriptions } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { PaypalClient, type PaypalSubscription } from "../../integrations/paypal/client.js";
import { PaypalError } from "../../integrations/paypal/errors.js";
import { PAYPAL_BASE_URLS } from "../../integrations/paypal/hosts.js";
import { formatCents, toCents } from "../../lib/money.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { PlanInterval } from "../../../shared/schemas/plans.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Mailer } from "../mail/outbox.js";
import { readSettingsFromDatabase, type Settings } from "../settings/service.js";
import {
  activeChange,
  applyPayPalChange,
  CANCEL_AT_PERIOD_END_NOTE,
  findPayPalSubscription,
  grantPayPalSale,
} from "./paypal-plan-events.js";
import { PAST_DUE_GRACE_DAYS } from "./periods.js";
import type { SubscriptionRow } from "./plan-grants.js";
import type { PlanProvider, PlanRow } from "./provider.js";

/**
 * What the PayPal plan code needs: the pack code's PaypalContext (payments/paypal-service.ts)
 * has all of it, so the caller passes that one.
 */
export interface PayPalPlansContext {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  timeoutMs: number;
  mailer: Mailer;
}

/**
 * Failed payments in a row after which PayPal suspends a subscription. PayPal retries a failed
 * payment every 5 days, twice a cycle: 3 lets it make every retry within our past-due grace
 * (PAST_DUE_GRACE_DAYS), whichever way it counts; the grace's end cancels it (endPayPalPlansDue).
 */
export const PAYMENT_FAILURE_THRESHOLD = 3;

/** Where PayPal sends the buyer back; PayPal adds `subscription_id` (the web confirms it) and its tokens. */
const PAYPAL_RETURN_PATH = "/pricing?paypal_subscription=approved";
const PAYPAL_CANCEL_PATH = "/pricing?paypal_subscription=cancelled";

/** PayPal's page where a buyer sees and cancels their automatic payments, per environment. */
const AUTOPAY_PAGES = {
  sandbox: "https://www.sandbox.paypal.com/myaccount/autopay/",
  production: "https://www.paypal.com/myaccount/autopay/",
} as const;

/** One billing plan we made: `paypal_plan_prices` maps every id ever made to this (the lead's {interval, price}, and where). */
export interface MadeBillingPlan {
  interval: PlanInterval;
  price: string;
  /** The catalog product it was made under. */
  product?: string;
  /** The PayPal account (environment and client id) it belongs to: another account cannot use it. */
  account?: string;
  /**
   * Made with a one-cycle TRIAL at the price before its REGULAR cycle (decision 0158): the cycle a
   * discount code's subscription reprices. Billing plans made before have the REGULAR cycle alone.
   */
  trial?: boolean;
}

interface PayPalAccount {
  client: PaypalClient;
  environment: "sandbox" | "production";
  /** environment:clientId, what billing plans are kept per. */
  key: string;
  webhookId: string | undefined;
  enabled: boolean;
}

/**
 * PayPal as stored, switched on or not (what is already sold keeps working when it is switched
 * off); undefined without credentials. Read here rather than from payments/payment-settings.ts:
 * the payments folder dispatches PayPal's plan events to this one, so this one does not import it.
 */
async function paypalAccount(ctx: PayPalPlansContext): Promise<PayPalAccount | undefined> {
  return paypalAccountOf(ctx, await readSettingsFromDatabase(ctx.db, ctx.secretBox));
}

/** The same from settings the caller already read. */
function paypalAccountOf(ctx: PayPalPlansContext, s: Settings): PayPalAccount | undefined {
  if (!s.paypalClientId || !s.paypalClientSecret) return undefined;
  const environment = s.paypalEnvironment === "production" ? "production" : "sandbox";
  const client = new PaypalClient({
    baseUrl: ctx.config.payments.paypalBaseUrl ?? PAYPAL_BASE_URLS[environment],
    clientId: s.paypalClientId,
    clientSecret: s.paypalClientSecret,
    timeoutMs: ctx.timeoutMs,
  });
  return {
    client,
    environment,
    key: `${environment}:${s.paypalClientId}`,
    webhookId: s.paypalWebhookId || undefined,
    enabled: Boolean(s.paypalEnabled),
  };
}

function notConfigured(): AppError {
  return new AppError("payment_not_configured", "Payments through PayPal are not available right now.", {
    suggestion:
      "Payments through PayPal are not available right now: please try again later, or choose another way to pay",
  });
}

/** Why a PayPal call failed, in a buyer's words (never PayPal's, a key or a status: issue 68). */
function troubleFor(err: PaypalError): string {
  if (err.kind === "unauthorized") return "Payments through PayPal are not working right now.";
  if (err.kind === "unavailable") return "PayPal is not answering right now.";
  return "PayPal did not answer as expected.";
}

const asPaypalError = (err: unknown, what: string) =>
  err instanceof PaypalError ? err : new PaypalError("failed", `${what} failed unexpectedly`);

function logged(log: FastifyBaseLogger, err: PaypalError, context: Record<string, unknown>, what: string) {
  log.error(
    { ...context, kind: err.kind, issue: err.issue, status: err.status, debugId: err.debugId },
    `${what}: ${err.message}`,
  );
}

/** A PayPal failure as the person reads it: 502, try again. */
function upstream(err: PaypalError, what: string): AppError {
  return new AppError("upstream_error", `${what} ${troubleFor(err)}`, {
    suggestion: "Please try again in a few minutes.",
  });
}

/** The plan's price for an interval, two decimals; null where it is not sold so. */
function priceOf(plan: PlanRow, interval: PlanInterval): string | null {
  const price = interval === "month" ? plan.monthlyPrice : plan.yearlyPrice;
  const cents = price === null ? Number.NaN : toCents(price);
  return Number.isSafeInteger(cents) && cents > 0 ? formatCents(cents) : null;
}

const madePlans = (plan: PlanRow) => (plan.paypalPlanPrices ?? {}) as Record<string, MadeBillingPlan>;
const columnOf = (interval: PlanInterval) => (interval === "month" ? "paypalPlanMonthly" : "paypalPlanYearly");
const short = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);

/**
 * A billing plan of ours for this interval, price and account (with its trial cycle when `trial`):
 * the current one first, else any made before.
 */
function reusable(
  plan: PlanRow,
  interval: PlanInterval,
  price: string,
  account: string,
  trial: boolean,
): string | undefined {
  const made = madePlans(plan);
  const fits = (id: string | null | undefined) =>
    id &&
    made[id]?.interval === interval &&
    made[id]?.price === price &&
    made[id]?.account === account &&
    (!trial || made[id]?.trial === true);
  const current = plan[columnOf(interval)];
  if (fits(current)) return current!;
  return Object.keys(made).find((id) => fits(id));
}

/** "paypal-catalog" in ASCII: one maker of billing plans at a time, in every process. */
const CATALOG_LOCK = 0x70617970;

/**
 * The PayPal billing plan that sells `plan` for `interval` at its current price, made if need be:
 * the account's one catalog product (made once, shared by every plan, so PayPal's revise can move
 * a subscription between them), then a billing plan at this price, kept in the plan's column for
 * new subscribers and added to `paypal_plan_prices`. A price change makes a new billing plan;
 * those already subscribed stay on theirs. Concurrent calls wait on the plan's row (and one lock
 * for the catalog) and find what the first made; a retried call replays PayPal's own answer
 * (PayPal-Request-Id).
 */
export async function ensurePayPalBillingPlan(
  ctx: PayPalPlansContext,
  plan: PlanRow,
  interval: PlanInterval,
): Promise<string> {
  return (await billingPlanFor(ctx, plan, interval, false)).id;
}

/**
 * The same, with the price it bills; `trial`: one with the trial cycle a discount code reprices
 * (decision 0158). A billing plan made before that has none, so a new one is made (and becomes the
 * current one: every billing plan made now has it).
 */
async function billingPlanFor(
  ctx: PayPalPlansContext,
  plan: PlanRow,
  interval: PlanInterval,
  trial: boolean,
): Promise<{ id: string; price: string }> {
  const account = await paypalAccount(ctx);
  if (!account) throw notConfigured();
  const price = priceOf(plan, interval);
  if (price === null) throw notFound("This plan is not sold for this interval.");
  const ready = reusable(plan, interval, price, account.key, trial);
  if (ready && plan[columnOf(interval)] === ready) return { id: ready, price };

  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_LOCK})`);
    const [row] = await tx.select().from(plans).where(eq(plans.id, plan.id)).for("update");
    if (!row) throw notFound("Plan not found");
    const nowPrice = priceOf(row, interval);
    if (nowPrice === null) throw notFound("This plan is not sold for this interval.");
    const made = madePlans(row);
    let id = reusable(row, interval, nowPrice, account.key, trial);
    let product = id ? made[id]!.product : undefined;
    const withTrial = id ? made[id]!.trial === true : true;
    if (!id) {
      product = await productOf(tx, account);
      const billing = await account.client.createBillingPlan({
        productId: product,
        name: `${row.name} (${interval === "month" ? "monthly" : "yearly"})`,
        description: row.description ?? undefined,
        interval: interval === "month" ? "MONTH" : "YEAR",
        price: { currency: "USD", value: nowPrice },
        paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD,
        // "-trial": not the replay of a billing plan made before with its regular cycle alone.
        requestId: `veo-plan-${row.id}-${interval}-${toCents(nowPrice)}-${short(account.key)}-trial`,
      });
      id = billing.id;
    }
    await tx
      .update(plans)
      .set({
        paypalProductId: product ?? row.paypalProductId,
        ...(interval === "month" ? { paypalPlanMonthly: id } : { paypalPlanYearly: id }),
        paypalPlanPrices: {
          ...made,
          [id]: { interval, price: nowPrice, product, account: account.key, ...(withTrial ? { trial: true } : {}) },
        },
      })
      .where(eq(plans.id, row.id));
    return { id, price: nowPrice };
  });
}

/** The account's catalog product: the one any plan's billing plans were made under, else a new one. */
async function productOf(tx: Tx, account: PayPalAccount): Promise<string> {
  const rows = await tx.select({ made: plans.paypalPlanPrices }).from(plans);
  for (const { made } of rows) {
    for (const entry of Object.values((made ?? {}) as Record<string, MadeBillingPlan>)) {
      if (entry.account === account.key && entry.product) return entry.product;
    }
  }
  const created = await account.client.createProduct({
    name: "Video generation plans",
    description: "Monthly and yearly plans of credits for video generation",
    requestId: `veo-plans-product-${short(account.key)}`,
  });
  return created.id;
}

/** The PayPal subscription a row of ours stands for, or a 409 where it has none. */
function paypalIdOf(sub: SubscriptionRow): string {
  if (!sub.providerSubscriptionId)
    throw new AppError("conflict", "This plan has no PayPal subscription yet.", {
      suggestion: "Finish subscribing in PayPal's window first",
    });
  return sub.providerSubscriptionId;
}

async function connected(ctx: PayPalPlansContext): Promise<PayPalAccount> {
  const account = await paypalAccount(ctx);
  if (!account) throw notConfigured();
  return account;
}

/** When PayPal says this subscription last changed, else now. */
const changedAt = (remote: PaypalSubscription) => remote.statusUpdateTime ?? new Date();

/** PayPal's refusal of a state change that does not fit the subscription's state now (422): read it back instead. */
const refusedForState = (err: unknown) => err instanceof PaypalError && err.kind === "unprocessable";

/** Ends the plan as PayPal now has it: cancelled there (if it is not already), then read back and applied. */
async function endAtPayPal(
  ctx: PayPalPlansContext,
  account: PayPalAccount,
  sub: SubscriptionRow,
  reason: string,
  endReason: string,
): Promise<PaypalSubscription> {
  const id = paypalIdOf(sub);
  try {
    await account.client.cancelSubscription(id, reason);
  } catch (err) {
    if (!refusedForState(err)) throw err;
  }
  const remote = await account.client.getSubscription(id);
  if (remote.status === "CANCELLED" || remote.status === "EXPIRED") {
    await applyPayPalChange(ctx, sub.id, {
      eventAt: changedAt(remote),
      providerSubscriptionId: remote.id,
      status: "ended",
      endReason,
    });
  }
  return remote;
}

export function paypalPlanProvider(ctx: PayPalPlansContext): PlanProvider {
  return {
    async canSell(plan, interval, settings) {
      if (!plan.isActive || priceOf(plan, interval) === null) return false;
      const account = paypalAccountOf(ctx, settings);
      // Renewals are known only through the webhook: without its id, nothing is sold by PayPal.
      return Boolean(account?.enabled && account.webhookId);
    },

    async checkout({ user, subscription, plan, interval, discountCents }, log) {
      const context = { subscriptionId: subscription.id, planId: plan.id, interval };
      try {
        const account = await paypalAccount(ctx);
        if (!account?.enabled) throw notConfigured();
        const discounted = discountCents !== undefined && discountCents > 0;
        const { id: planId, price } = await billingPlanFor(ctx, plan, interval, discounted);
        // A code takes off the first payment alone (decision 0158): the subscription reprices the
        // billing plan's one-cycle trial; every later cycle is the regular price.
        let firstCyclePrice: { currency: string; value: string } | undefined;
        if (discounted) {
          if (toCents(price) !== toCents(subscription.price))
            throw new AppError("conflict", "This plan's price changed just now.", {
              suggestion: "Open the plan again to see its price, then subscribe",
            });
          firstCyclePrice = { currency: "USD", value: formatCents(toCents(price) - discountCents) };
        }
        const base = ctx.config.publicUrl;
        const made = await account.client.createSubscription({
          planId,
          customId: subscription.id,
          email: user.email ?? undefined,
          returnUrl: `${base}${PAYPAL_RETURN_PATH}`,
          cancelUrl: `${base}${PAYPAL_CANCEL_PATH}`,
          requestId: `veo-subscription-${subscription.id}`,
          ...(firstCyclePrice ? { firstCyclePrice } : {}),
        });
        // Ties our row to PayPal's now, so its events find it whoever confirms first.
        await applyPayPalChange(ctx, subscription.id, {
          eventAt: made.createTime ?? new Date(),
          providerSubscriptionId: made.id,
          planRef: planId,
        });
        log.info(
          { ...context, paypalSubscriptionId: made.id, billingPlan: planId, firstCyclePrice: firstCyclePrice?.value },
          "PayPal subscription created",
        );
        return { checkoutUrl: made.approveUrl ?? null, paypalSubscriptionId: made.id };
      } catch (err) {
        if (err instanceof AppError) throw err;
        const ppErr = asPaypalError(err, "Creating the PayPal subscription");
        if (!(err instanceof PaypalError)) log.error({ ...context, err }, "PayPal subscription failed unexpectedly");
        logged(log, ppErr, context, "PayPal subscription not created");
        throw new AppError("upstream_error", `Could not start the PayPal subscription. ${troubleFor(ppErr)}`, {
          suggestion: "Please try again in a few minutes, or choose another way to pay",
          ...reasoned("checkout_failed", { provider: "PayPal" }),
        });
      }
    },

    async cancelAtPeriodEnd(sub, log) {
      const account = await connected(ctx);
      const id = paypalIdOf(sub);
      const context = { subscriptionId: sub.id, paypalSubscriptionId: id };
      try {
        if (sub.status === "past_due") {
          // Nothing is paid for ahead: PayPal stops retrying and the plan ends now.
          await endAtPayPal(ctx, account, sub, "Cancelled by the subscriber while a payment was due", "canceled");
          log.info(context, "PayPal plan cancelled while past due");
          return;
        }
        try {
          await account.client.suspendSubscription(id, CANCEL_AT_PERIOD_END_NOTE);
        } catch (err) {
          if (!refusedForState(err)) throw err;
        }
        const remote = await account.client.getSubscription(id);
        if (remote.status === "SUSPENDED") {
          await applyPayPalChange(ctx, sub.id, {
            eventAt: changedAt(remote),
            providerSubscriptionId: remote.id,
            ...(sub.status === "paused" ? {} : { status: "active" as const }),
            cancelAtPeriodEnd: true,
          });
        } else if (remote.status === "CANCELLED" || remote.status === "EXPIRED") {
          await applyPayPalChange(ctx, sub.id, {
            eventAt: changedAt(remote),
            providerSubscriptionId: remote.id,
            status: "ended",
            endReason: remote.status === "EXPIRED" ? "expired" : "canceled",
          });
        } else {
          log.warn({ ...context, status: remote.status }, "PayPal did not suspend the subscription");
          throw new AppError("upstream_error", "PayPal did not stop the plan's payments. Nothing changed.", {
            suggestion: "Please try again in a few minutes.",
          });
        }
        log.info(context, "PayPal plan suspended until the period's end");
      } catch (err) {
        if (err instanceof AppError) throw err;
        const ppErr = asPaypalError(err, "Cancelling the PayPal subscription");
        logged(log, ppErr, context, "PayPal plan not cancelled");
        throw upstream(ppErr, "Could not cancel the plan at PayPal.");
      }
    },

    async resume(sub, log) {
      const account = await connected(ctx);
      const id = paypalIdOf(sub);
      const context = { subscriptionId: sub.id, paypalSubscriptionId: id };
      if (sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() <= Date.now())
        throw new AppError("conflict", "This plan's period has ended, so it cannot continue.", {
          suggestion: "Subscribe again from the pricing page",
        });
      if (sub.status === "past_due")
        throw new AppError("conflict", "PayPal stopped this plan after its payments failed.", {
          suggestion: "Update your payment method in PayPal, or cancel this plan and subscribe again",
        });
      try {
        let remote = await account.client.getSubscription(id);
        if (remote.status === "CANCELLED" || remote.status === "EXPIRED") {
          await applyPayPalChange(ctx, sub.id, {
            eventAt: changedAt(remote),
            providerSubscriptionId: remote.id,
            status: "ended",
            endReason: remote.status === "EXPIRED" ? "expired" : "canceled",
          });
          throw new AppError("conflict", "PayPal has cancelled this subscription for good, so it cannot continue.", {
            suggestion: "Subscribe again from the pricing page; the credits of this period stay until it ends",
          });
        }
        if (remote.status !== "SUSPENDED" && remote.status !== "ACTIVE")
          throw new AppError("conflict", "Only a plan whose payments are stopped at PayPal can continue.", {
            suggestion: "Check your plan on your account page",
          });
        if (remote.status === "SUSPENDED") {
          try {
            await account.client.activateSubscription(id, "Resumed by the subscriber");
          } catch (err) {
            if (!refusedForState(err)) throw err;
          }
          remote = await account.client.getSubscription(id);
        }
        if (remote.status !== "ACTIVE") {
          log.warn({ ...context, status: remote.status }, "PayPal did not activate the subscription");
          throw new AppError("upstream_error", "PayPal did not restart the plan's payments. Nothing changed.", {
            suggestion: "Please try again in a few minutes.",
          });
        }
        await applyPayPalChange(ctx, sub.id, activeChange(remote, changedAt(remote)));
        log.info(context, "PayPal plan resumed");
      } catch (err) {
        if (err instanceof AppError) throw err;
        const ppErr = asPaypalError(err, "Resuming the PayPal subscription");
        logged(log, ppErr, context, "PayPal plan not resumed");
        throw upstream(ppErr, "Could not resume the plan at PayPal.");
      }
    },

    async cancelNow(sub, reason, log) {
      const account = await connected(ctx);
      const context = { subscriptionId: sub.id, paypalSubscriptionId: sub.providerSubscriptionId };
      try {
        const remote = await endAtPayPal(ctx, account, sub, reason || "Cancelled by the site", "admin");
        log.info({ ...context, status: remote.status }, "PayPal plan cancelled now");
      } catch (err) {
        if (err instanceof AppError) throw err;
        const ppErr = asPaypalError(err, "Cancelling the PayPal subscription");
        logged(log, ppErr, context, "PayPal plan not cancelled");
        throw upstream(ppErr, "Could not cancel the plan at PayPal.");
      }
    },

    async change(sub, plan, interval, _direction, log) {
      const account = await connected(ctx);
      const id = paypalIdOf(sub);
      const context = { subscriptionId: sub.id, paypalSubscriptionId: id, planId: plan.id, interval };
      try {
        const target = await ensurePayPalBillingPlan(ctx, plan, interval);
        if (target === sub.providerPlanRef)
          throw new AppError("conflict", "You are already on this plan.", reasoned("plan_same"));
        // PayPal moves a subscription to another plan at its next cycle, without proration; a buyer
        // paying from a PayPal balance or bank consents first, at the approve link.
        const revision = await account.client.reviseSubscription(id, target);
        log.info({ ...context, billingPlan: target, consent: Boolean(revision.approveUrl) }, "PayPal plan revised");
        return { when: "next_cycle" as const, approveUrl: revision.approveUrl ?? null };
      } catch (err) {
        if (err instanceof AppError) throw err;
        const ppErr = asPaypalError(err, "Revising the PayPal subscription");
        logged(log, ppErr, context, "PayPal plan not revised");
        if (ppErr.kind === "unprocessable")
          throw new AppError("conflict", "PayPal cannot move this plan now.", {
            suggestion: "A plan whose payments are stopped must continue first; or try again later",
          });
        throw upstream(ppErr, "Could not change the plan at PayPal.");
      }
    },

    async portalUrl() {
      // PayPal has no page of ours for a subscriber: its own list of automatic payments is theirs.
      const account = await paypalAccount(ctx);
      return account ? AUTOPAY_PAGES[account.environment] : undefined;
    },
  };
}

/**
 * After the buyer approved in PayPal's window: reads the subscription from PayPal and, only when
 * it is the buyer's own (its custom_id is a PayPal subscription of theirs) and PayPal has it
 * ACTIVE, makes ours active with PayPal's billing dates. Its first payment is granted here too,
 * from the subscription's transactions, under the sale's id, so the sale's webhook finds it
 * granted (and the other way round); a failure to read them leaves that to the webhook.
 */
export async function confirmPayPalSubscription(
  ctx: PayPalPlansContext,
  userId: string,
  paypalSubscriptionId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const account = await connected(ctx);
  const context = { userId, paypalSubscriptionId };
  const missing = () => notFound("This PayPal subscription was not found.");
  let remote: PaypalSubscription;
  try {
    remote = await account.client.getSubscription(paypalSubscriptionId);
  } catch (err) {
    if (err instanceof PaypalError && err.kind === "not_found") throw missing();
    const ppErr = asPaypalError(err, "Reading the PayPal subscription");
    logged(log, ppErr, context, "PayPal subscription not read");
    throw upstream(ppErr, "Could not check the subscription with PayPal.");
  }
  const sub = await findPayPalSubscription(ctx.db, remote.id, remote.customId);
  if (!sub || sub.userId !== userId || sub.id !== remote.customId) {
    log.warn({ ...context, customId: remote.customId }, "PayPal subscription confirmed by someone it is not for");
    throw missing();
  }
  switch (remote.status) {
    case "ACTIVE":
      break;
    case "APPROVAL_PENDING":
    case "APPROVED":
      throw new AppError("conflict", "PayPal has not activated this subscription yet.", {
        suggestion: "Approve it in PayPal's window, then try again in a minute",
      });
    case "CANCELLED":
    case "EXPIRED":
      throw new AppError("conflict", "This PayPal subscription was cancelled.", {
        suggestion: "Subscribe again from the pricing page",
      });
    default:
      throw new AppError("conflict", "This PayPal subscription is not active at PayPal.", {
        suggestion: "Check it in your PayPal account, or contact us",
      });
  }
  const outcome = await applyPayPalChange(ctx, sub.id, activeChange(remote, changedAt(remote)));
  log.info({ ...context, subscriptionId: sub.id, outcome: outcome.kind }, "PayPal subscription confirmed");
  await grantFirstSale(ctx, account, sub, remote, log);
}

/** The newest completed payment of the subscription, granted under its sale id (once, whoever is first). */
async function grantFirstSale(
  ctx: PayPalPlansContext,
  account: PayPalAccount,
  sub: SubscriptionRow,
  remote: PaypalSubscription,
  log: FastifyBaseLogger,
): Promise<void> {
  const context = { subscriptionId: sub.id, paypalSubscriptionId: remote.id };
  try {
    const from = new Date((remote.createTime ?? sub.createdAt).getTime() - 24 * 60 * 60 * 1000);
    const to = new Date(Math.max(Date.now(), remote.lastPaymentTime?.getTime() ?? 0) + 24 * 60 * 60 * 1000);
    const paid = (await account.client.listSubscriptionTransactions(remote.id, from, to))
      .filter((t) => t.status === "COMPLETED" && t.amount && t.time)
      .sort((a, b) => b.time!.getTime() - a.time!.getTime())[0];
    if (!paid) {
      log.info(context, "PayPal lists no completed payment yet: its webhook grants it");
      return;
    }
    const [fresh] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    const grant = await grantPayPalSale(
      ctx,
      fresh ?? sub,
      remote,
      { saleId: paid.id, amount: paid.amount!, time: paid.time! },
      changedAt(remote),
    );
    log.info({ ...context, saleId: paid.id, grant: grant.kind }, "PayPal plan's first payment handled");
  } catch (err) {
    log.warn({ ...context, err }, "PayPal subscription's payments not read: its webhook grants them");
  }
}

/**
 * What the passing of time ends, at PayPal and then here (run by the plan-periods job): a plan
 * cancelled at its period's end once the period is over (suspended at PayPal until now), and a
 * past-due plan whose grace is over (PayPal stops retrying). Each is cancelled at PayPal and its
 * end read back and applied. Returns how many ended.
 */
export async function endPayPalPlansDue(ctx: PayPalPlansContext, now: Date, log: FastifyBaseLogger): Promise<number> {
  const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * 24 * 60 * 60 * 1000);
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "paypal"),
        isNotNull(subscriptions.providerSubscriptionId),
        sql`(
          (${subscriptions.cancelAtPeriodEnd} and ${subscriptions.status} in ('active', 'paused')
            and ${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz)
          or (${subscriptions.status} = 'past_due'
            and ${subscriptions.currentPeriodEnd} <= ${graceStart.toISOString()}::timestamptz))`,
      ),
    );
  if (due.length === 0) return 0;
  const account = await paypalAccount(ctx);
  if (!account) {
    log.warn({ due: due.length }, "PayPal plans due to end, but no PayPal credentials are stored");
    return 0;
  }
  let ended = 0;
  for (const sub of due) {
    const unpaid = sub.status === "past_due";
    try {
      const remote = await endAtPayPal(
        ctx,
        account,
        sub,
        unpaid ? "Payments failed through the grace period" : "The paid period ended after a cancellation",
        unpaid ? "unpaid" : "canceled",
      );
      if (remote.status === "CANCELLED" || remote.status === "EXPIRED") ended += 1;
    } catch (err) {
      log.warn({ subscriptionId: sub.id, err }, "PayPal plan due to end was not ended; tried again next run");
    }
  }
  return ended;
}

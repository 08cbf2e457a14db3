/**
 * What PayPal reports about a plan (issue 69, decision 0154), applied to ours: a sale of a
 * subscription (PAYMENT.SALE.COMPLETED) grants its period once per sale id; BILLING.SUBSCRIPTION.*
 * move the plan's state through applyProviderChange(), whose event time (the event's create_time)
 * keeps an older event from undoing a newer one. The webhook (payments/paypal-webhook.ts) verifies
 * each delivery and hands it here; a refund or reversal of a sale stays there, as for a pack.
 * Nothing here imports the payments folder, which imports this one.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connect.js";
import { subscriptions } from "../../db/schema.js";
import {
  parseSale,
  parseSubscription,
  type PaypalClient,
  type PaypalSubscription,
} from "../../integrations/paypal/client.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { formatCents, toCents } from "../../lib/money.js";
import type { Mailer } from "../mail/outbox.js";
import { applyProviderChange, planForProviderRef, type ProviderChange } from "./lifecycle.js";
import { addMonths } from "./periods.js";
import { grantPlanPayment, type PlanGrant, type SubscriptionRow } from "./plan-grants.js";
import { afterPlanChange } from "./plan-notices.js";

/** What the events need: the database and the mail written with a change. */
export interface PayPalPlanContext {
  db: Db;
  mailer: Mailer;
}

/** The event types handled here. */
export const PAYPAL_PLAN_EVENTS: ReadonlySet<string> = new Set([
  "PAYMENT.SALE.COMPLETED",
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "BILLING.SUBSCRIPTION.UPDATED",
  "BILLING.SUBSCRIPTION.SUSPENDED",
  "BILLING.SUBSCRIPTION.CANCELLED",
  "BILLING.SUBSCRIPTION.EXPIRED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
]);

/**
 * The reason we give PayPal when a person cancels at the period's end: PayPal has no scheduled
 * cancellation, so the subscription is suspended (nothing more is billed; activate undoes it)
 * and cancelled when the period ends. PayPal repeats it as `status_change_note`, which tells
 * our own suspension from one after failed payments or one made in PayPal's dashboard.
 */
export const CANCEL_AT_PERIOD_END_NOTE = "Cancelled by the subscriber at the end of the paid period";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Our subscription for a PayPal one: by its I-... id, else by the custom_id it carries (our id),
 * when that row is PayPal's and not yet tied to another PayPal subscription.
 */
export async function findPayPalSubscription(
  db: Db | Tx,
  paypalId: string,
  customId: string | undefined,
): Promise<SubscriptionRow | undefined> {
  const [byId] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "paypal"), eq(subscriptions.providerSubscriptionId, paypalId)));
  if (byId || !customId || !UUID.test(customId)) return byId;
  const [byCustom] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, customId),
        eq(subscriptions.provider, "paypal"),
        or(isNull(subscriptions.providerSubscriptionId), eq(subscriptions.providerSubscriptionId, paypalId)),
      ),
    );
  return byCustom;
}

/**
 * The period a payment at `start` pays for: up to the subscription's next billing time when that
 * is this payment's next (within the interval and a week's slack: a retry collected late keeps
 * the schedule), else the interval from the payment (an older sale reported after a newer one).
 */
function salePeriod(start: Date, interval: "month" | "year", nextBilling: Date | undefined) {
  const natural = addMonths(start, interval === "year" ? 12 : 1);
  const fits =
    nextBilling && nextBilling.getTime() > start.getTime() && nextBilling.getTime() <= natural.getTime() + 7 * DAY_MS;
  return { start, end: fits ? nextBilling : natural };
}

/** The interval of the billing plan PayPal bills now, else the subscription's own. */
async function intervalOf(tx: Tx, sub: SubscriptionRow, planRef: string | undefined) {
  const found = planRef ? await planForProviderRef(tx, "paypal", planRef) : undefined;
  return found?.interval ?? (sub.interval as "month" | "year");
}

/** Applies a change PayPal reported, with its notices, in one transaction. */
export async function applyPayPalChange(ctx: PayPalPlanContext, subscriptionId: string, change: ProviderChange) {
  return ctx.db.transaction(async (tx) => {
    const outcome = await applyProviderChange(tx, subscriptionId, change);
    await afterPlanChange(tx, ctx.mailer, outcome);
    return outcome;
  });
}

/** The change a subscription read from PayPal makes: its ids, its plan, and the period it is paid for. */
function reported(remote: PaypalSubscription, eventAt: Date): ProviderChange {
  const paidPeriod =
    remote.lastPaymentTime &&
    remote.nextBillingTime &&
    remote.nextBillingTime.getTime() > remote.lastPaymentTime.getTime();
  return {
    eventAt,
    providerSubscriptionId: remote.id,
    ...(remote.planId ? { planRef: remote.planId } : {}),
    ...(paidPeriod ? { periodStart: remote.lastPaymentTime, periodEnd: remote.nextBillingTime } : {}),
  };
}

/** PayPal's ACTIVE read back by the server (approval, a resumed plan): active, no cancellation waiting. */
export function activeChange(remote: PaypalSubscription, eventAt: Date): ProviderChange {
  return { ...reported(remote, eventAt), status: "active", cancelAtPeriodEnd: false };
}

export interface SalePayment {
  saleId: string;
  amount: { currency: string; value: string };
  time: Date;
}

/**
 * A payment of the subscription: the plan it is on now and its period applied (an older sale
 * changes no state), then its credits granted once per sale id, in one transaction.
 */
export async function grantPayPalSale(
  ctx: PayPalPlanContext,
  sub: SubscriptionRow,
  remote: PaypalSubscription,
  sale: SalePayment,
  eventAt: Date,
): Promise<PlanGrant> {
  return ctx.db.transaction(async (tx) => {
    const interval = await intervalOf(tx, sub, remote.planId);
    const period = salePeriod(sale.time, interval, remote.nextBillingTime);
    const outcome = await applyProviderChange(tx, sub.id, {
      eventAt,
      providerSubscriptionId: remote.id,
      ...(remote.planId ? { planRef: remote.planId } : {}),
      // A payment taken is the plan in good standing; PayPal's word for its state decides.
      ...(remote.status === "ACTIVE" ? { status: "active" as const } : {}),
      periodStart: period.start,
      periodEnd: period.end,
    });
    await afterPlanChange(tx, ctx.mailer, outcome);
    return grantPlanPayment(
      tx,
      {
        subscriptionId: sub.id,
        periodKey: sale.saleId,
        periodStart: period.start,
        periodEnd: period.end,
        amount: formatCents(toCents(sale.amount.value)),
        currency: sale.amount.currency.toUpperCase(),
        providerPaymentId: sale.saleId,
      },
      ctx.mailer,
    );
  });
}

/** The event's own time (create_time), else now. */
function eventTime(envelope: Record<string, unknown> | undefined): Date {
  const text = asText(envelope?.create_time);
  const time = text ? new Date(text) : undefined;
  return time && Number.isFinite(time.getTime()) ? time : new Date();
}

/**
 * One verified PayPal event of PAYPAL_PLAN_EVENTS. Throws a PaypalError when PayPal itself had to
 * be asked and could not be (the webhook then answers 503 and PayPal delivers it again); an event
 * for no subscription of ours is logged and dropped.
 */
export async function handlePayPalPlanEvent(
  ctx: PayPalPlanContext,
  client: PaypalClient,
  event: unknown,
  log: FastifyBaseLogger,
): Promise<void> {
  const envelope = asRecord(event);
  const eventType = asText(envelope?.event_type) ?? "";
  const context = { eventId: asText(envelope?.id), eventType };
  const eventAt = eventTime(envelope);
  if (eventType === "PAYMENT.SALE.COMPLETED") return onSaleCompleted(ctx, client, envelope?.resource, eventAt, log);

  const remote = parseSubscription(envelope?.resource);
  const sub = remote && (await findPayPalSubscription(ctx.db, remote.id, remote.customId));
  if (!remote || !sub) {
    log.warn(
      { ...context, paypalSubscriptionId: remote?.id },
      "PayPal subscription event for no plan of ours; ignored",
    );
    return;
  }
  const base = reported(remote, eventAt);
  let change: ProviderChange;
  switch (eventType) {
    case "BILLING.SUBSCRIPTION.ACTIVATED":
      change = activeChange(remote, eventAt);
      break;
    case "BILLING.SUBSCRIPTION.UPDATED":
      // A revision that took effect (its plan), or an end PayPal reports this way.
      change = {
        eventAt,
        providerSubscriptionId: remote.id,
        ...(remote.planId ? { planRef: remote.planId } : {}),
        ...(remote.status === "CANCELLED" || remote.status === "EXPIRED"
          ? { status: "ended" as const, endReason: remote.status === "EXPIRED" ? "expired" : "canceled" }
          : {}),
      };
      break;
    case "BILLING.SUBSCRIPTION.SUSPENDED":
      change = { eventAt, providerSubscriptionId: remote.id, ...suspended(sub, remote) };
      break;
    case "BILLING.SUBSCRIPTION.CANCELLED":
      change = { ...base, status: "ended", endReason: sub.status === "past_due" ? "unpaid" : "canceled" };
      break;
    case "BILLING.SUBSCRIPTION.EXPIRED":
      change = { ...base, status: "ended", endReason: "expired" };
      break;
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      // The period stays as it was: its credits last through PayPal's retries (lifecycle's grace).
      change = { eventAt, providerSubscriptionId: remote.id, status: "past_due" };
      break;
    default:
      log.info(context, "PayPal plan event not acted on");
      return;
  }
  const outcome = await applyPayPalChange(ctx, sub.id, change);
  log.info(
    {
      ...context,
      subscriptionId: sub.id,
      outcome: outcome.kind,
      ...(outcome.kind === "applied" ? { to: outcome.to } : {}),
    },
    "PayPal plan event applied",
  );
}

/**
 * SUSPENDED is one of three things: PayPal gave up after failed payments (past due, its credits
 * through the grace), our own cancellation at the period's end (still active until then), or a
 * suspension made elsewhere, such as PayPal's dashboard (paused).
 */
function suspended(sub: SubscriptionRow, remote: PaypalSubscription): Partial<ProviderChange> {
  if (sub.status === "past_due" || remote.failedPaymentsCount > 0) return { status: "past_due" };
  if (remote.statusChangeNote === CANCEL_AT_PERIOD_END_NOTE || sub.cancelAtPeriodEnd)
    return { status: "active", cancelAtPeriodEnd: true };
  return { status: "paused" };
}

async function onSaleCompleted(
  ctx: PayPalPlanContext,
  client: PaypalClient,
  resource: unknown,
  eventAt: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  const sale = parseSale(resource);
  const context = { saleId: sale?.id, paypalSubscriptionId: sale?.billingAgreementId };
  if (!sale?.billingAgreementId) {
    // A sale of no subscription: packs are paid by captures (PAYMENT.CAPTURE.*), not sales.
    log.info(context, "PayPal sale of no subscription; ignored");
    return;
  }
  const cents = sale.amount ? toCents(sale.amount.value) : Number.NaN;
  if (
    sale.state === "pending" ||
    sale.state === "denied" ||
    !sale.amount ||
    !Number.isSafeInteger(cents) ||
    cents <= 0
  ) {
    log.warn(
      { ...context, state: sale.state, amount: sale.amount },
      "PayPal sale not completed or without an amount; ignored",
    );
    return;
  }
  // PayPal's own record: the plan it bills now, its next billing time, and the custom_id it carries.
  const remote = await client.getSubscription(sale.billingAgreementId);
  const sub = await findPayPalSubscription(ctx.db, remote.id, remote.customId);
  if (!sub) {
    log.warn({ ...context, customId: remote.customId }, "PayPal sale for no plan of ours; ignored");
    return;
  }
  const grant = await grantPayPalSale(
    ctx,
    sub,
    remote,
    { saleId: sale.id, amount: sale.amount, time: sale.createTime ?? eventAt },
    eventAt,
  );
  log.info({ ...context, subscriptionId: sub.id, grant: grant.kind }, "PayPal plan payment handled");
}

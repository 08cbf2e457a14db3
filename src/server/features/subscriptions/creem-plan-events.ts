/**
 * What Creem reports about a plan's subscription (issue 69, decision 0153): its `subscription.*`
 * webhooks, the `checkout.completed` of a plan's checkout, and its own record read back after an
 * action. Each becomes one applyProviderChange() at the time Creem gives (the event's created_at,
 * the record's updated_at), so an older report arriving late changes nothing; `subscription.paid`
 * also grants the period's credits, once per (subscription, product, period start), whatever the
 * order the events arrive in.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connect.js";
import { subscriptions } from "../../db/schema.js";
import type { CreemClient } from "../../integrations/creem/client.js";
import {
  parseCreemSubscriptionEvent,
  type CreemSubscription,
  type CreemSubscriptionEvent,
  type CreemTransaction,
} from "../../integrations/creem/subscription-events.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { formatCents, isCents, toCents } from "../../lib/money.js";
import type { Mailer } from "../mail/outbox.js";
import { applyProviderChange, type ChangeOutcome, type ProviderChange } from "./lifecycle.js";
import {
  grantPlanPayment,
  lockSubscription,
  type PlanGrant,
  type PlanPayment,
  type SubscriptionRow,
} from "./plan-grants.js";
import { afterPlanChange } from "./plan-notices.js";

/** What handling a Creem report needs: the database and, for receipts and notices, the mail outbox. */
export interface CreemPlanDeps {
  db: Db;
  mailer: Mailer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `subscription.*` events Creem documents; any other `subscription.` event is logged and left. */
const CREEM_SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  "subscription.active",
  "subscription.paid",
  "subscription.update",
  "subscription.past_due",
  "subscription.unpaid",
  "subscription.paused",
  "subscription.scheduled_cancel",
  "subscription.canceled",
  "subscription.expired",
  "subscription.trialing",
]);

/** Whether the webhook should hand this event to the plans: a subscription event, or a plan's checkout. */
export function isCreemPlanEvent(eventType: string | undefined, object: unknown): boolean {
  if (!eventType) return false;
  if (eventType.startsWith("subscription.")) return true;
  if (eventType !== "checkout.completed") return false;
  const o = asRecord(object);
  return Boolean(asRecord(o?.subscription) ?? asText(asRecord(o?.metadata)?.subscriptionId));
}

type StateChange = Pick<ProviderChange, "status" | "cancelAtPeriodEnd" | "endReason">;

/**
 * What a Creem status says of our plan (decision 0153). `expired` is Creem's "period over, still
 * retrying" (its status stays active meanwhile), so it is past due, unless the plan was cancelled
 * at the period's end: then it is that end.
 */
function stateOf(word: string | undefined, current: SubscriptionRow): StateChange {
  switch (word) {
    case "active":
    case "trialing":
      return { status: "active", cancelAtPeriodEnd: false };
    case "scheduled_cancel":
      // Still live until the period's end; a plan not yet seen live is live now.
      return { cancelAtPeriodEnd: true, ...(current.status === "pending" ? { status: "active" as const } : {}) };
    case "past_due":
      return { status: "past_due" };
    case "expired":
      return current.cancelAtPeriodEnd ? { status: "ended", endReason: "canceled" } : { status: "past_due" };
    case "unpaid":
      return { status: "ended", endReason: "unpaid" };
    case "canceled":
      return { status: "ended", endReason: "canceled" };
    case "paused":
      return { status: "paused" };
    default:
      return {};
  }
}

/**
 * The status an event stands for: the event's own name where Creem's docs give it a meaning,
 * else what its subscription object says. A payment (`paid`, `active`, `trialing`, a completed
 * checkout) makes the plan live, keeping a cancellation the object still reports.
 */
function wordOf(eventType: string | undefined, s: CreemSubscription): string | undefined {
  switch (eventType) {
    case undefined:
    case "subscription.update":
      return s.status ?? (eventType ? "active" : undefined);
    case "subscription.paid":
    case "subscription.active":
    case "subscription.trialing":
    case "checkout.completed":
      return s.status === "scheduled_cancel" ? "scheduled_cancel" : "active";
    default:
      return eventType.replace(/^subscription\./, "");
  }
}

/** The whole change a report makes: its state, the period, the product billed and Creem's ids. */
function changeOf(
  eventType: string | undefined,
  s: CreemSubscription,
  current: SubscriptionRow,
  eventAt: Date,
): ProviderChange {
  return {
    eventAt,
    ...stateOf(wordOf(eventType, s), current),
    ...(s.currentPeriodStart ? { periodStart: s.currentPeriodStart } : {}),
    ...(s.currentPeriodEnd ? { periodEnd: s.currentPeriodEnd } : {}),
    ...(s.productId ? { planRef: s.productId } : {}),
    providerSubscriptionId: s.id,
    ...(s.customerId ? { customerId: s.customerId } : {}),
  };
}

/** Applies one report in the caller's transaction and tells the person what changed. */
async function applyReport(
  tx: Tx,
  mailer: Mailer,
  subscriptionId: string,
  eventType: string | undefined,
  s: CreemSubscription,
  eventAt: Date,
  override: StateChange = {},
): Promise<ChangeOutcome> {
  const current = await lockSubscription(tx, subscriptionId);
  if (!current) return { kind: "unknown" };
  const change = changeOf(eventType, s, current, eventAt);
  // An admin's immediate cancellation ends the plan for the reason it was given.
  if (change.status === "ended" && override.endReason) change.endReason = override.endReason;
  const outcome = await applyProviderChange(tx, subscriptionId, change);
  await afterPlanChange(tx, mailer, outcome);
  return outcome;
}

/**
 * Creem's own record of a subscription, read back after an action, applied at the record's
 * updated_at (Creem's clock, like its events'), so the person sees the change before the webhook
 * and the webhook then changes nothing. A record without that time is left to the webhook.
 */
export async function applyCreemRecord(
  deps: CreemPlanDeps,
  subscriptionId: string,
  record: CreemSubscription,
  log: FastifyBaseLogger,
  override: { endReason?: string } = {},
): Promise<ChangeOutcome | undefined> {
  if (!record.updatedAt) {
    log.warn({ subscriptionId, creemSubscriptionId: record.id }, "Creem subscription read back without updated_at");
    return undefined;
  }
  const at = record.updatedAt;
  return deps.db.transaction((tx) => applyReport(tx, deps.mailer, subscriptionId, undefined, record, at, override));
}

/** Our row for an event: the subscription id we gave Creem (metadata, request_id), else Creem's id. */
async function subscriptionFor(
  db: Db,
  event: CreemSubscriptionEvent,
  log: FastifyBaseLogger,
): Promise<SubscriptionRow | undefined> {
  const s = event.subscription;
  const ours = [asText(s.metadata.subscriptionId), event.requestId].find((id) => id && UUID.test(id));
  if (ours) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, ours), eq(subscriptions.provider, "creem")));
    if (row && (!row.providerSubscriptionId || row.providerSubscriptionId === s.id)) return row;
    if (row)
      log.warn(
        { subscriptionId: row.id, creemSubscriptionId: s.id, linked: row.providerSubscriptionId },
        "Creem names our subscription for another of its subscriptions; matched by Creem's id instead",
      );
  }
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "creem"), eq(subscriptions.providerSubscriptionId, s.id)));
  return row;
}

/**
 * The payment a `subscription.paid` reports: what Creem says was charged (the last transaction's
 * amount, asked of Creem when the event does not carry it, else the product's price), for the
 * period the event gives (asked of Creem when missing). Undefined when no period can be known.
 */
async function paymentOf(
  s: CreemSubscription,
  row: SubscriptionRow,
  creem: () => CreemClient | undefined,
  log: FastifyBaseLogger,
): Promise<Omit<PlanPayment, "subscriptionId"> | undefined> {
  let { currentPeriodStart: start, currentPeriodEnd: end } = s;
  const productId = s.productId ?? row.providerPlanRef;
  let transaction: CreemTransaction | undefined = s.lastTransaction;
  const client = (!start || !end || (!transaction && s.lastTransactionId)) && creem();
  if (client && (!start || !end)) {
    const record = await client.getSubscription(s.id).catch((err: unknown) => {
      log.warn({ err, creemSubscriptionId: s.id }, "Creem subscription could not be read for its period");
      return undefined;
    });
    start ??= record?.currentPeriodStart;
    end ??= record?.currentPeriodEnd;
  }
  if (!start || !end || end.getTime() <= start.getTime() || !productId) {
    log.error(
      { subscriptionId: row.id, creemSubscriptionId: s.id, start, end, productId },
      "Creem subscription.paid without a period or product; nothing granted",
    );
    return undefined;
  }
  if (client && !transaction && s.lastTransactionId) {
    transaction = await client.getTransaction(s.lastTransactionId).catch((err: unknown) => {
      log.warn({ err, transactionId: s.lastTransactionId }, "Creem transaction could not be read for its amount");
      return undefined;
    });
  }
  let cents = transaction?.amount ?? s.productPrice;
  // A discounted first payment (decision 0158): Creem's `amount` may be the price before the
  // discount, with `discount_amount` beside it; what was charged is then the price less it.
  if (cents !== undefined && row.promoCodeId && transaction?.discountAmount && cents === toCents(row.price))
    cents -= transaction.discountAmount;
  const amount = cents !== undefined && isCents(cents) ? formatCents(cents) : row.price;
  if (cents === undefined)
    log.warn(
      { subscriptionId: row.id, creemSubscriptionId: s.id },
      "Creem paid event names no amount; the plan's price is recorded",
    );
  const transactionId = s.lastTransactionId ?? transaction?.id ?? null;
  return {
    periodKey: `${s.id}|${productId}|${start.toISOString()}`,
    periodStart: start,
    periodEnd: end,
    amount,
    currency: (transaction?.currency ?? s.productCurrency ?? row.currency).toUpperCase(),
    // A subscription's periods may share Creem's order: each period's transaction names it alone.
    providerPaymentId: transactionId,
    providerTransactionId: transactionId,
  };
}

/**
 * A `subscription.*` event, or a plan's `checkout.completed`, from Creem's signed webhook. An event
 * for no subscription of ours is logged and answered, so Creem stops retrying it.
 */
export async function handleCreemPlanEvent(
  deps: CreemPlanDeps,
  envelope: unknown,
  creem: () => CreemClient | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const event = parseCreemSubscriptionEvent(envelope);
  const eventId = asText(asRecord(envelope)?.id);
  if (!event) return log.warn({ eventId }, "Creem subscription event without a subscription; ignored");
  const { eventType, subscription: s } = event;
  if (eventType !== "checkout.completed" && !CREEM_SUBSCRIPTION_EVENTS.has(eventType))
    return log.info({ eventId, eventType }, "Creem subscription event of an unknown kind; ignored");
  const row = await subscriptionFor(deps.db, event, log);
  if (!row)
    return log.warn(
      { eventId, eventType, creemSubscriptionId: s.id, productId: s.productId },
      "Creem subscription event for no plan of ours; ignored",
    );
  // Creem's time for it: the event's, else the record's; our clock only when Creem gave neither.
  const eventAt = event.createdAt ?? s.updatedAt ?? new Date();
  const payment = eventType === "subscription.paid" ? await paymentOf(s, row, creem, log) : undefined;

  const { outcome, grant, before } = await deps.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, row.id);
    const outcome = await applyReport(tx, deps.mailer, row.id, eventType, s, eventAt);
    // After the state: an upgrade's payment is granted on the plan it paid for.
    const grant: PlanGrant | undefined = payment
      ? await grantPlanPayment(tx, { subscriptionId: row.id, ...payment }, deps.mailer)
      : undefined;
    return { outcome, grant, before };
  });

  const context = { eventId, eventType, subscriptionId: row.id, creemSubscriptionId: s.id };
  log.info(
    {
      ...context,
      outcome: outcome.kind,
      ...(outcome.kind === "applied" ? { from: outcome.from, to: outcome.to } : {}),
    },
    "Creem subscription event applied",
  );
  if (!payment || !grant) return;
  log.info({ ...context, periodKey: payment.periodKey, grant }, "Creem plan payment handled");
  // A price change applies to new subscribers: what Creem charged is what this subscriber pays.
  const renewal = before?.providerPlanRef === s.productId;
  // A discount code's first payment is the one payment meant to be below the price (decision 0158).
  if (grant.kind === "granted" && !grant.discounted && payment.amount !== row.price && renewal)
    log.warn(
      { ...context, paid: payment.amount, currency: payment.currency, price: row.price },
      "Creem charged another amount than the subscription's price; credited as Creem reports",
    );
  if (outcome.kind === "applied" && s.productId && outcome.subscription.providerPlanRef !== s.productId)
    log.warn(
      { ...context, productId: s.productId, planRef: outcome.subscription.providerPlanRef },
      "Creem paid for another product than the plan is on now; granted on the plan's current terms",
    );
}

/**
 * Creem's subscription objects (SubscriptionEntity: from GET /v1/subscriptions and in every
 * `subscription.*` webhook, ../shared/reference/payments-2026.md 4.1 point 4), read tolerantly:
 * the product and customer come as ids or expanded objects, dates as ISO text or epoch numbers,
 * and anything missing stays undefined rather than failing the whole event.
 */
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { idOf } from "./client.js";

/** A Creem transaction as far as the plans need it; amounts in the currency's minor units. */
export interface CreemTransaction {
  id: string;
  amount: number | undefined;
  /** What the buyer paid in all (tax included), when given. */
  amountPaid: number | undefined;
  /** What a discount took off, when given (decision 0158). */
  discountAmount: number | undefined;
  currency: string | undefined;
  /** Creem's order (ord_...), when given. */
  orderId: string | undefined;
  status: string | undefined;
}

export interface CreemSubscription {
  id: string;
  /** active | trialing | paused | past_due | unpaid | scheduled_cancel | canceled | expired ... */
  status: string | undefined;
  productId: string | undefined;
  /** every-month | every-three-months | every-six-months | every-year */
  billingPeriod: string | undefined;
  /** The product's price in minor units, when the product is expanded. */
  productPrice: number | undefined;
  productCurrency: string | undefined;
  customerId: string | undefined;
  customerEmail: string | undefined;
  currentPeriodStart: Date | undefined;
  currentPeriodEnd: Date | undefined;
  canceledAt: Date | undefined;
  lastTransactionId: string | undefined;
  /** The last transaction, when Creem expands it. */
  lastTransaction: CreemTransaction | undefined;
  metadata: Record<string, unknown>;
  /** Creem's own time of the record's last change: what a read-back is applied at. */
  updatedAt: Date | undefined;
}

export interface CreemSubscriptionEvent {
  id: string | undefined;
  /** subscription.active, subscription.paid, ..., or checkout.completed (its `subscription`). */
  eventType: string;
  /** The event's created_at: when Creem says it happened. */
  createdAt: Date | undefined;
  subscription: CreemSubscription;
  /** checkout.completed only: the checkout's request_id and metadata (our subscription id). */
  requestId: string | undefined;
}

/** ISO text, or epoch milliseconds (seconds when the number is too small to be milliseconds). */
export function asDate(value: unknown): Date | undefined {
  const number = typeof value === "number" ? value : undefined;
  if (number !== undefined) {
    if (!Number.isFinite(number) || number <= 0) return undefined;
    return new Date(number < 1e11 ? number * 1000 : number);
  }
  const text = asText(value);
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return asDate(Number(text));
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const wholeNumber = (value: unknown): number | undefined => {
  const n = asNumber(value);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** A TransactionEntity (GET /v1/transactions or an expanded `last_transaction`); undefined without an id. */
export function parseCreemTransaction(value: unknown): CreemTransaction | undefined {
  const t = asRecord(value);
  const id = asText(t?.id);
  if (!t || !id) return undefined;
  return {
    id,
    amount: wholeNumber(t.amount),
    amountPaid: wholeNumber(t.amount_paid),
    discountAmount: wholeNumber(t.discount_amount),
    currency: asText(t.currency)?.toUpperCase(),
    orderId: idOf(t.order),
    status: asText(t.status),
  };
}

/** A SubscriptionEntity; undefined without an id. */
export function parseCreemSubscription(value: unknown): CreemSubscription | undefined {
  const s = asRecord(value);
  const id = asText(s?.id);
  if (!s || !id) return undefined;
  const product = asRecord(s.product);
  const customer = asRecord(s.customer);
  const lastTransaction = parseCreemTransaction(s.last_transaction);
  return {
    id,
    status: asText(s.status)?.toLowerCase(),
    productId: idOf(s.product),
    billingPeriod: asText(product?.billing_period),
    productPrice: wholeNumber(product?.price),
    productCurrency: asText(product?.currency)?.toUpperCase(),
    customerId: idOf(s.customer),
    customerEmail: asText(customer?.email),
    currentPeriodStart: asDate(s.current_period_start_date),
    currentPeriodEnd: asDate(s.current_period_end_date),
    canceledAt: asDate(s.canceled_at),
    lastTransactionId: asText(s.last_transaction_id) ?? lastTransaction?.id,
    lastTransaction,
    metadata: asRecord(s.metadata) ?? {},
    updatedAt: asDate(s.updated_at),
  };
}

/**
 * A `subscription.*` event, or a `checkout.completed` whose checkout made a subscription (its
 * `subscription` object, with the checkout's metadata and request_id when the subscription's own
 * are missing); undefined when it names no subscription.
 */
export function parseCreemSubscriptionEvent(envelope: unknown): CreemSubscriptionEvent | undefined {
  const e = asRecord(envelope);
  const eventType = asText(e?.eventType);
  const object = asRecord(e?.object);
  if (!e || !eventType || !object) return undefined;
  let subscription: CreemSubscription | undefined;
  let requestId: string | undefined;
  if (eventType === "checkout.completed") {
    const made = parseCreemSubscription(object.subscription);
    if (!made) return undefined;
    const checkoutMetadata = asRecord(object.metadata) ?? {};
    const order = asRecord(object.order);
    subscription = {
      ...made,
      productId: made.productId ?? idOf(object.product),
      customerId: made.customerId ?? idOf(object.customer),
      customerEmail: made.customerEmail ?? asText(asRecord(object.customer)?.email),
      metadata: { ...checkoutMetadata, ...made.metadata },
      lastTransactionId: made.lastTransactionId ?? idOf(order?.transaction),
    };
    requestId = asText(object.request_id);
  } else {
    subscription = parseCreemSubscription(object);
    if (!subscription) return undefined;
  }
  return { id: asText(e.id), eventType, createdAt: asDate(e.created_at), subscription, requestId };
}

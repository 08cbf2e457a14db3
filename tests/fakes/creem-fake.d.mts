/** Types for creem-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export interface FakeProduct {
  /** Cents. */
  price: number;
  currency: string;
  name?: string;
  /** every-month, every-three-months, every-six-months or every-year: a recurring product (a plan's). */
  billing_period?: string;
}

export interface FakeOrder {
  id: string;
  /** The payment's transaction (tran_...), which refund and dispute events name. */
  transaction: string;
  object: "order";
  mode: "test";
  customer: string;
  product: string;
  /** What was charged, or the price before the discount while `amountBeforeDiscount` is set. */
  amount: number;
  sub_total?: number;
  discount_amount?: number;
  amount_due?: number;
  amount_paid?: number;
  /** The discount applied (disc_...). */
  discount?: string;
  currency: string;
  status: "paid";
  type: "onetime" | "recurring";
  created_at: string;
  updated_at: string;
}

export interface FakeCheckout {
  id: string;
  object: "checkout";
  mode: "test";
  status: "pending" | "processing" | "completed" | "expired";
  product: string;
  units: number;
  request_id?: string;
  checkout_url: string;
  success_url?: string;
  metadata?: Record<string, unknown>;
  order?: FakeOrder;
  customer?: Record<string, unknown>;
  /** The subscription a paid checkout of a recurring product made (sub_...). */
  subscription?: string;
  /** The address the checkout was asked to pre-fill (`customer.email`). */
  customer_email?: string;
  /** The discount code it was made with, and that discount's id. */
  discount_code?: string;
  discount_id?: string;
}

/** A discount as Creem keeps it (POST /v1/discounts). */
export interface FakeDiscount {
  id: string;
  object: "discount";
  status: "active" | "deleted";
  name: string;
  code: string;
  type: "fixed" | "percentage";
  /** Fixed: cents of `currency`. */
  amount?: number;
  currency?: string;
  percentage?: number;
  expiry_date?: string;
  max_redemptions?: number;
  duration: "once" | "forever" | "repeating";
  duration_in_months?: number;
  applies_to_products: string[];
  redeem_count: number;
}

export interface WebhookDelivery {
  body: string;
  signature: string;
  /** The app's HTTP status; undefined when it could not be reached. */
  status: number | undefined;
  eventType: string | undefined;
}

export interface CreemFakeOptions {
  apiKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  publicBaseUrl?: string;
  port?: number;
  host?: string;
  products?: Record<string, FakeProduct>;
  /** What any other product id costs (default 1000 cents USD). */
  defaultProduct?: FakeProduct;
}

export interface FakeProductJson {
  id: string;
  object: "product";
  name: string;
  price: number;
  currency: string;
  billing_type: "onetime" | "recurring";
  billing_period?: string;
}

export interface CheckoutCompletedEvent {
  id: string;
  eventType: "checkout.completed";
  created_at: number;
  object: Omit<FakeCheckout, "product" | "subscription"> & {
    product: FakeProductJson;
    /** A recurring product's checkout: the subscription it made, product and customer as ids. */
    subscription?: FakeSubscriptionRecord;
  };
}

/** A subscription as the fake keeps it (product and customer as ids; dates ISO text). */
export interface FakeSubscriptionRecord {
  id: string;
  object: "subscription";
  product: string;
  customer: string;
  status: "active" | "trialing" | "past_due" | "scheduled_cancel" | "paused" | "canceled" | "unpaid";
  collection_method: string;
  current_period_start_date: string;
  current_period_end_date: string;
  next_transaction_date: string;
  last_transaction_id?: string;
  last_transaction_date?: string;
  canceled_at: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** The checkout's order, which the subscription's transactions name. */
  order: string;
}

/** A `subscription.*` event as the fake sends it: the subscription with product, customer and last transaction expanded. */
export interface SubscriptionEvent {
  id: string;
  eventType: string;
  created_at: number;
  object: Omit<FakeSubscriptionRecord, "product" | "customer" | "order"> & {
    product: FakeProductJson;
    customer: { id: string; email: string } & Record<string, unknown>;
    last_transaction?: FakeTransaction;
  };
}

/** What a subscription helper made, and the app's HTTP status for each event sent (none when held or not delivered). */
export interface SubscriptionStep {
  events: SubscriptionEvent[];
  statuses: (number | undefined)[];
}

/** A Creem transaction as GET /v1/transactions answers it (amounts in cents). */
export interface FakeTransaction {
  id: string;
  object: "transaction";
  amount: number;
  amount_paid: number;
  discount_amount?: number;
  currency: string;
  status: string;
  refunded_amount: number;
  order: string;
  customer: string;
  /** A plan's period payment: its subscription and period (epoch ms). */
  subscription?: string;
  period_start?: number;
  period_end?: number;
}

/** A refund.created or dispute.created event as the fake sends it. */
export interface MoneyEvent {
  id: string;
  eventType: "refund.created" | "dispute.created";
  created_at: number;
  object: Record<string, unknown> & { id: string };
}

/** A prompt POST /v1/moderation/prompt was asked about; `decision` is what its markers made of it. */
export interface ModerationRequest {
  prompt: string;
  external_id?: string;
  decision: "allow" | "flag" | "deny" | "error" | "timeout";
}

export interface CreemFake {
  baseUrl: string;
  publicBaseUrl: string;
  webhookUrl: string | undefined;
  checkouts: Map<string, FakeCheckout>;
  products: Map<string, FakeProduct>;
  webhookDeliveries: WebhookDelivery[];
  transactions: Map<string, FakeTransaction>;
  moderationRequests: ModerationRequest[];
  /** How many GET /v1/products/search calls arrived, with any key (the admin's key checks, decision 0145). */
  productSearches: number;
  subscriptions: Map<string, FakeSubscriptionRecord>;
  customers: Map<string, { id: string; email: string } & Record<string, unknown>>;
  /** Every call to the subscription and customer portal API, in order. */
  subscriptionRequests: { method: string; path: string; body: Record<string, unknown> }[];
  /** Discounts made through POST /v1/discounts, by id. */
  discounts: Map<string, FakeDiscount>;
  /** The other reading of Creem's order (decision 0158): `amount` is the price before the discount. */
  amountBeforeDiscount: boolean;
  /** While set, the events of subscription API calls wait in `heldEvents` instead of being sent. */
  holdEvents: boolean;
  heldEvents: SubscriptionEvent[];
  /** A `subscription.*` event of the subscription as it is now (`at`: its created_at, epoch ms). */
  subscriptionEvent(
    id: string,
    eventType: string,
    opts?: { at?: number; withoutLastTransaction?: boolean },
  ): SubscriptionEvent;
  /**
   * The period ends: the next is charged (subscription.paid with its dates; after a failed renewal
   * too), or a subscription cancelled at its end ends (subscription.canceled).
   */
  renewSubscription(id: string, opts?: { amount?: number; deliver?: boolean }): Promise<SubscriptionStep>;
  /** The renewal's charge fails: past due (or `subscription.expired`, still active while Creem retries). */
  failRenewal(
    id: string,
    opts?: { as?: "subscription.past_due" | "subscription.expired"; deliver?: boolean },
  ): Promise<SubscriptionStep>;
  /** The retries gave up: `subscription.unpaid`. */
  endUnpaid(id: string, opts?: { deliver?: boolean }): Promise<SubscriptionStep>;
  /** Sends the held events in the order they were made, or as `order` rearranges them. */
  deliverHeld(order?: (events: SubscriptionEvent[]) => SubscriptionEvent[]): Promise<SubscriptionStep>;
  checkoutCompletedEvent(id: string): CheckoutCompletedEvent;
  /** A refund of a paid checkout, or of one transaction (tran_...: a plan's period), all of it unless `amount` (cents). */
  refundEvent(
    checkoutId: string,
    opts?: { amount?: number; id?: string; reason?: string; withCheckout?: boolean },
  ): MoneyEvent;
  /** A chargeback opened against a paid checkout. */
  disputeEvent(checkoutId: string, opts?: { amount?: number; id?: string }): MoneyEvent;
  /** `event` is serialised unless it is already the body text; `signature: null` sends none. */
  deliverWebhook(
    event: unknown,
    opts?: { secret?: string; signature?: string | null; url?: string },
  ): Promise<number | undefined>;
  /**
   * A recurring product's checkout also makes its subscription (first period from `periodStart`,
   * default now). A checkout's discount is applied, or refused (throws) once it cannot be used.
   */
  completeCheckout(
    id: string,
    opts?: { amount?: number; currency?: string; deliver?: boolean; periodStart?: Date },
  ): Promise<number | undefined>;
  expireCheckout(id: string): void;
  close(): Promise<void>;
}

export function startCreemFake(options: CreemFakeOptions): Promise<CreemFake>;
export function signWebhook(body: string, secret: string): string;
export function signRedirect(params: [string, string | undefined | null][], apiKey: string): string;

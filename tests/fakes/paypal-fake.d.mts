/** Types for paypal-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export type CaptureOutcome = "COMPLETED" | "PENDING" | "DECLINED" | "CAPTURE_DECLINED";

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export interface FakeCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED";
  amount: Money;
  custom_id?: string;
  final_capture: true;
  status_details?: { reason: string };
  seller_receivable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface FakeOrder {
  id: string;
  intent: string;
  status: "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED";
  purchase_units: {
    reference_id: string;
    amount: Money;
    custom_id?: string;
    description?: string;
    payments?: { captures: FakeCapture[]; refunds?: FakeRefund[] };
  }[];
  payer?: Record<string, unknown>;
  create_time: string;
  update_time?: string;
  links: Link[];
}

/** A refund (or, from reverseCapture, a reversal): the resource of PAYMENT.CAPTURE.REFUNDED / REVERSED. */
export interface FakeRefund {
  id: string;
  status: "COMPLETED";
  amount: Money;
  custom_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

/** A dispute: GET /v1/customer/disputes/{id} and the resource of CUSTOMER.DISPUTE.*. */
export interface FakeDispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: { seller_transaction_id: string; custom?: string }[];
  reason: string;
  status: string;
  dispute_amount: Money;
  dispute_outcome?: { outcome_code: string };
  dispute_life_cycle_stage: string;
  dispute_channel: string;
  links: Link[];
}

export interface RefundCall {
  captureId: string;
  requestId: string | undefined;
  status: number;
  issue?: string;
}

export interface VerifyCall {
  transmissionId: string;
  webhookId: string;
  status: "SUCCESS" | "FAILURE";
}

/** A webhook delivery as PayPal makes it: the event, its exact body and the PAYPAL-* headers. */
export interface SignedDelivery {
  event: { id: string; event_type: string; resource: unknown; [key: string]: unknown };
  body: string;
  headers: Record<string, string>;
}

export interface CaptureCall {
  orderId: string;
  requestId: string | undefined;
  /** The HTTP status the fake answered. */
  status: number;
  issue?: string;
}

/** A webhook event as PayPal makes it when something happens (its id and create_time are kept on redelivery). */
export interface FakeEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: unknown;
  links: Link[];
}

/** A catalog product (POST /v1/catalogs/products). */
export interface FakeProduct {
  id: string;
  name: string;
  description?: string;
  type: string;
  create_time: string;
}

/** A billing plan (POST /v1/billing/plans), as it was sent. */
export interface FakeBillingPlan {
  id: string;
  product_id: string;
  name: string;
  description?: string;
  status: string;
  billing_cycles: {
    frequency: { interval_unit: "MONTH" | "YEAR"; interval_count: number };
    tenure_type: string;
    sequence: number;
    total_cycles: number;
    pricing_scheme: { fixed_price: Money };
  }[];
  payment_preferences: {
    auto_bill_outstanding?: boolean;
    setup_fee_failure_action?: string;
    payment_failure_threshold?: number;
  };
  create_time: string;
  links: Link[];
}

/** A subscription as GET /v1/billing/subscriptions/{id} answers it (and BILLING.SUBSCRIPTION.* carry it). */
export interface FakeSubscription {
  id: string;
  plan_id: string;
  status: "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  status_update_time: string;
  status_change_note?: string;
  custom_id?: string;
  quantity: string;
  /** Whether the subscription repriced cycles of its billing plan (`plan.billing_cycles` when created). */
  plan_overridden: boolean;
  subscriber?: { email_address?: string; payer_id?: string; name?: { given_name: string; surname: string } };
  start_time: string;
  create_time: string;
  update_time: string;
  billing_info: {
    outstanding_balance: Money;
    cycle_executions: {
      tenure_type: string;
      sequence: number;
      cycles_completed: number;
      cycles_remaining: number;
      total_cycles: number;
    }[];
    last_payment?: { amount: Money; time: string };
    last_failed_payment?: { amount: Money; time: string; reason_code: string; next_payment_retry_time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  application_context?: Record<string, unknown>;
  links: Link[];
}

/** A v1 sale: the resource of PAYMENT.SALE.COMPLETED. */
export interface FakeSale {
  id: string;
  state: "completed" | "refunded" | "partially_refunded" | "reversed";
  amount: { total: string; currency: string; details: { subtotal: string } };
  billing_agreement_id: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface CatalogCall {
  kind: "product" | "plan" | "subscription";
  requestId: string | undefined;
  /** 201 made, 200 a replay of the same PayPal-Request-Id. */
  status: number;
  id?: string;
}

export interface DeliveryAnswer {
  eventType: string;
  webhookId: string;
  /** What the app answered. */
  status: number;
}

export interface PaypalFakeOptions {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
  /** expires_in of issued tokens (default 32400, PayPal's ~9 h). */
  tokenTtlSeconds?: number;
  /** Orders are approved when created. */
  autoApprove?: boolean;
  /** The webhooks of this app, id -> the URL PayPal sends to (GET /v1/notifications/webhooks/{id}). */
  webhooks?: Record<string, string>;
}

export interface PaypalFake {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  captureCalls: CaptureCall[];
  refundCalls: RefundCall[];
  verifyCalls: VerifyCall[];
  /** Runs after a refund is made and before the refund call is answered (undefined: at once). */
  set beforeRefundAnswer(fn: ((refund: FakeRefund) => Promise<void>) | undefined);
  disputes: Map<string, FakeDispute>;
  readonly tokenRequests: number;
  /** The app's webhooks, id -> URL; add one as the dashboard would. */
  webhooks: Map<string, string>;
  /** How many times a certificate URL was asked for (served or not). */
  readonly certRequests: number;
  /** While true, the certificate URLs answer 503 (PayPal's certificate host down). */
  setCertUnavailable(down: boolean): void;
  /** Signs with a new key from now on, under a new certificate URL (returned); the old one is still served. */
  rotateCertificate(): string;
  /**
   * A delivery signed for `webhookId` with the certificate's key, as PayPal signs (at
   * `transmissionTime`, now unless given): it verifies against the certificate and in the fake's
   * verify call, unchanged.
   */
  signEvent(
    eventType: string,
    resource: unknown,
    webhookId: string,
    opts?: { transmissionTime?: string },
  ): SignedDelivery;
  /** Signs and posts an event to the app at `url`. */
  sendEvent(
    url: string,
    eventType: string,
    resource: unknown,
    webhookId: string,
  ): Promise<{ status: number; body: string; delivery: SignedDelivery }>;
  /** A refund made in PayPal's dashboard (all that is left when `value` is not given). */
  refundAtPaypal(captureId: string, value?: string): FakeRefund;
  /** A bank's chargeback of the whole capture. */
  reverseCapture(captureId: string): FakeRefund;
  openDispute(captureId: string, opts?: { value?: string; reason?: string; withCustom?: boolean }): FakeDispute;
  resolveDispute(disputeId: string, outcomeCode: string): FakeDispute;
  /** Subscriptions (decision 0154): what the app made, by id. */
  products: Map<string, FakeProduct>;
  billingPlans: Map<string, FakeBillingPlan>;
  subscriptions: Map<string, FakeSubscription>;
  sales: Map<string, FakeSale>;
  /** Every product, billing plan and subscription create call, replays included. */
  catalogCalls: CatalogCall[];
  /** An event made before (kept id and create_time), signed now for `webhookId`. */
  signDelivery(event: FakeEvent, webhookId: string, opts?: { transmissionTime?: string }): SignedDelivery;
  /** Posts the events in this order to every webhook in `webhooks`, signed for each. */
  deliver(events: FakeEvent[]): Promise<DeliveryAnswer[]>;
  /** The events the app's own calls made (suspend, activate, cancel), since the last take. */
  takeEvents(): FakeEvent[];
  /**
   * The buyer approves: ACTIVE with its first sale. Returns BILLING.SUBSCRIPTION.ACTIVATED and
   * PAYMENT.SALE.COMPLETED, sent to the webhooks first unless `deliver: false`.
   */
  approveSubscription(id: string, opts?: { deliver?: boolean }): Promise<FakeEvent[]>;
  /**
   * The next billing, at the next billing time (the fake's clock moves there), or PayPal's retry
   * 5 days later while a payment is owed. COMPLETED: a sale (a consented revision first takes
   * effect, BILLING.SUBSCRIPTION.UPDATED); FAILED: BILLING.SUBSCRIPTION.PAYMENT.FAILED, and
   * SUSPENDED once the plan's payment_failure_threshold is reached.
   */
  billSubscription(id: string, opts?: { outcome?: "COMPLETED" | "FAILED"; deliver?: boolean }): Promise<FakeEvent[]>;
  /** The buyer consents to the revision waiting at its approve link. */
  approveRevision(id: string): boolean;
  refundSale(saleId: string, opts?: { value?: string; deliver?: boolean }): Promise<FakeEvent[]>;
  reverseSale(saleId: string, opts?: { deliver?: boolean }): Promise<FakeEvent[]>;
  /** The buyer cancels on PayPal's own page. */
  cancelAtPaypal(id: string, opts?: { deliver?: boolean }): Promise<FakeEvent[]>;
  /** How far the subscriptions' clock runs ahead of the real one. */
  readonly clockOffsetMs: number;
  approve(orderId: string): boolean;
  setCaptureOutcome(orderId: string, outcome: CaptureOutcome): void;
  completePending(orderId: string): boolean;
  declinePending(orderId: string): boolean;
  revokeTokens(): void;
  setUnavailable(down: boolean): void;
  close(): Promise<void>;
}

export function startPaypalFake(options: PaypalFakeOptions): Promise<PaypalFake>;

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
  approve(orderId: string): boolean;
  setCaptureOutcome(orderId: string, outcome: CaptureOutcome): void;
  completePending(orderId: string): boolean;
  declinePending(orderId: string): boolean;
  revokeTokens(): void;
  setUnavailable(down: boolean): void;
  close(): Promise<void>;
}

export function startPaypalFake(options: PaypalFakeOptions): Promise<PaypalFake>;

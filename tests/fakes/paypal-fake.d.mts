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
    payments?: { captures: FakeCapture[] };
  }[];
  payer?: Record<string, unknown>;
  create_time: string;
  update_time?: string;
  links: Link[];
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
}

export interface PaypalFake {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  captureCalls: CaptureCall[];
  readonly tokenRequests: number;
  approve(orderId: string): boolean;
  setCaptureOutcome(orderId: string, outcome: CaptureOutcome): void;
  completePending(orderId: string): boolean;
  declinePending(orderId: string): boolean;
  revokeTokens(): void;
  setUnavailable(down: boolean): void;
  close(): Promise<void>;
}

export function startPaypalFake(options: PaypalFakeOptions): Promise<PaypalFake>;

/** Types for creem-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export interface FakeProduct {
  /** Cents. */
  price: number;
  currency: string;
  name?: string;
}

export interface FakeOrder {
  id: string;
  /** The payment's transaction (tran_...), which refund and dispute events name. */
  transaction: string;
  object: "order";
  mode: "test";
  customer: string;
  product: string;
  amount: number;
  currency: string;
  status: "paid";
  type: "onetime";
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

export interface CheckoutCompletedEvent {
  id: string;
  eventType: "checkout.completed";
  created_at: number;
  object: Omit<FakeCheckout, "product"> & {
    product: { id: string; name: string; price: number; currency: string; billing_type: "onetime" };
  };
}

/** A Creem transaction as GET /v1/transactions answers it (amounts in cents). */
export interface FakeTransaction {
  id: string;
  object: "transaction";
  amount: number;
  amount_paid: number;
  currency: string;
  status: string;
  refunded_amount: number;
  order: string;
  customer: string;
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
  checkoutCompletedEvent(id: string): CheckoutCompletedEvent;
  /** A refund of a paid checkout (all of it unless `amount`, in cents); the transaction records it. */
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
  completeCheckout(
    id: string,
    opts?: { amount?: number; currency?: string; deliver?: boolean },
  ): Promise<number | undefined>;
  expireCheckout(id: string): void;
  close(): Promise<void>;
}

export function startCreemFake(options: CreemFakeOptions): Promise<CreemFake>;
export function signWebhook(body: string, secret: string): string;
export function signRedirect(params: [string, string | undefined | null][], apiKey: string): string;

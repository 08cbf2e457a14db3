/** One function per payment endpoint (issue 5; decisions 0013 and 0014), read with the routes' schemas (decision 0040). */
import { paymentsApi } from "../../../shared/api/payments";
import type { ApiErrorBody } from "../../../shared/schemas/api-error";
import type { CreditPackageView } from "../../../shared/schemas/packages";
import {
  creemCheckoutResponseSchema,
  paypalOrderCreatedSchema,
  type PaymentResult,
} from "../../../shared/schemas/payments";
import { ApiError, call, errorMessage, UnexpectedResponseError } from "@/lib/api";
import { readsServerLanguage } from "@/lib/i18n";

/** The package fields both providers' endpoints accept; the server prices from `packageId` alone. */
function purchaseFields(pkg: CreditPackageView) {
  return { amount: pkg.price, currency: "USD", packageId: pkg.id };
}

/** The contract, read leniently: an answer without a URL is told apart (use-creem-checkout says "No checkout URL received"). */
const creemCheckout = {
  ...paymentsApi.creemCheckout,
  responses: { 200: creemCheckoutResponseSchema.partial().optional() },
};

/** A discount code, when one was applied (issue 70): the server prices the order with it. */
const codeField = (code: string | undefined) => (code ? { code } : {});

/** Creem's checkout -> the hosted checkout page to send the browser to. */
export function createCreemCheckout(pkg: CreditPackageView, code?: string) {
  return call(creemCheckout, {
    body: { ...purchaseFields(pkg), credits: pkg.credits, packageName: pkg.name, ...codeField(code) },
  });
}

/** Back from Creem: the server checks the checkout with Creem and credits it once. */
export function confirmCreemCheckout(checkoutId: string): Promise<PaymentResult> {
  return call(paymentsApi.creemConfirm, { body: { checkoutId } });
}

/** The contract, read leniently: an answer without an id is told apart ("PayPal did not return an order id"). */
const paypalOrder = { ...paymentsApi.paypalOrder, responses: { 200: paypalOrderCreatedSchema.partial().optional() } };

/** A PayPal order -> its id, which the PayPal buttons then ask the buyer to approve. */
export async function createPaypalOrder(pkg: CreditPackageView, code?: string): Promise<string> {
  const body = await call(paypalOrder, { body: { intent: "CAPTURE", ...purchaseFields(pkg), ...codeField(code) } });
  if (!body?.id) throw new Error("PayPal did not return an order id");
  return body.id;
}

/** Captures an approved order: 200 completed, 202 pending (credited later), else an error. */
export function capturePaypalOrder(orderId: string, packageId: string): Promise<PaymentResult> {
  return call(paymentsApi.paypalCapture, { params: { orderId }, body: { packageId } });
}

/** What a failed payment call said: its message (errorMessage) and, when the server gave one, its `suggestion`. */
export interface PaymentProblem {
  message: string | null;
  suggestion: string | null;
}

/**
 * Reads a failed call: the message through errorMessage (the server's code in the person's
 * language), and the body's `suggestion`. ApiError keeps the body in its message as
 * "<status>: <body>"; anything else (network errors) has no server message.
 */
export function paymentProblem(error: unknown): PaymentProblem {
  // An answer this page does not understand: say so (it asks for a reload).
  if (error instanceof UnexpectedResponseError) return { message: errorMessage(error), suggestion: null };
  if (!(error instanceof ApiError)) return { message: null, suggestion: null };
  return { message: errorMessage(error), suggestion: serverSuggestion(error) };
}

/** The error body's `suggestion` (payment errors), when it has one: English only, so shown in English only (the worded code says what to do). */
function serverSuggestion(error: ApiError): string | null {
  if (!readsServerLanguage()) return null;
  const prefix = `${error.status}: `;
  const bodyText = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : "";
  try {
    const body = JSON.parse(bodyText) as Partial<ApiErrorBody> | null;
    return typeof body?.suggestion === "string" && body.suggestion ? body.suggestion : null;
  } catch {
    return null;
  }
}

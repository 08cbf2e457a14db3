/**
 * Creem's refund and dispute events (issue 39; ../shared/reference/payments-2026.md 4.1), read
 * tolerantly: the documented fields, and the checkout and order references some payloads carry.
 */
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { idOf } from "./client.js";

/** What names the payment an event is about, in every form Creem may send. */
export interface CreemPaymentRef {
  checkoutId: string | undefined;
  /** Our order id, from the checkout's request_id or metadata. */
  requestId: string | undefined;
  orderId: string | undefined;
  transactionId: string | undefined;
}

export interface CreemMoneyEvent {
  id: string;
  /** In the currency's minor units. */
  amount: number;
  currency: string;
  /** What the buyer paid in all for the transaction (tax included), when given: the refunded share is of this. */
  amountPaid: number | undefined;
  reason: string | undefined;
  status: string | undefined;
  payment: CreemPaymentRef;
}

function paymentRef(o: Record<string, unknown>): CreemPaymentRef {
  const checkout = asRecord(o.checkout);
  const transaction = asRecord(o.transaction);
  const metadata = asRecord(checkout?.metadata) ?? asRecord(o.metadata);
  return {
    checkoutId: idOf(o.checkout),
    requestId: asText(checkout?.request_id) ?? asText(metadata?.orderId),
    orderId: idOf(o.order) ?? idOf(transaction?.order),
    transactionId: idOf(o.transaction),
  };
}

function moneyEvent(value: unknown, amountField: string, currencyField: string): CreemMoneyEvent | undefined {
  const o = asRecord(value);
  const id = asText(o?.id);
  const amount = asNumber(o?.[amountField]);
  if (!o || !id || amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) return undefined;
  const paid = asNumber(asRecord(o.transaction)?.amount_paid);
  return {
    id,
    amount,
    currency: (asText(o[currencyField]) ?? "").toUpperCase(),
    amountPaid: paid !== undefined && Number.isSafeInteger(paid) && paid > 0 ? paid : undefined,
    reason: asText(o.reason),
    status: asText(o.status),
    payment: paymentRef(o),
  };
}

/** `refund.created`'s object: id (ref_...), refund_amount, refund_currency, reason, transaction... */
export const parseCreemRefund = (value: unknown) => moneyEvent(value, "refund_amount", "refund_currency");

/** `dispute.created`'s object: id (disp_...), amount, currency, transaction{id, status: "chargeback"}... */
export const parseCreemDispute = (value: unknown) => moneyEvent(value, "amount", "currency");

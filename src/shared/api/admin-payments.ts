/** An admin's actions on a paid order (decision 0084): refund it, or decide a Creem dispute by hand. */
import {
  adminDisputeDecisionSchema,
  adminPaymentActionResultSchema,
  adminRefundSchema,
  paymentOrderParams,
} from "../schemas/admin-payments.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminPaymentsApi = {
  refund: defineRoute({
    method: "POST",
    path: "/api/admin/payment-orders/:orderId/refund",
    tags,
    summary: "Refund a paid order, whole or in part, and take its credits back",
    description:
      "PayPal: refunded through PayPal's capture refund, then reversed once. Creem has no refund call: refund in Creem's dashboard, then record it here with recordedByHand; Creem's own refund.created event for it is matched to this record, not reversed twice. 409 when the order's refunds changed since expectedRefundedCents or another admin's refund is under way; 502 when the provider refused (nothing reversed).",
    params: paymentOrderParams,
    body: adminRefundSchema,
    responses: { 200: adminPaymentActionResultSchema, ...errors(400, 401, 403, 404, 409, 422, 502, 503) },
  }),
  decideDispute: defineRoute({
    method: "POST",
    path: "/api/admin/payment-orders/:orderId/dispute",
    tags,
    summary: "Decide a Creem dispute by hand (Creem sends no event when one ends)",
    params: paymentOrderParams,
    body: adminDisputeDecisionSchema,
    responses: { 200: adminPaymentActionResultSchema, ...errors(400, 401, 403, 404, 409) },
  }),
};

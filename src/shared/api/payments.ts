/**
 * Buying credits (decisions 0013-0015): the packages on sale, the providers offered, the buyer's
 * stats and history, PayPal's order, capture and webhook (outside /api) and Creem's checkout, confirmation
 * and signed notice.
 */
import { transactionsPageSchema, transactionsQuerySchema, userStatsSchema } from "../schemas/account.js";
import { creditPackageListSchema, paymentMethodsSchema } from "../schemas/packages.js";
import { PAYMENT_METHODS_PATH } from "../payment-methods-path.js";
import {
  creemCheckoutResponseSchema,
  creemCheckoutSchema,
  creemConfirmSchema,
  paymentResultSchema,
  paypalCaptureParams,
  paypalCaptureSchema,
  paypalOrderCreatedSchema,
  paypalOrderSchema,
  paypalSetupSchema,
  webhookReceivedSchema,
} from "../schemas/payments.js";
import { receiptParamsSchema, receiptSchema } from "../schemas/receipts.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Payments"];

/** Why a discount code sent with a checkout was refused (decision 0158). */
export const DISCOUNT_CODE_REASONS = [
  "codes_off",
  "code_unknown",
  "code_disabled",
  "code_not_yet_valid",
  "code_expired",
  "code_used_up",
  "code_already_used",
  "code_first_purchase_only",
  "code_wrong_target",
  "code_below_minimum",
  "code_is_grant",
  "code_guess_wait",
  "code_guess_limit",
] as const;

export const paymentsApi = {
  packages: defineRoute({
    method: "GET",
    path: "/api/credit-packages",
    tags,
    summary: "The credit packages on sale",
    responses: { 200: creditPackageListSchema },
  }),
  methods: defineRoute({
    method: "GET",
    path: PAYMENT_METHODS_PATH,
    tags,
    summary: "Which payment providers are offered, for each package on sale",
    responses: { 200: paymentMethodsSchema },
  }),
  stats: defineRoute({
    method: "GET",
    path: "/api/user/stats",
    tags: ["Account"],
    summary: "The signed-in user's balance, videos made and credits spent",
    responses: { 200: userStatsSchema, ...errors(401) },
  }),
  transactions: defineRoute({
    method: "GET",
    path: "/api/transactions",
    tags: ["Account"],
    summary: "A page of the signed-in user's credit history, newest first",
    query: transactionsQuerySchema,
    responses: { 200: transactionsPageSchema, ...errors(400, 401) },
  }),
  receipt: defineRoute({
    method: "GET",
    path: "/api/payments/orders/:orderId/receipt",
    tags: ["Account"],
    summary: "The receipt of one of the signed-in user's completed payments",
    description:
      "Only the buyer's own completed orders: another person's order, an unknown id and an order not completed all answer 404 alike.",
    params: receiptParamsSchema,
    responses: { 200: receiptSchema, ...errors(401, 404) },
  }),
  paypalSetup: defineRoute({
    method: "GET",
    path: "/paypal/setup",
    tags,
    summary: "What the PayPal buttons need",
    responses: { 200: paypalSetupSchema, ...errors(503) },
  }),
  paypalOrder: defineRoute({
    method: "POST",
    path: "/paypal/order",
    tags,
    summary: "Create a PayPal order for a credit package",
    description:
      "With a discount `code`, the code is reserved for the order and PayPal is asked the price after it (409/422/429 when the code cannot be used; decision 0158).",
    body: paypalOrderSchema,
    responses: { 200: paypalOrderCreatedSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 503) },
    reasons: ["package_unavailable", "checkout_failed", ...DISCOUNT_CODE_REASONS],
  }),
  paypalCapture: defineRoute({
    method: "POST",
    path: "/paypal/order/:orderId/capture",
    tags,
    summary: "Capture an approved PayPal order and credit it",
    description:
      "200 when credited (now or earlier), 202 when PayPal is still processing the payment (credited once it completes).",
    params: paypalCaptureParams,
    // The stored order decides what is credited; packageId is validated and otherwise ignored.
    body: paypalCaptureSchema,
    responses: {
      200: paymentResultSchema,
      202: paymentResultSchema,
      ...errors(400, 401, 402, 404, 409, 422, 502, 503),
    },
  }),
  /** The body is sent to PayPal's verify-webhook-signature call before anything is done, so it has no schema. */
  paypalWebhook: defineRoute({
    method: "POST",
    path: "/paypal/webhook",
    tags: ["Callbacks"],
    summary: "PayPal's notice of a refund, reversal or dispute",
    description:
      "PayPal's webhook event as JSON (at most 256 KiB) with its PAYPAL-TRANSMISSION-ID, -TIME, -SIG, PAYPAL-CERT-URL and PAYPAL-AUTH-ALGO headers. Acted on only once its SHA256withRSA signature verifies for the webhook id in the admin settings, against the certificate at PAYPAL-CERT-URL (on PayPal's hosts only), or, when that certificate cannot be read, once PayPal's own verify-webhook-signature call answers SUCCESS (401 otherwise; 502 when PayPal cannot be asked; 503 when it has been asked too often this minute). A transmission time more than 10 minutes from now is 401; more than 60 deliveries a minute from one address is 429. PAYMENT.CAPTURE.REFUNDED / REVERSED take the order's credits back once per refund; CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED open and decide disputes; any other event type is answered 200 and ignored, unverified.",
    responses: { 200: webhookReceivedSchema, ...errors(400, 401, 413, 429, 502, 503) },
  }),
  creemCheckout: defineRoute({
    method: "POST",
    path: "/api/creem/checkout",
    tags,
    summary: "Start a Creem checkout for a credit package",
    description:
      "With a discount `code`, the code is reserved for the order and Creem's checkout carries a single-use Creem discount of exactly the amount taken off (409/422/429 when the code cannot be used; decision 0158).",
    body: creemCheckoutSchema,
    responses: { 200: creemCheckoutResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 503) },
    reasons: ["package_unavailable", "checkout_failed", "provider_unavailable_for_package", ...DISCOUNT_CODE_REASONS],
  }),
  creemConfirm: defineRoute({
    method: "POST",
    path: "/api/creem/confirm",
    tags,
    summary: "Confirm a Creem checkout on return, crediting it once paid",
    body: creemConfirmSchema,
    responses: { 200: paymentResultSchema, ...errors(400, 401, 404, 502, 503) },
  }),
  /** The body is read raw and checked before it is parsed, so it has no schema. */
  creemWebhook: defineRoute({
    method: "POST",
    path: "/api/creem/webhook",
    tags: ["Callbacks"],
    summary: "Creem's signed payment notice",
    description:
      "Creem's event as JSON, signed with an HMAC-SHA256 of the exact body in the creem-signature header. The body is read raw and checked before it is parsed, so it has no schema here. checkout.completed credits the order; refund.created takes its credits back in proportion to the refunded share, once per refund id; dispute.created holds the person's spending until an admin decides it (decision 0084). The subscription.* events, and the checkout.completed of a plan, move the plan's state and credit each paid period once (decision 0153). Other events are answered and ignored.",
    responses: { 200: webhookReceivedSchema, ...errors(400, 401) },
  }),
};

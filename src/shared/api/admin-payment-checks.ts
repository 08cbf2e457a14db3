/** What was last tried of Creem's and PayPal's keys (decision 0145), for their cards on /admin/settings. */
import { paymentKeyChecksSchema } from "../schemas/payment-key-checks.js";
import { defineRoute, errors } from "./contract.js";

export const adminPaymentChecksApi = {
  get: defineRoute({
    method: "GET",
    path: "/api/admin/settings/payment-checks",
    tags: ["Admin"],
    summary: "What was last tried of Creem's and PayPal's keys, when, and whether PayPal knows the webhook id",
    responses: { 200: paymentKeyChecksSchema, ...errors(401, 403) },
  }),
};

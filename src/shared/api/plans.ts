/**
 * Plans (issue 69, decision 0152): the plans on sale, the admin's catalogue, a person's plan and
 * what they may do with it. The provider's webhook is what changes a plan's state; these routes
 * ask the provider and answer what it will do.
 */
import {
  mySubscriptionSchema,
  paypalSubscriptionConfirmSchema,
  planListSchema,
  portalLinkSchema,
  subscriptionActionResultSchema,
  subscriptionChangeResultSchema,
  subscriptionChangeSchema,
  subscriptionCheckoutResponseSchema,
  subscriptionCheckoutSchema,
} from "../schemas/plans.js";
import { defineRoute, errors } from "./contract.js";
import { DISCOUNT_CODE_REASONS } from "./payments.js";

const tags = ["Plans"];

export const plansApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/plans",
    tags,
    summary: "The plans on sale, cheapest first",
    responses: { 200: planListSchema },
  }),
  mine: defineRoute({
    method: "GET",
    path: "/api/subscription",
    tags,
    summary: "My plan: its state, next renewal and the plan credits left",
    responses: { 200: mySubscriptionSchema, ...errors(401) },
  }),
  checkout: defineRoute({
    method: "POST",
    path: "/api/subscription/checkout",
    tags,
    summary: "Subscribe to a plan through Creem or PayPal",
    description:
      "A discount `code` takes off the first payment only, through Creem (a single-use Creem discount with duration once); with PayPal it is refused (400; decision 0158).",
    body: subscriptionCheckoutSchema,
    responses: { 200: subscriptionCheckoutResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429, 502, 503) },
    reasons: DISCOUNT_CODE_REASONS,
  }),
  paypalConfirm: defineRoute({
    method: "POST",
    path: "/api/subscription/paypal-confirm",
    tags,
    summary: "Confirm a PayPal subscription after approval (read ACTIVE at PayPal first)",
    body: paypalSubscriptionConfirmSchema,
    responses: { 200: subscriptionActionResultSchema, ...errors(400, 401, 404, 409, 502, 503) },
  }),
  cancel: defineRoute({
    method: "POST",
    path: "/api/subscription/cancel",
    tags,
    summary: "Cancel my plan at the end of the period",
    responses: { 200: subscriptionActionResultSchema, ...errors(401, 404, 409, 502, 503) },
  }),
  resume: defineRoute({
    method: "POST",
    path: "/api/subscription/resume",
    tags,
    summary: "Undo a cancellation waiting for the period's end",
    responses: { 200: subscriptionActionResultSchema, ...errors(401, 404, 409, 502, 503) },
  }),
  change: defineRoute({
    method: "POST",
    path: "/api/subscription/change",
    tags,
    summary: "Upgrade now (prorated) or downgrade at the period's end",
    body: subscriptionChangeSchema,
    responses: { 200: subscriptionChangeResultSchema, ...errors(400, 401, 404, 409, 502, 503) },
  }),
  portal: defineRoute({
    method: "GET",
    path: "/api/subscription/portal",
    tags,
    summary: "A link to the provider's page for cards and invoices",
    responses: { 200: portalLinkSchema, ...errors(401, 404, 409, 502, 503) },
  }),
};

/**
 * Codes for people (issue 70, decision 0156): redeem a grant code on the web or through the
 * automation API, and ask what a discount code takes off a package or plan before paying.
 */
import { automationErrorSchema } from "../schemas/automation.js";
import {
  automationRedeemResultSchema,
  codeQuoteSchema,
  quoteCodeSchema,
  redeemCodeSchema,
  redeemResultSchema,
} from "../schemas/codes.js";
import { defineRoute, errors, errorsWith } from "./contract.js";

const tags = ["Codes"];

/** What redeeming can refuse with, web and API alike. */
const REDEEM_REASONS = [
  "codes_off",
  "code_unknown",
  "code_needs_verified_email",
  "code_disabled",
  "code_not_yet_valid",
  "code_expired",
  "code_used_up",
  "code_already_used",
  "code_first_purchase_only",
  "code_is_discount",
  "code_guess_wait",
  "code_guess_limit",
] as const;

const REDEEM_DESCRIPTION =
  "Adds a grant code's credits to the balance (as credits that expire when the code says), once. " +
  "The account's address must be confirmed. A code that does not exist counts as a wrong guess: after 5 " +
  "in an hour each try waits (429 with Retry-After, growing), after 20 in a day tries are refused until " +
  "the day has passed. A code already used by this person is 409 with reason `code_already_used`.";

export const codesApi = {
  redeem: defineRoute({
    method: "POST",
    path: "/api/codes/redeem",
    tags,
    summary: "Redeem a code for credits",
    description: REDEEM_DESCRIPTION,
    body: redeemCodeSchema,
    responses: { 200: redeemResultSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
    reasons: REDEEM_REASONS,
  }),
  quote: defineRoute({
    method: "POST",
    path: "/api/codes/quote",
    tags,
    summary: "What a discount code takes off a package or a plan",
    description:
      "Checks a discount code for this person and a package (packageId) or a plan (planId and interval) " +
      "without using it. The code is used when the checkout starts with it.",
    body: quoteCodeSchema,
    responses: { 200: codeQuoteSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
    reasons: [
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
      "package_unavailable",
      "plan_unavailable",
    ],
  }),
  /** The automation API's redeem: the token's account. */
  automationRedeem: defineRoute({
    method: "POST",
    path: "/api/n8n/codes/redeem",
    tags: ["Automation"],
    operationId: "redeemCode",
    summary: "Redeem a code for credits",
    description: REDEEM_DESCRIPTION,
    body: redeemCodeSchema,
    responses: {
      200: automationRedeemResultSchema,
      ...errorsWith(automationErrorSchema, 400, 401, 403, 404, 409, 422, 429),
    },
    reasons: REDEEM_REASONS,
  }),
};

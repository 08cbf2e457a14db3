/** The links sent by mail (decision 0088): a forgotten password, a confirmed address, a new address. */
import {
  accountLinkSchema,
  addressLinkQuerySchema,
  addressLinkSchema,
  changeEmailSchema,
  emailChangeCancelledSchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
  passwordResetConfirmSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
} from "../schemas/account-links.js";
import { authResultSchema } from "../schemas/auth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const accountLinksApi = {
  requestPasswordReset: defineRoute({
    method: "POST",
    path: "/api/auth/password-reset",
    tags,
    summary: "Ask for a link to choose a new password, by e-mail address or username",
    description:
      "Always the same 202 answer, whether or not an account has this address or name: the link goes " +
      "by mail to the account's address, valid for one hour. Limited per client address (429) and, " +
      "silently, per account. While the site has Cloudflare Turnstile on, the widget's token is required (`captchaToken`).",
    body: passwordResetRequestSchema,
    responses: { 202: passwordResetRequestedSchema, ...errors(400, 403, 429, 503) },
    reasons: ["captcha_failed", "captcha_unavailable"],
  }),
  resetPassword: defineRoute({
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    tags,
    summary: "Set a new password with a reset link (signs this browser in, every other session out)",
    body: passwordResetConfirmSchema,
    responses: { 200: authResultSchema, ...errors(400, 403) },
    reasons: ["link_expired"],
  }),
  addressLink: defineRoute({
    method: "POST",
    path: "/api/auth/address-link",
    tags,
    summary: "Whose account a confirmation link is for, without using it: the page names it before the person confirms",
    body: addressLinkQuerySchema,
    responses: { 200: addressLinkSchema, ...errors(400, 429) },
    reasons: ["link_expired"],
  }),
  verifyEmail: defineRoute({
    method: "POST",
    path: "/api/auth/verify-email",
    tags,
    summary: "Confirm an account's e-mail address with the link sent to it (signed in as anyone, or not)",
    body: accountLinkSchema,
    responses: { 200: emailConfirmedSchema, ...errors(400, 403) },
    reasons: ["link_expired", "link_address_changed"],
  }),
  resendVerification: defineRoute({
    method: "POST",
    path: "/api/user/email/verification",
    tags,
    summary: "Send the confirmation link of the signed-in account's address again",
    responses: { 202: emailLinkSentSchema, ...errors(401, 403, 409, 429) },
    reasons: ["email_already_verified", "no_email"],
  }),
  changeEmail: defineRoute({
    method: "POST",
    path: "/api/user/email",
    tags,
    summary: "Change (or set) the e-mail address: it takes effect once the new address confirms it",
    body: changeEmailSchema,
    responses: { 202: emailLinkSentSchema, ...errors(400, 401, 403, 409, 429) },
    reasons: [
      "fields_required",
      "wrong_current_password",
      "google_recheck_needed",
      "email_taken",
      "email_unchanged",
      "email_domain_refused",
    ],
  }),
  confirmEmailChange: defineRoute({
    method: "POST",
    path: "/api/auth/confirm-email-change",
    tags,
    summary: "Make the new address the account's, with the link sent to it (signed in as anyone, or not)",
    body: accountLinkSchema,
    responses: { 200: emailConfirmedSchema, ...errors(400, 403, 409) },
    reasons: ["link_expired", "email_taken"],
  }),
  cancelEmailChange: defineRoute({
    method: "POST",
    path: "/api/auth/cancel-email-change",
    tags,
    summary: "Cancel a change of address with the link the old address was sent (signs every device out)",
    description:
      "The old address's \"this was not me\": the pending change's link and every other link end, and " +
      "every session of the account ends. The password stays; the person is asked to choose a new one.",
    body: accountLinkSchema,
    responses: { 200: emailChangeCancelledSchema, ...errors(400, 403) },
    reasons: ["link_expired"],
  }),
};

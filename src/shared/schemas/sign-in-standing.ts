/**
 * Why a person cannot sign in, or signs in with less, as the server's sign-in itself decides it
 * (decision 0146): shown on the admin's page of the user, next to "Send password-reset link".
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/**
 * - account_deleted: its owner deleted it; a sign-in is answered as for an unknown name.
 * - disabled: an admin disabled it; every sign-in is refused.
 * - no_sign_in_method: no password and no Google account linked; only a reset link lets them in.
 * - google_sign_in_off: no password, and Google sign-in, their only way, is switched off.
 * - sign_in_paused: too many wrong passwords for this username; a password sign-in waits until `until`.
 * - second_factor_enrolment_pending: an admin without a second factor while every admin needs one:
 *   they sign in, and reach only the security page until they add one.
 * - second_factor_asked: every sign-in asks for their authenticator app or passkey.
 * - payment_hold: credits owed for a refunded payment, or a payment under dispute: sign-in is
 *   untouched, new videos are refused (decision 0084).
 * - email_unconfirmed: sign-in is untouched; only reset links reach the address, no other mail.
 */
const SIGN_IN_REASON_CODES = [
  "account_deleted",
  "disabled",
  "no_sign_in_method",
  "google_sign_in_off",
  "sign_in_paused",
  "second_factor_enrolment_pending",
  "second_factor_asked",
  "payment_hold",
  "email_unconfirmed",
] as const;
export type SignInReasonCode = (typeof SIGN_IN_REASON_CODES)[number];

/**
 * refuses: no sign-in (`canSignIn` is false); limits: a sign-in with a condition or a smaller
 * reach; spending, mail: the sign-in is untouched, only spending or mail are.
 */
const SIGN_IN_EFFECTS = ["refuses", "limits", "spending", "mail"] as const;
export type SignInEffect = (typeof SIGN_IN_EFFECTS)[number];

const signInReasonSchema = z.object({
  code: z.enum(SIGN_IN_REASON_CODES),
  effect: z.enum(SIGN_IN_EFFECTS),
  until: isoTimestamp.nullable().meta({ description: "sign_in_paused: when a password sign-in is tried again." }),
});
export type SignInReason = z.infer<typeof signInReasonSchema>;

export const signInStandingSchema = z
  .object({
    canSignIn: z.boolean().meta({ description: "False when a reason refuses every way in." }),
    reasons: z.array(signInReasonSchema).meta({ description: "What refuses first, then what limits." }),
  })
  .meta({ id: "SignInStanding" });
export type SignInStanding = z.infer<typeof signInStandingSchema>;

/** POST /api/admin/users/{userId}/password-reset: the link went to the account's own address; never the link itself. */
export const adminUserResetLinkSchema = z.object({
  message: z.string(),
  outcome: z.enum(["queued", "kept"]).meta({
    description: "queued: on its way to the address; kept: no mail server is set, so it waits in the outbox, hidden.",
  }),
});

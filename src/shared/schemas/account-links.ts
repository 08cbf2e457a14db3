/**
 * The links sent by mail (decision 0088): asking for a password reset and using its link, confirming
 * an address, changing it. The requests, their answers and the messages the server sends.
 */
import { z } from "zod";
import { AUTH_FORM_MESSAGES, PASSWORD_MAX, passwordSchema } from "./auth.js";
import { captchaTokenField } from "./sign-up-protection.js";

/** What the server says; the web words each in the person's language. */
export const ACCOUNT_LINK_MESSAGES = {
  loginRequired: "Enter your e-mail address or username",
  loginTooLong: "This is longer than any e-mail address or username",
  tokenMissing: "This link is incomplete. Open it from the e-mail again, or ask for a new one.",
  resetRequested:
    "If an account has this e-mail address or username, a link to choose a new password is on its way. It works for one hour.",
  passwordReset: "Your password was changed and you are signed in. Every other device was signed out.",
  passwordResetSecondStep:
    "Your password was changed and every other device was signed out. Enter your second factor to finish signing in.",
  emailConfirmed: "The e-mail address is confirmed.",
  verificationSent: "A new confirmation link is on its way.",
  emailChangeSent: "A confirmation link is on its way to the new address. Your address changes once you open it.",
  emailChanged: "Your e-mail address was changed.",
  emailChangeCancelled:
    "The change of address was cancelled and every device signed out. Sign in and choose a new password.",
} as const;
const M = ACCOUNT_LINK_MESSAGES;

/** 32 random bytes in base64url are 43 characters; anything much longer is not one of ours. */
const tokenSchema = z
  .string({ error: M.tokenMissing })
  .min(1, M.tokenMissing)
  .max(128, M.tokenMissing)
  .meta({ description: "The token from the link's address (?token=...)." });

/** POST /api/auth/password-reset: an e-mail address or a username, any case. */
export const passwordResetRequestSchema = z.object({
  login: z.string({ error: M.loginRequired }).trim().min(1, M.loginRequired).max(254, M.loginTooLong),
  captchaToken: captchaTokenField,
});

/** The one answer to every reset request, whoever it names (no account is revealed). */
export const passwordResetRequestedSchema = z.object({ message: z.string() }).meta({ id: "PasswordResetRequested" });

/** POST /api/auth/password-reset/confirm: the link's token and the new password (registration's rules). */
export const passwordResetConfirmSchema = z.object({ token: tokenSchema, password: passwordSchema });

/** POST /api/auth/verify-email, /api/auth/confirm-email-change and /api/auth/cancel-email-change. */
export const accountLinkSchema = z.object({ token: tokenSchema });

/** POST /api/auth/address-link: which link to look at before using it. */
export const addressLinkQuerySchema = z.object({
  token: tokenSchema,
  kind: z.enum(["verify", "change"]).meta({ description: "verify: /verify-email's link; change: /confirm-email's." }),
});

/** Whose account a confirmation link is for, before it is used (decision 0131). */
export const addressLinkSchema = z
  .object({
    username: z.string().meta({ description: "The account the link would change." }),
    email: z.string().meta({ description: "The address it would confirm." }),
  })
  .meta({ id: "AddressLink" });

/** Whose address a link confirmed: not necessarily the signed-in account's. */
export const emailConfirmedSchema = z
  .object({
    message: z.string(),
    username: z.string().meta({ description: "The account whose address was confirmed." }),
    email: z.string(),
  })
  .meta({ id: "EmailConfirmed" });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;

/** The old address's "this was not me" worked: the account whose change of address ended. */
export const emailChangeCancelledSchema = z
  .object({ message: z.string(), username: z.string() })
  .meta({ id: "EmailChangeCancelled" });

/**
 * An account's address: trimmed, at most 254 characters (what an SMTP path holds), no control
 * character anywhere (a line break in a header would let text become headers), ASCII as zod's
 * e-mail rule has it (so a Cyrillic look-alike of a Latin address is refused, never matched).
 */
const accountEmailSchema = z
  .string({ error: AUTH_FORM_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_FORM_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_FORM_MESSAGES.invalidEmail));

/** POST /api/user/email: the new address; the password unless the account has none yet (Google sign-in). */
export const changeEmailSchema = z.object({
  email: accountEmailSchema,
  currentPassword: z.string().max(PASSWORD_MAX, "The current password is incorrect.").default(""),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** A link was sent to this address (a change of address, a confirmation sent again). */
export const emailLinkSentSchema = z.object({ message: z.string(), email: z.string() }).meta({ id: "EmailLinkSent" });

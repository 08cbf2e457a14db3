/**
 * The messages the product sends (decision 0086). The essential ones go to whoever the account's
 * address is, always: they are part of the account (a reset link, a receipt, a security notice).
 * The others are notices a person can turn off on /my-account, or with one click in the message
 * itself (List-Unsubscribe, RFC 8058): each names the users column that holds the choice.
 */
import { NOTICE_KINDS } from "../../../shared/notices.js";

export const ESSENTIAL_MAIL_KINDS = [
  "password_reset",
  "password_changed",
  "verify_email",
  "email_change_confirm",
  "email_changed",
  "receipt",
  "api_token_created",
  "account_deleted",
  "plan_past_due",
  "plan_ended",
  "second_factor_added",
  "second_factor_removed",
  "recovery_codes_made",
  "second_factor_failures",
  "test",
] as const;

/**
 * The messages whose link the admin can have sent again as a new link (decision 0130): a reset and
 * an address confirmation. A change of address is asked for again by its person on My Account.
 */
const NEW_LINK_KINDS = ["password_reset", "verify_email"] as const;
export type NewLinkKind = (typeof NEW_LINK_KINDS)[number];
export const isNewLinkKind = (kind: string): kind is NewLinkKind =>
  (NEW_LINK_KINDS as readonly string[]).includes(kind);

/** The notices of shared/notices.ts: the web's /unsubscribe page names them too. */
export const OPTIONAL_MAIL_KINDS = NOTICE_KINDS;

type EssentialMailKind = (typeof ESSENTIAL_MAIL_KINDS)[number];
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];
export type MailKind = EssentialMailKind | OptionalMailKind;

export const isOptionalMailKind = (kind: string): kind is OptionalMailKind =>
  (OPTIONAL_MAIL_KINDS as readonly string[]).includes(kind);

/** The users column behind each optional notice (schema.ts: notify_*). */
export const NOTICE_COLUMN = {
  video_ready: "notifyVideoReady",
  video_failed: "notifyVideoFailed",
  low_balance: "notifyLowBalance",
  new_sign_in: "notifyNewSignIn",
} as const satisfies Record<OptionalMailKind, string>;

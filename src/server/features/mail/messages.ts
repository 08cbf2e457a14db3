/**
 * Every message the product sends, by kind, with the values its template needs (decision 0086).
 * `composeMail` picks the template; render.ts turns it into HTML and plain text.
 */
import type { MailKind } from "./kinds.js";
import {
  accountDeleted,
  apiTokenCreated,
  emailChangeConfirm,
  emailChanged,
  newSignIn,
  passwordChanged,
  passwordReset,
  verifyEmail,
} from "./templates/account.js";
import type { Composed } from "./templates/composed.js";
import type { MailFrame } from "./templates/layout.js";
import { lowBalance, testMessage, videoFailed, videoReady } from "./templates/notices.js";
import { planEnded, planPastDue } from "./templates/plans.js";
import { receipt, type ReceiptValues } from "./templates/receipt.js";
import {
  recoveryCodesMade,
  secondFactorAdded,
  secondFactorFailures,
  secondFactorRemoved,
  type FactorMethod,
} from "./templates/second-factor.js";

export type MailMessage =
  | { kind: "password_reset"; username: string; link: string }
  | { kind: "password_changed"; username: string; when: Date; resetLink: string }
  | { kind: "verify_email"; username: string; link: string; email: string }
  | { kind: "email_change_confirm"; username: string; link: string; email: string }
  /** `cancelLink`: with a change asked for, the old address's "this was not me" (decision 0128). */
  | { kind: "email_changed"; username: string; newEmail: string; pending: boolean; cancelLink?: string }
  | ({ kind: "receipt" } & ReceiptValues)
  | { kind: "api_token_created"; username: string; tokenName: string; when: Date }
  | { kind: "account_deleted"; username: string }
  /** A plan's renewal failed (issue 69): `until`, when its credits stop while the provider retries. */
  | { kind: "plan_past_due"; planName: string; until: Date | null; link: string }
  | { kind: "plan_ended"; planName: string; link: string }
  /** A second factor (decision 0135): `name` is a passkey's; "every" is an admin removing them all. */
  | { kind: "second_factor_added"; username: string; when: Date; method: FactorMethod; name: string | null }
  | { kind: "second_factor_removed"; username: string; when: Date; method: FactorMethod | "every"; name: string | null }
  | { kind: "recovery_codes_made"; username: string; when: Date }
  /** Wrong codes (or passkeys) reached the notice's count within `hours`. */
  | { kind: "second_factor_failures"; username: string; failures: number; hours: number }
  | { kind: "test" }
  | { kind: "video_ready"; prompt: string; link: string }
  | { kind: "video_failed"; prompt: string; refunded: number; link: string }
  /** `chosen`: the person set the threshold (the credits.low webhook's); else it is the default. */
  | { kind: "low_balance"; credits: number; threshold: number; chosen: boolean; link: string }
  /** `browser`: its name and system ("Firefox, Linux"), null when the User-Agent names none. */
  | { kind: "new_sign_in"; username: string; when: Date; browser: string | null; ip: string; resetLink: string };

// Every kind has a message shape, and every message shape is a kind.
type Exhaustive = [MailKind] extends [MailMessage["kind"]]
  ? [MailMessage["kind"]] extends [MailKind]
    ? true
    : never
  : never;
const exhaustive: Exhaustive = true;
void exhaustive;

export function composeMail(frame: MailFrame, message: MailMessage): Composed {
  switch (message.kind) {
    case "password_reset":
      return passwordReset(frame, message);
    case "password_changed":
      return passwordChanged(frame, message);
    case "verify_email":
      return verifyEmail(frame, message);
    case "email_change_confirm":
      return emailChangeConfirm(frame, message);
    case "email_changed":
      return emailChanged(frame, message);
    case "receipt":
      return receipt(frame, message);
    case "api_token_created":
      return apiTokenCreated(frame, message);
    case "account_deleted":
      return accountDeleted(frame, message);
    case "plan_past_due":
      return planPastDue(frame, message);
    case "plan_ended":
      return planEnded(frame, message);
    case "second_factor_added":
      return secondFactorAdded(frame, message);
    case "second_factor_removed":
      return secondFactorRemoved(frame, message);
    case "recovery_codes_made":
      return recoveryCodesMade(frame, message);
    case "second_factor_failures":
      return secondFactorFailures(frame, message);
    case "test":
      return testMessage(frame);
    case "video_ready":
      return videoReady(frame, message);
    case "video_failed":
      return videoFailed(frame, message);
    case "low_balance":
      return lowBalance(frame, message);
    case "new_sign_in":
      return newSignIn(frame, message);
  }
}

/** The outbox's words: each kind of message and each status, for the admin's Mail page (decision 0085). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18n } from "@/lib/i18n";
import type { MailStatusFilter } from "./mail-api";

const KINDS: Record<string, MessageDescriptor> = {
  password_reset: msg`Password reset`,
  password_changed: msg`Password changed`,
  verify_email: msg`Address confirmation`,
  email_change_confirm: msg`New address confirmation`,
  email_changed: msg`Address changed`,
  receipt: msg`Receipt`,
  api_token_created: msg`New API token`,
  account_deleted: msg`Account deleted`,
  second_factor_added: msg`Second factor added`,
  second_factor_removed: msg`Second factor removed`,
  recovery_codes_made: msg`Recovery codes made again`,
  second_factor_failures: msg`Wrong second-factor codes`,
  test: msg`Test`,
  video_ready: msg`Video ready`,
  video_failed: msg`Video failed`,
  low_balance: msg`Low balance`,
  new_sign_in: msg`New sign-in`,
};

/** A kind this page does not know (a newer server) shows as it is named. */
export const mailKindLabel = (kind: string) => (KINDS[kind] ? i18n._(KINDS[kind]) : kind);

const STATUSES: Record<MailStatusFilter, MessageDescriptor> = {
  pending: msg`Waiting`,
  sent: msg`Sent`,
  failed: msg`Failed`,
  kept: msg`Kept (no mail server)`,
};

export const mailStatusLabel = (status: MailStatusFilter) => i18n._(STATUSES[status]);
export const MAIL_STATUS_FILTERS = Object.keys(STATUSES) as MailStatusFilter[];

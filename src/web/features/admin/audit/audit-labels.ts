/** The audit log's words for what it records (src/shared/audit.ts): each action's and each target type's label. */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AuditAction } from "../../../../shared/audit";
import { i18n } from "@/lib/i18n";

export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  "admin.sign_in": msg`Admin signed in`,
  "settings.update": msg`Settings changed`,
  "prices.at_margin": msg`Prices set to cost + margin`,
  "telegram.update": msg`Telegram settings changed`,
  "telegram.test": msg`Telegram test sent`,
  "mail.update": msg`Mail settings changed`,
  "mail.test": msg`Test e-mail sent`,
  "mail.new_link": msg`New account link sent`,
  "sign_ups.update": msg`Sign-up protection changed`,
  "moderation.update": msg`Prompt screening changed`,
  "moderation.review": msg`Screened prompt reviewed`,
  "package.create": msg`Credit package added`,
  "package.update": msg`Credit package changed`,
  "package.delete": msg`Credit package deleted`,
  "plan.create": msg`Plan added`,
  "plan.update": msg`Plan changed`,
  "plan.delete": msg`Plan deleted`,
  "subscription.cancel": msg`Plan cancelled for a person`,
  "code.create": msg`Code added`,
  "code.bulk_create": msg`Codes added in bulk`,
  "code.update": msg`Code changed`,
  "code.redeem": msg`Code redeemed`,
  "code.export": msg`Codes exported`,
  "user.credits": msg`Credits changed`,
  "user.enable": msg`User enabled`,
  "user.disable": msg`User disabled`,
  "user.sign_out": msg`User signed out everywhere`,
  "user.in_flight_limit": msg`Videos-at-once limit changed`,
  "user.api_token_revoke": msg`API token revoked`,
  "user.second_factor_remove": msg`User's second factors removed`,
  "second_factor.enrol": msg`Second factor added`,
  "second_factor.remove": msg`Second factor removed`,
  "second_factor.recovery_codes": msg`Recovery codes made again`,
  "second_factor.require": msg`Second factor requirement changed`,
  "account.delete": msg`Account deleted by its owner`,
  "transaction.refund": msg`Video refunded`,
  "kie_api.create": msg`Provider account added`,
  "kie_api.update": msg`Provider account changed`,
  "kie_api.delete": msg`Provider account deleted`,
  "kie_api.check_balance": msg`Provider balance checked`,
  "vendor_model.update": msg`Provider model id changed`,
  "videos.recheck_failed": msg`Failed videos re-checked`,
  "videos.delete_failed": msg`Failed videos deleted`,
  "export.users": msg`Users exported`,
  "export.transactions": msg`Transactions exported`,
  "legal.update": msg`Legal page changed`,
  "showcase.update": msg`Showcase changed`,
  "explore.approve": msg`Explore video approved`,
  "explore.hide": msg`Explore video hidden`,
  "explore.restore": msg`Explore video restored`,
  "explore.feature": msg`Explore video featured`,
  "explore.unfeature": msg`Explore video no longer featured`,
  "explore.dismiss_reports": msg`Explore reports dismissed`,
  "explore.delete": msg`Explore video deleted`,
  "payment.refund": msg`Payment refunded`,
  "payment.chargeback": msg`Chargeback lost`,
  "payment.dispute_opened": msg`Chargeback opened`,
  "payment.dispute_resolved": msg`Dispute decided`,
};

/** An action's label in the active language; an action this page does not know shows by its name. */
export function auditActionLabel(action: string): string {
  const label = (AUDIT_ACTION_LABELS as Partial<Record<string, MessageDescriptor>>)[action];
  return label ? i18n._(label) : action;
}

const TARGET_TYPE_LABELS: Partial<Record<string, MessageDescriptor>> = {
  user: msg`User`,
  settings: msg`Settings`,
  package: msg`Credit package`,
  kie_api: msg`Provider account`,
  vendor_model: msg`Model id`,
  video: msg`Video`,
  legal_page: msg`Legal page`,
  showcase: msg`Showcase`,
  payment_order: msg`Payment`,
  moderation_event: msg`Screened prompt`,
  promo_code: msg`Code`,
};

/** A target type's label in the active language; an unknown type shows as it is. */
export function targetTypeLabel(type: string): string {
  const label = TARGET_TYPE_LABELS[type];
  return label ? i18n._(label) : type;
}

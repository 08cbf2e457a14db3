/**
 * The words for the coded values an audit entry keeps (decision 0052): a setting's choice, how
 * something was done, where it came from. A value this page does not know shows as it is.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18n } from "@/lib/i18n";
import { LEGAL_PAGE_TITLES } from "@/lib/legal-page-names";
import { DECISION_LABELS, OUTCOME_LABELS, SCREENER_LABELS } from "@/features/admin/moderation/moderation-labels";

type Words = Partial<Record<string, MessageDescriptor>>;

const ENVIRONMENTS: Words = {
  sandbox: msg`Sandbox (test)`,
  production: msg`Live`,
  test: msg`Test mode`,
  prod: msg`Live`,
};
const SCREENING_ACTIONS: Words = { refuse: msg`Refuse the video`, review: msg`Make it, to review` };
const METHODS: Words = {
  password: msg`Password`,
  google: msg`Google`,
  totp: msg`Authenticator app`,
  passkey: msg`Passkey`,
};

/** By field: the same code can mean different things in two fields. */
/** A model id mapping's lifecycle (issue 74, decision 0174). */
const MAPPING_STATES: Words = {
  active: msg`Active`,
  deprecated: msg`Deprecated`,
  deactivated: msg`Deactivated`,
};
const VALUE_WORDS: Partial<Record<string, Words>> = {
  state: MAPPING_STATES,
  kieSurface: { veo: msg`Veo API`, market: msg`Market jobs API` },
  paypalEnvironment: ENVIRONMENTS,
  creemEnvironment: ENVIRONMENTS,
  environment: ENVIRONMENTS,
  smtpSecurity: { starttls: msg`STARTTLS (port 587)`, tls: msg`TLS (port 465)`, none: msg`None` },
  exploreStatus: { pending: msg`Waiting for approval`, listed: msg`Listed`, hidden: msg`Hidden` },
  exploreMode: { off: msg`Off`, open: msg`Open`, approval: msg`Approval first` },
  moderationFlagAction: SCREENING_ACTIONS,
  moderationUnreachableAction: SCREENING_ACTIONS,
  method: METHODS,
  proof: METHODS,
  kind: { password_reset: msg`Password reset`, verify_email: msg`Address confirmation` },
  from: { user_page: msg`The user's page` },
  source: {
    provider: msg`The payment provider`,
    recheck: msg`Re-check with the provider`,
    admin: msg`An admin`,
    manual: msg`Recorded by an admin`,
  },
  part: { "4k": msg`4K upgrade` },
  outcome: { won: msg`Won`, lost: msg`Lost` },
  locale: { en: msg`English`, vi: msg`Vietnamese` },
  page: LEGAL_PAGE_TITLES,
  // A payment provider's keys as tried on save (decision 0145).
  status: { checked: msg`tried`, unchecked: msg`not tried`, off: msg`off` },
  webhook: { found: msg`found`, not_found: msg`not found`, not_checked: msg`not checked`, not_set: msg`not set` },
};

/** Screened prompts keep the moderation tab's own words. */
const REVIEW_WORDS: Partial<Record<string, Words>> = {
  screener: SCREENER_LABELS,
  decision: DECISION_LABELS,
  outcome: OUTCOME_LABELS,
};

/** Brand names: the same in every language. */
/* eslint-disable lingui/no-unlocalized-strings -- brand names */
const NAMES: Partial<Record<string, string>> = {
  creem: "Creem",
  paypal: "PayPal",
  kie: "KIE",
  google: "Google",
  vertex: "Vertex AI",
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The words for `field`'s coded `value` in the active language, if there are any. */
export function valueWords(field: string, value: string, action?: string): string | undefined {
  const words = action === "moderation.review" ? REVIEW_WORDS[field] : VALUE_WORDS[field];
  const label = words?.[value];
  if (label) return i18n._(label);
  if (field === "provider" || field === "vendor" || field === "vendorOrder") return NAMES[value];
  return undefined;
}

/**
 * The sections of /admin/settings, each at its own address (decision 0148), and the cards each
 * holds by their anchors, so a link to a card (the set-up checklist's, an old bookmark's
 * /admin/settings#contact-title) opens the section it is in.
 */
export const SETTINGS_SECTIONS = [
  "payments",
  "prices",
  "models",
  "mail",
  "sign-ups",
  "moderation",
  "contact",
  "legal",
  "appearance",
  "operations",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const ANCHORS = {
  payments: ["paypal-title", "creem-title"],
  prices: ["pricing-title", "credit-value-title", "packages-title", "plans-title"],
  models: ["kie-token-title", "model-vendors-title", "kie-apis-title", "vendor-models-title"],
  mail: ["mail-title", "mail-test-title"],
  "sign-ups": ["sign-ups-title", "google-title", "welcome-title", "referrals-title"],
  moderation: ["moderation-title", "explore-title"],
  contact: ["contact-title"],
  legal: ["legal-pages-title"],
  appearance: ["showcase-title"],
  operations: ["telegram-title", "fair-use-title", "video-storage-title", "recovery-title"],
} as const satisfies Record<SettingsSection, readonly string[]>;
export type SettingsAnchor = (typeof ANCHORS)[SettingsSection][number];

export const isSettingsSection = (name: string): name is SettingsSection =>
  (SETTINGS_SECTIONS as readonly string[]).includes(name);

/** The section holding the card at `anchor`; the first section for an anchor no section holds. */
export function sectionOfAnchor(anchor: string): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => (ANCHORS[section] as readonly string[]).includes(anchor)) ?? "payments";
}

/** The address of a settings section, or of one card in it. */
export function settingsHref(to: SettingsSection | SettingsAnchor): string {
  return isSettingsSection(to) ? `/admin/settings/${to}` : `/admin/settings/${sectionOfAnchor(to)}#${to}`;
}

/** The public contact channels (GET /api/contact), configured by the operator (CONTACT_* settings). */
export const CONTACT_CHANNEL_KINDS = ["zalo", "zalo-group", "telegram", "email"] as const;
export type ContactChannelKind = (typeof CONTACT_CHANNEL_KINDS)[number];

export interface ContactChannel {
  kind: ContactChannelKind;
  /** The button's text, e.g. "Chat on Zalo". */
  label: string;
  /** What the visitor will reach: a phone number, @username, address or group link. */
  detail: string;
  /** Ready to open: https://zalo.me/…, https://t.me/…, mailto:… */
  href: string;
}

export interface ContactResponse {
  channels: ContactChannel[];
}

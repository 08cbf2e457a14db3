/**
 * What is wrong with a contact channel as typed, in the owner's words (issue 68): checked with the
 * server's own rules (shared/schemas/contact-fields.ts) before the save, so the owner reads
 * "Enter a Telegram username…" beside the field, never "contactTelegram must be…".
 */
import { t } from "@lingui/core/macro";
import {
  contactEmailRule,
  telegramUsernameRule,
  zaloGroupUrlRule,
  zaloPhoneRule,
} from "../../../../shared/schemas/contact-fields";

export type Channel = "contactZaloPhone" | "contactZaloGroupUrl" | "contactTelegram" | "contactEmail";

const RULES = {
  contactZaloPhone: zaloPhoneRule(),
  contactZaloGroupUrl: zaloGroupUrlRule(),
  contactTelegram: telegramUsernameRule(),
  contactEmail: contactEmailRule(),
};

function words(channel: Channel): string {
  switch (channel) {
    case "contactZaloPhone":
      return t`Enter a phone number of 8 to 15 digits, e.g. +84 912 345 678.`;
    case "contactZaloGroupUrl":
      return t`Enter the community's link, starting with https://, e.g. https://zalo.me/g/abc123.`;
    case "contactTelegram":
      return t`Enter a Telegram username of 5 to 32 letters, digits or _, e.g. @your_name.`;
    case "contactEmail":
      return t`Enter an e-mail address, e.g. support@example.com.`;
  }
}

/** The problem with each channel that has one; a blank channel is fine (its default applies). */
export function contactProblems(draft: Record<Channel, string>): Partial<Record<Channel, string>> {
  const problems: Partial<Record<Channel, string>> = {};
  for (const channel of Object.keys(RULES) as Channel[]) {
    const value = draft[channel].trim();
    if (value && !RULES[channel].safeParse(value).success) problems[channel] = words(channel);
  }
  return problems;
}

/**
 * The contact channels in force (decision 0074): each one the admin set in the settings, else its
 * CONTACT_* variable. The /contact page and the admin's set-up checklist read them from here.
 */
import type { ContactConfig } from "../../config.js";
import type { ContactChannel } from "../../../shared/schemas/contact.js";
import type { Settings } from "../settings/service.js";

export function contactInForce(
  settings: Pick<Settings, "contactZaloPhone" | "contactZaloGroupUrl" | "contactTelegram" | "contactEmail">,
  defaults: ContactConfig,
): ContactConfig {
  return {
    zaloPhone: settings.contactZaloPhone ?? defaults.zaloPhone,
    zaloGroupUrl: settings.contactZaloGroupUrl ?? defaults.zaloGroupUrl,
    telegram: settings.contactTelegram ?? defaults.telegram,
    email: settings.contactEmail ?? defaults.email,
  };
}

/** In the order the page shows them; unset channels are left out. */
export function contactChannels(c: ContactConfig): ContactChannel[] {
  const channels: ContactChannel[] = [];
  if (c.zaloPhone) {
    channels.push({
      kind: "zalo",
      label: "Chat on Zalo",
      detail: `+${c.zaloPhone}`,
      href: `https://zalo.me/${c.zaloPhone}`,
    });
  }
  if (c.zaloGroupUrl) {
    channels.push({
      kind: "zalo-group",
      label: "Join the Zalo community",
      detail: c.zaloGroupUrl.replace(/^https:\/\//, ""),
      href: c.zaloGroupUrl,
    });
  }
  if (c.telegram) {
    channels.push({
      kind: "telegram",
      label: "Message us on Telegram",
      detail: `@${c.telegram}`,
      href: `https://t.me/${c.telegram}`,
    });
  }
  if (c.email) {
    channels.push({ kind: "email", label: "Send an e-mail", detail: c.email, href: `mailto:${c.email}` });
  }
  return channels;
}

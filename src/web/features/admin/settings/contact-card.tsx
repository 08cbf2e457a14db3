/**
 * The contact channels of /contact (decision 0074): the admin's own, each over its CONTACT_*
 * default, which shows as the placeholder and applies while the field is blank.
 */
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { useSaveSettings } from "@/features/admin/admin-api";
import { TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { SaveButton } from "./save-button";

type Channel = "contactZaloPhone" | "contactZaloGroupUrl" | "contactTelegram" | "contactEmail";
const DEFAULT_OF = {
  contactZaloPhone: "zaloPhone",
  contactZaloGroupUrl: "zaloGroupUrl",
  contactTelegram: "telegram",
  contactEmail: "email",
} as const satisfies Record<Channel, keyof AdminSettingsView["contactDefaults"]>;

/** How a stored value is typed back: a phone with its +, a Telegram name with its @. */
function shown(channel: Channel, value: string | null): string {
  if (!value) return "";
  if (channel === "contactZaloPhone") return `+${value}`;
  if (channel === "contactTelegram") return `@${value}`;
  return value;
}

export function ContactCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Record<Channel, string>>({
    contactZaloPhone: shown("contactZaloPhone", settings.contactZaloPhone),
    contactZaloGroupUrl: shown("contactZaloGroupUrl", settings.contactZaloGroupUrl),
    contactTelegram: shown("contactTelegram", settings.contactTelegram),
    contactEmail: shown("contactEmail", settings.contactEmail),
  });
  const set = (channel: Channel) => (value: string) => setDraft((d) => ({ ...d, [channel]: value }));
  /** The placeholder: the CONTACT_* value that applies while the field is blank. */
  const placeholder = (channel: Channel, example: string) => {
    const fallback = shown(channel, settings.contactDefaults[DEFAULT_OF[channel]]);
    return fallback ? t`Default: ${fallback}` : example;
  };
  const hint = t`Left blank: the server's default (CONTACT_* setting), if any, or not shown.`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      contactZaloPhone: draft.contactZaloPhone.trim(),
      contactZaloGroupUrl: draft.contactZaloGroupUrl.trim(),
      contactTelegram: draft.contactTelegram.trim(),
      contactEmail: draft.contactEmail.trim(),
    });
  };

  return (
    <SectionCard
      id="contact-title"
      title={t`Contact channels`}
      description={t`Shown on the contact page. Customers reach you here about payments and videos.`}
    >
      <form onSubmit={submit} className="grid gap-4" aria-label={t`Contact channels`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="contactZaloPhone"
            label={t`Zalo phone number`}
            inputMode="tel"
            placeholder={placeholder("contactZaloPhone", "+84 912 345 678")}
            value={draft.contactZaloPhone}
            onValueChange={set("contactZaloPhone")}
            hint={hint}
          />
          <TextField
            id="contactZaloGroupUrl"
            label={t`Zalo community link`}
            inputMode="url"
            placeholder={placeholder("contactZaloGroupUrl", "https://zalo.me/g/...")}
            value={draft.contactZaloGroupUrl}
            onValueChange={set("contactZaloGroupUrl")}
          />
          <TextField
            id="contactTelegram"
            label={t`Telegram username`}
            placeholder={placeholder("contactTelegram", "@your_name")}
            value={draft.contactTelegram}
            onValueChange={set("contactTelegram")}
          />
          <TextField
            id="contactEmail"
            label={t`Support e-mail`}
            type="email"
            inputMode="email"
            placeholder={placeholder("contactEmail", "support@example.com")}
            value={draft.contactEmail}
            onValueChange={set("contactEmail")}
          />
        </div>
        <SaveButton pending={save.isPending} label={<Trans>Save Contact Channels</Trans>} />
      </form>
    </SectionCard>
  );
}

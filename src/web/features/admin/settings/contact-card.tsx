/**
 * The contact channels of /contact (decision 0074): the admin's own, each over its CONTACT_*
 * default, which shows as the placeholder and applies while the field is blank.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { useSaveSettings } from "@/features/admin/admin-api";
import { TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { contactProblems, type Channel } from "./contact-problems";

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

/** The card's draft: each channel as it is typed back. */
const channelsOf = (s: AdminSettingsView): Record<Channel, string> => ({
  contactZaloPhone: shown("contactZaloPhone", s.contactZaloPhone),
  contactZaloGroupUrl: shown("contactZaloGroupUrl", s.contactZaloGroupUrl),
  contactTelegram: shown("contactTelegram", s.contactTelegram),
  contactEmail: shown("contactEmail", s.contactEmail),
});

export function ContactCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const save = useSaveSettings();
  const { draft, set: setChannel, dirty, resetTo } = useSavedDraft(settings, channelsOf);
  const [problems, setProblems] = useState<Partial<Record<Channel, string>>>({});
  const set = (channel: Channel) => (value: string) => {
    setChannel(channel)(value);
    setProblems((p) => ({ ...p, [channel]: undefined }));
  };
  /** The placeholder: the CONTACT_* value that applies while the field is blank. */
  const placeholder = (channel: Channel, example: string) => {
    const fallback = shown(channel, settings.contactDefaults[DEFAULT_OF[channel]]);
    return fallback ? t`Default: ${fallback}` : example;
  };
  /** A channel's field: its id, what it shows while blank, its value as typed. */
  const field = (channel: Channel, example: string) => ({
    id: channel,
    error: problems[channel],
    placeholder: placeholder(channel, example),
    value: draft[channel],
    onValueChange: set(channel),
  });
  const hint = t`Left blank: the server's default (CONTACT_* setting), if any, or not shown.`;

  useSectionPart({
    dirty,
    check: () => {
      const found = contactProblems(draft);
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () =>
      savedOrNot(
        save
          .mutateAsync({
            contactZaloPhone: draft.contactZaloPhone.trim(),
            contactZaloGroupUrl: draft.contactZaloGroupUrl.trim(),
            contactTelegram: draft.contactTelegram.trim(),
            contactEmail: draft.contactEmail.trim(),
          })
          .then(({ settings: now }) => resetTo(now)),
      ),
  });

  return (
    <SectionCard
      id="contact-title"
      title={t`Contact channels`}
      description={t`Shown on the contact page. Customers reach you here about payments and videos.`}
    >
      <div role="group" className="grid gap-4" aria-label={t`Contact channels`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Zalo phone number`}
            inputMode="tel"
            hint={hint}
            {...field("contactZaloPhone", "+84 912 345 678")}
          />
          <TextField
            label={t`Zalo community link`}
            inputMode="url"
            {...field("contactZaloGroupUrl", "https://zalo.me/g/...")}
          />
          <TextField label={t`Telegram username`} {...field("contactTelegram", "@your_name")} />
          <TextField
            label={t`Support e-mail`}
            type="email"
            inputMode="email"
            {...field("contactEmail", "support@example.com")}
          />
        </div>
      </div>
    </SectionCard>
  );
}

/**
 * The Welcome credits card of the Sign-ups section (issue 70): the credits a new person gets once
 * their identity is verified, as a lot that expires, how many a client address and a network may
 * get a day, and whether videos paid with them are marked. Saved on PUT /api/admin/settings/sign-ups
 * beside the Sign-ups card, as its own part of the section.
 */
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { signUpSettingsSchema } from "../../../../shared/schemas/sign-up-protection";
import { resolvePrices, webCost } from "../../../../shared/prices";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { modelLabel } from "@/lib/catalogue-text";
import { formatNumber } from "@/lib/format";
import type { Problems } from "./field-binders";
import { FieldsCard } from "./fields-card";
import { refusedFields } from "./refused-fields";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { useSaveSignUpSettings } from "./sign-ups-api";

/** The card's fields as typed, by the keys the route takes; blank credits: one Veo3 Fast video. */
const draftOf = (s: AdminSettingsView) => ({
  welcomeGrantEnabled: s.welcomeGrantEnabled,
  welcomeGrantCredits: s.welcomeGrantCredits === null ? "" : String(s.welcomeGrantCredits),
  welcomeGrantDays: String(s.welcomeGrantDays),
  welcomeGrantsPerAddress: String(s.welcomeGrantsPerAddress),
  welcomeGrantsPerNetwork: String(s.welcomeGrantsPerNetwork),
  welcomeVideosWatermarked: s.welcomeVideosWatermarked,
});
type NumberKey = "welcomeGrantCredits" | "welcomeGrantDays" | "welcomeGrantsPerAddress" | "welcomeGrantsPerNetwork";

/** What one Veo3 Fast video costs on the web at the saved prices: what blank credits grant. */
const fastVideoCost = (s: AdminSettingsView): number =>
  webCost(
    resolvePrices(
      Object.fromEntries(Object.entries(s.prices).map(([item, price]) => [item, { web: price.webCredits }])),
    ),
    "veo3_fast",
  );

export function WelcomeCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, draftOf);
  const save = useSaveSignUpSettings();
  const [problems, setProblems] = useState<Problems>({});
  const model = modelLabel("veo3_fast");
  const fastCostText = plural(fastVideoCost(settings), { one: "# credit", other: "# credits" });

  const credits = draft.welcomeGrantCredits.trim();
  const body = {
    welcomeGrantEnabled: draft.welcomeGrantEnabled,
    welcomeGrantCredits: credits === "" ? null : credits,
    welcomeGrantDays: draft.welcomeGrantDays.trim(),
    welcomeGrantsPerAddress: draft.welcomeGrantsPerAddress.trim(),
    welcomeGrantsPerNetwork: draft.welcomeGrantsPerNetwork.trim(),
    welcomeVideosWatermarked: draft.welcomeVideosWatermarked,
  };
  useSectionPart({
    dirty,
    check: () => {
      // The route's limits (shared/schemas/sign-up-protection.ts), in the owner's words.
      const [maxCredits, maxPerAddress, maxPerNetwork] = [100_000, 1000, 10_000].map((n) => formatNumber(n));
      const found = refusedFields(signUpSettingsSchema, body, {
        welcomeGrantCredits: t`Enter a whole number of credits from 1 to ${maxCredits}, or leave it blank for one ${model} video.`,
        welcomeGrantDays: t`Enter a whole number of days from 1 to 365.`,
        welcomeGrantsPerAddress: t`Enter a whole number from 1 to ${maxPerAddress}.`,
        welcomeGrantsPerNetwork: t`Enter a whole number from 1 to ${maxPerNetwork}.`,
      });
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });

  /** A number field bound to its key, whose problem typing clears. */
  const numberField = (key: NumberKey) => ({
    id: key,
    inputMode: "numeric" as const,
    value: draft[key],
    error: problems[key],
    onValueChange: (value: string) => {
      set(key)(value);
      setProblems((p) => ({ ...p, [key]: undefined }));
    },
  });
  const flag = (key: "welcomeGrantEnabled" | "welcomeVideosWatermarked") => ({
    id: key,
    checked: draft[key],
    onCheckedChange: (checked: boolean) => set(key)(checked),
  });

  return (
    <FieldsCard
      id="welcome-title"
      title={t`Welcome credits`}
      description={t`Given once per person after their address is confirmed or they sign in with Google; never to throwaway addresses.`}
    >
      <CheckboxField label={t`Give new people welcome credits`} {...flag("welcomeGrantEnabled")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Credits`}
          placeholder={t`One ${model} video`}
          hint={t`Left blank: one ${model} video, ${fastCostText} at today's prices.`}
          {...numberField("welcomeGrantCredits")}
        />
        <TextField
          label={t`Days they last`}
          hint={t`Unspent welcome credits expire after this.`}
          {...numberField("welcomeGrantDays")}
        />
        <TextField
          label={t`Per client address a day`}
          hint={t`At most this many people from one client address get them in a day.`}
          {...numberField("welcomeGrantsPerAddress")}
        />
        <TextField
          label={t`Per network a day`}
          hint={t`The same for a whole network (IPv4 /24, IPv6 /48).`}
          {...numberField("welcomeGrantsPerNetwork")}
        />
      </div>
      <div className="space-y-1">
        <CheckboxField
          label={t`Mark videos made with welcome credits: watermark, 720p`}
          {...flag("welcomeVideosWatermarked")}
        />
        <p className="text-muted-foreground pl-6.5 text-xs">
          {t`They carry the site's name as a watermark and get no 1080p or 4K version; models that cannot carry a watermark are refused for them. Bought credits pay for those instead.`}
        </p>
      </div>
    </FieldsCard>
  );
}

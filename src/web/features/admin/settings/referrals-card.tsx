/**
 * The Referrals card of the Sign-ups section (issue 70, decision 0157): the programme on or off,
 * the referred person's bonus and its days, the referrer's share, its months, the cap per referred
 * person, the hold before a reward is granted and the link's attribution window. Saved on PUT
 * /api/admin/settings/referrals with the section's bar, as its own part. Cash commissions are
 * Creem's Affiliate Hub, not this programme: the card says so.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { REFERRAL_LIMITS, referralSettingsSchema } from "../../../../shared/schemas/referrals";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { formatNumber } from "@/lib/format";
import type { Problems } from "./field-binders";
import { FieldsCard } from "./fields-card";
import { refusedFields } from "./refused-fields";
import { useSaveReferralSettings } from "./referrals-api";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";

type NumberKey = keyof typeof REFERRAL_LIMITS;
const NUMBER_KEYS = Object.keys(REFERRAL_LIMITS) as NumberKey[];

/** The card's fields as typed, by the keys the route takes. */
const draftOf = (s: AdminSettingsView) => ({
  referralEnabled: s.referralEnabled,
  ...(Object.fromEntries(NUMBER_KEYS.map((key) => [key, String(s[key])])) as Record<NumberKey, string>),
});

export function ReferralsCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, draftOf);
  const save = useSaveReferralSettings();
  const [problems, setProblems] = useState<Problems>({});

  const body = {
    referralEnabled: draft.referralEnabled,
    ...(Object.fromEntries(NUMBER_KEYS.map((key) => [key, draft[key].trim()])) as Record<NumberKey, string>),
  };
  useSectionPart({
    dirty,
    check: () => {
      const words = Object.fromEntries(
        NUMBER_KEYS.map((key) => {
          const [min, max] = REFERRAL_LIMITS[key].map((n) => formatNumber(n));
          return [key, t`Enter a whole number from ${min} to ${max}.`];
        }),
      );
      const found = refusedFields(referralSettingsSchema, body, words);
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });

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

  return (
    <FieldsCard
      id="referrals-title"
      title={t`Referrals`}
      description={t`Every person gets a link; people who join through it get a bonus once verified, and the referrer earns a share of what they pay, in credits. Cash commissions are not paid here: for those, use Creem's own affiliate programme (Creem Affiliate Hub).`}
    >
      <CheckboxField
        id="referralEnabled"
        label={t`Run the referral programme`}
        checked={draft.referralEnabled}
        onCheckedChange={(checked: boolean) => set("referralEnabled")(checked)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Share of each payment (%)`}
          hint={t`Of what a referred person pays, turned into credits at the credit's value.`}
          {...numberField("referralSharePercent")}
        />
        <TextField
          label={t`Months a referred person earns`}
          hint={t`Payments made this long after joining earn the share.`}
          {...numberField("referralMonths")}
        />
        <TextField
          label={t`Cap per referred person (credits)`}
          hint={t`A referrer earns at most this much from one person.`}
          {...numberField("referralCapCredits")}
        />
        <TextField
          label={t`Hold before granting (hours)`}
          hint={t`At least 24. A payment refunded before then earns nothing; after, the reward is taken back.`}
          {...numberField("referralHoldHours")}
        />
        <TextField
          label={t`Bonus for the referred person (credits)`}
          hint={t`Given once their address is confirmed; 0 gives none.`}
          {...numberField("referralRefereeCredits")}
        />
        <TextField
          label={t`Days the bonus lasts`}
          hint={t`Unspent bonus credits expire after this.`}
          {...numberField("referralRefereeDays")}
        />
        <TextField
          label={t`Days a link's visit counts`}
          hint={t`A sign-up this long after following a link still counts for it.`}
          {...numberField("referralAttributionDays")}
        />
      </div>
    </FieldsCard>
  );
}

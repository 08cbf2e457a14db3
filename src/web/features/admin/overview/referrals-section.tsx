import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { adminReferralsApi } from "../../../../shared/api/admin-referrals";
import { OVERVIEW_RANGE_DAYS, type AdminOverview } from "../../../../shared/schemas/admin-overview";
import type { AdminReferrals } from "../../../../shared/schemas/referrals";
import { SectionCard } from "@/components/ui/section-card";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { callQuery } from "@/lib/api";
import { Figure } from "./figure";
import { formatCount, formatMoney } from "./overview-format";

/**
 * The referral programme in the overview's range (issue 70, decision 0157): sign-ups through
 * links (and those refused as look-alikes), referred people who paid and what they paid, the
 * reward credits granted and still held, the bonus given. Drawn once anyone ever joined by a link.
 */
export function ReferralsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const days = OVERVIEW_RANGE_DAYS[data.range];
  const query = useQuery<AdminReferrals>({
    queryKey: adminQueryKeys.referrals(days),
    queryFn: callQuery(adminReferralsApi.summary, { query: { days } }),
    staleTime: 60_000,
  });
  const r = query.data;
  if (!r || r.totalSignUps === 0) return null;
  const refused = formatCount(r.refused);
  const held = formatCount(r.creditsHeld);
  return (
    <SectionCard
      id="overview-referrals"
      title={t`Referrals`}
      description={
        r.enabled
          ? t`People who joined through someone's link, what they paid (less refunds) and the credits their referrers earned.`
          : t`The referral programme is off: no new referrals or rewards. Figures of earlier ones below.`
      }
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label={t`Referral totals`}>
        <Figure
          label={t`Referral sign-ups`}
          value={formatCount(r.signUps)}
          detail={r.refused > 0 ? t`Refused as look-alikes: ${refused}` : undefined}
        />
        <Figure label={t`Referred people who paid`} value={formatCount(r.buyers)} />
        <Figure label={t`Referral revenue`} value={formatMoney(r.revenueUsd, "USD")} />
        <Figure label={t`Reward credits granted`} value={formatCount(r.creditsGranted)} detail={t`Held now: ${held}`} />
      </dl>
    </SectionCard>
  );
}

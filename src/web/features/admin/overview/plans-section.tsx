import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import { Figure } from "./figure";
import { formatCount, formatMoney, formatRate } from "./overview-format";

/**
 * Plans now (issue 69): live and past due, ended this month, monthly recurring revenue and the
 * churn of the last 30 days. Drawn only once anyone ever had a plan.
 */
export function PlansSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const p = data.plans;
  if (!p || (p.active === 0 && p.pastDue === 0 && p.cancelledThisMonth === 0 && p.churn === null)) return null;
  return (
    <SectionCard
      id="overview-plans"
      title={t`Plans`}
      description={t`Subscriptions now. Monthly recurring revenue counts a yearly plan as a twelfth of its price; churn is plans ended in the last 30 days ÷ plans live 30 days ago.`}
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" aria-label={t`Plan totals`}>
        <Figure label={t`Active`} value={formatCount(p.active)} />
        <Figure label={t`Past due`} value={formatCount(p.pastDue)} />
        <Figure label={t`Ended this month`} value={formatCount(p.cancelledThisMonth)} />
        <Figure label={t`Monthly recurring revenue`} value={formatMoney(p.mrr, "USD")} />
        <Figure label={t`Churn (30 days)`} value={formatRate(p.churn)} />
      </dl>
    </SectionCard>
  );
}

import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import type { ChartSeries, DayPoint } from "./daily-bar-chart";
import { DailyChartAndTable } from "./daily-chart-and-table";
import { Figure } from "./figure";
import { formatCount, RANGE_PHRASES } from "./overview-format";

/** Credits sold, spent and refunded: the range's totals, then per day. */
export function CreditsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const c = data.credits;
  const points: DayPoint[] = c.byDay.map((d) => ({ ...d }));
  const series: ChartSeries[] = [
    { key: "sold", label: t`Sold`, color: "#34d399" },
    { key: "spent", label: t`Spent`, color: "#e879f9" },
    { key: "refunded", label: t`Refunded`, color: "#fbbf24" },
  ];
  const caption = t`Credits sold, spent and refunded per day, ${range}`;
  const [sold, spent, refunded] = [formatCount(c.sold), formatCount(c.spent), formatCount(c.refunded)];
  return (
    <SectionCard
      id="overview-credits"
      title={t`Credits sold and spent`}
      description={t`Sold: credits bought. Spent: credits charged for videos and 4K upgrades. Refunded: credits given back.`}
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-8" aria-label={t`Credit totals`}>
        <Figure label={t`Sold`} value={sold} />
        <Figure label={t`Spent`} value={spent} />
        <Figure label={t`Refunded`} value={refunded} />
        <Figure label={t`Net spent`} value={formatCount(c.netSpent)} detail={t`spent - refunded`} />
        <Figure label={t`Added by admins`} value={formatCount(c.adjustedUp)} />
        <Figure label={t`Removed by admins`} value={formatCount(c.adjustedDown)} />
        <Figure label={t`Granted by plans`} value={formatCount(c.planCredits)} />
        <Figure label={t`Expired unused`} value={formatCount(c.expired)} />
      </dl>
      <DailyChartAndTable
        caption={caption}
        chartLabel={t`Bar chart: ${caption}. Totals: ${sold} sold, ${spent} spent, ${refunded} refunded. The numbers are in the table "${caption}".`}
        points={points}
        series={series}
        formatValue={formatCount}
        totals={{ sold: c.sold, spent: c.spent, refunded: c.refunded }}
      />
    </SectionCard>
  );
}

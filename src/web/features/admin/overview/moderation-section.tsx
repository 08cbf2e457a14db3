/** The overview's prompt screening (decision 0089): requests refused for their prompt, refused unchecked, and made for review, per day. */
import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import type { ChartSeries, DayPoint } from "./daily-bar-chart";
import { DailyChartAndTable } from "./daily-chart-and-table";
import { formatCount, RANGE_PHRASES } from "./overview-format";

export function ModerationSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const moderation = data.moderation;
  if (!moderation) return null;
  const range = t(RANGE_PHRASES[data.range]);
  const points: DayPoint[] = moderation.byDay.map((d) => ({ ...d }));
  const series: ChartSeries[] = [
    { key: "refused", label: t`Refused`, color: "#f87171" },
    { key: "unscreened", label: t`Refused, not checked`, color: "#a1a1aa" },
    { key: "review", label: t`Made, to review`, color: "#fbbf24" },
  ];
  const caption = t`Screened requests per day, ${range}`;
  const [refused, unscreened, review] = [moderation.refused, moderation.unscreened, moderation.review].map(formatCount);
  return (
    <SectionCard
      id="overview-moderation"
      title={t`Prompt screening`}
      description={
        <>
          {t`Refused: the prompt was denied, or flagged while flags refuse. Not checked: a screener could not be reached. Each request counts once.`}{" "}
          <Link
            href="/admin/moderation"
            className="rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t`The moderation log`}
          </Link>
        </>
      }
    >
      <DailyChartAndTable
        wideTable
        caption={caption}
        chartLabel={t`Bar chart: ${caption}. Totals: ${refused} refused, ${unscreened} refused not checked, ${review} made to review. The numbers are in the table "${caption}".`}
        points={points}
        series={series}
        stacked
        formatValue={formatCount}
        totals={{ refused: moderation.refused, unscreened: moderation.unscreened, review: moderation.review }}
      />
    </SectionCard>
  );
}

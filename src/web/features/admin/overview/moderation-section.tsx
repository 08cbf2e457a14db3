/** The overview's prompt screening (decision 0089): requests refused for their prompt, refused unchecked, and made for review, per day. */
import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import { DailyBarChart, type ChartSeries, type DayPoint } from "./daily-bar-chart";
import { ChartFigure, DataTable } from "./data-table";
import { formatCount, formatDay, RANGE_PHRASES } from "./overview-format";
import { ChartAndTable } from "./overview-sections";

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
      <ChartAndTable
        wideTable
        chart={
          <ChartFigure
            label={t`Bar chart: ${caption}. Totals: ${refused} refused, ${unscreened} refused not checked, ${review} made to review. The numbers are in the table "${caption}".`}
          >
            <DailyBarChart data={points} series={series} stacked formatValue={formatCount} />
          </ChartFigure>
        }
        table={
          <DataTable<DayPoint>
            caption={caption}
            rowKey={(r) => r.day}
            rows={points}
            columns={[
              { header: t`Day`, cell: (r) => formatDay(r.day) },
              ...series.map((s) => ({
                header: s.label,
                numeric: true,
                cell: (r: DayPoint) => formatCount(Number(r[s.key])),
              })),
            ]}
            footer={{
              label: t`Total`,
              row: {
                day: "",
                refused: moderation.refused,
                unscreened: moderation.unscreened,
                review: moderation.review,
              },
            }}
          />
        }
      />
    </SectionCard>
  );
}

import { useLingui } from "@lingui/react/macro";
import { SIGNUP_SOURCES, type AdminOverview, type SignupSource } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import type { ChartSeries, DayPoint } from "./daily-bar-chart";
import { DailyChartAndTable } from "./daily-chart-and-table";
import { formatCount, RANGE_PHRASES, SIGNUP_SOURCE_LABELS } from "./overview-format";

const SOURCE_COLORS: Record<SignupSource, string> = {
  password: "#a78bfa",
  google: "#38bdf8",
  admin: "#fbbf24",
  unknown: "#a1a1aa",
};

/** Sign-ups per day by how they were made (decision 0091): a farm shows as a jump in one source. */
export function NewUsersSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const points: DayPoint[] = data.newUsers.byDay.map((d) => ({ ...d }));
  // Accounts from before the method was kept appear only in ranges that have some.
  const sources = SIGNUP_SOURCES.filter((s) => s !== "unknown" || data.newUsers.bySource.unknown > 0);
  const series: ChartSeries[] = sources.map((s) => ({
    key: s,
    label: t(SIGNUP_SOURCE_LABELS[s]),
    color: SOURCE_COLORS[s],
  }));
  const caption = t`New users per day, ${range}`;
  const total = formatCount(data.newUsers.total);
  const bySource = sources
    .map((s) => `${t(SIGNUP_SOURCE_LABELS[s])} ${formatCount(data.newUsers.bySource[s])}`)
    .join(", ");
  return (
    <SectionCard
      id="overview-users"
      title={t`New users`}
      description={t`Accounts created, by day (UTC) and by how they were made.`}
    >
      <DailyChartAndTable
        wideTable
        caption={caption}
        chartLabel={t`Stacked bar chart: ${caption}, by how they were made (${bySource}). ${total} in total. The numbers are in the table "${caption}".`}
        points={points}
        series={series}
        stacked
        formatValue={formatCount}
        moreColumns={[{ header: t`New users`, numeric: true, cell: (r) => formatCount(Number(r.count)) }]}
        totals={{ count: data.newUsers.total, ...data.newUsers.bySource }}
      />
    </SectionCard>
  );
}

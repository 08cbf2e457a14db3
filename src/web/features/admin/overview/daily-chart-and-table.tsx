import { useLingui } from "@lingui/react/macro";
import { ChartAndTable } from "./chart-and-table";
import { DailyBarChart, type ChartSeries, type DayPoint } from "./daily-bar-chart";
import { ChartFigure, DataTable, type Column } from "./data-table";
import { formatDay } from "./overview-format";

/**
 * A per-day bar chart and the table of its numbers: a Day column, one column per series (its
 * values shown as the chart shows them), any further columns, and a Total row.
 */
export function DailyChartAndTable({
  caption,
  chartLabel,
  points,
  series,
  formatValue,
  totals,
  moreColumns = [],
  stacked = false,
  wideTable = false,
}: {
  /** Names the table; the chart's label points at it. */
  caption: string;
  /** The chart as one image for screen readers: what it shows and its totals. */
  chartLabel: string;
  points: DayPoint[];
  series: ChartSeries[];
  formatValue: (value: number) => string;
  /** The Total row's values, by column key. */
  totals: Record<string, number>;
  moreColumns?: Column<DayPoint>[];
  stacked?: boolean;
  wideTable?: boolean;
}) {
  const { t } = useLingui();
  return (
    <ChartAndTable
      wideTable={wideTable}
      chart={
        <ChartFigure label={chartLabel}>
          <DailyBarChart data={points} series={series} stacked={stacked} formatValue={formatValue} />
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
              cell: (r: DayPoint) => formatValue(Number(r[s.key])),
            })),
            ...moreColumns,
          ]}
          footer={{ label: t`Total`, row: { day: "", ...totals } }}
        />
      }
    />
  );
}

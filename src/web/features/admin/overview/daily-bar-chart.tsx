/** The overview's one chart (recharts, loaded with the admin pages only): bars per UTC day, one colour per series. */
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay, formatShortDay } from "./overview-format";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export type DayPoint = { day: string } & Record<string, number | string>;

const AXIS = { stroke: "#71717a", fontSize: 12 } as const;

export function DailyBarChart({
  data,
  series,
  stacked = false,
  formatValue,
  height = 260,
}: {
  data: DayPoint[];
  series: ChartSeries[];
  stacked?: boolean;
  formatValue: (value: number) => string;
  height?: number;
}) {
  return (
    <BarChart
      responsive
      width="100%"
      height={height}
      data={data}
      margin={{ top: 8, right: 8, bottom: 0, left: 4 }}
      // The chart is one image (ChartFigure) whose numbers are in the table beside it: no keyboard layer of its own.
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="#27272a" vertical={false} />
      <XAxis
        dataKey="day"
        tickFormatter={formatShortDay}
        tick={AXIS}
        tickLine={false}
        axisLine={{ stroke: "#3f3f46" }}
        minTickGap={12}
      />
      <YAxis
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        // As wide as its longest label: "1.234.567 ₫" or "12,3 N US$" in Vietnamese is wider than "$1,234".
        width="auto"
        allowDecimals={false}
        tickFormatter={(v: number) => formatValue(v)}
      />
      <Tooltip
        cursor={{ fill: "rgba(255,255,255,0.04)" }}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- CSS values
        contentStyle={{ background: "#18181b", border: "1px solid #3f3f46", borderRadius: 8, fontSize: 12 }}
        labelStyle={{ color: "#e4e4e7" }}
        labelFormatter={(day) => (typeof day === "string" ? formatDay(day) : "")}
        formatter={(value) => formatValue(Number(value))}
      />
      {/* The series in their own order (completed, refunded, failed, in progress), not sorted by name. */}
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.color}
          stackId={stacked ? "stack" : undefined}
          maxBarSize={36}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

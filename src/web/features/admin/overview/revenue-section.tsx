import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import type { ChartSeries, DayPoint } from "./daily-bar-chart";
import { DailyChartAndTable } from "./daily-chart-and-table";
import { DataTable } from "./data-table";
import { formatCount, formatMoney, providerLabel, RANGE_PHRASES } from "./overview-format";
import { useProviderCurrencyColumns } from "./provider-currency-columns";

const MAIN_CURRENCY = "USD";
const PROVIDER_COLORS: Record<string, string> = { creem: "#e879f9", paypal: "#38bdf8" };

/** Revenue per day in the main currency by provider, then every provider and currency's totals. */
export function RevenueSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const providers = data.revenue.byProvider.filter((r) => r.currency === MAIN_CURRENCY).map((r) => r.provider);
  const points: DayPoint[] = data.days.map((day) => {
    const point: DayPoint = { day };
    for (const p of providers) {
      const row = data.revenue.byDay.find((r) => r.day === day && r.provider === p && r.currency === MAIN_CURRENCY);
      point[p] = Number(row?.amount ?? 0);
    }
    return point;
  });
  const series: ChartSeries[] = providers.map((p) => ({
    key: p,
    label: providerLabel(p),
    color: PROVIDER_COLORS[p] ?? "#a78bfa",
  }));
  const usd = (v: number) => formatMoney(v, MAIN_CURRENCY);
  const totals = data.revenue.byProvider;
  const byProvider = useProviderCurrencyColumns<(typeof totals)[number]>();
  const mainTotals = totals.filter((r) => r.currency === MAIN_CURRENCY);
  const currency = MAIN_CURRENCY;
  const caption = t`Revenue per day in ${currency} by payment provider, ${range}`;
  const chartTotals = mainTotals.map((r) => `${providerLabel(r.provider)} ${usd(Number(r.amount))}`).join(", ");
  return (
    <SectionCard
      id="overview-revenue"
      title={t`Revenue by payment provider`}
      description={t`Completed payments, by the day they were completed (UTC).`}
    >
      <DailyChartAndTable
        caption={caption}
        chartLabel={t`Bar chart: ${caption}. Totals: ${chartTotals}. The numbers are in the table "${caption}".`}
        points={points}
        series={series}
        stacked
        formatValue={usd}
        totals={Object.fromEntries(mainTotals.map((r) => [r.provider, Number(r.amount)]))}
      />
      <DataTable
        className="mt-4 max-h-none"
        caption={t`Revenue by payment provider and currency, ${range}`}
        rowKey={byProvider.rowKey}
        rows={totals}
        columns={[
          ...byProvider.columns,
          { header: t`Orders`, numeric: true, cell: (r) => formatCount(r.orders) },
          { header: t`Revenue`, numeric: true, cell: (r) => formatMoney(r.amount, r.currency) },
        ]}
      />
    </SectionCard>
  );
}

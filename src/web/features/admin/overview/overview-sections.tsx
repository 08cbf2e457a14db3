/** The overview's sections: each chart with the table of its numbers beside it (decision 0053). */
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  SIGNUP_SOURCES,
  VIDEO_OUTCOMES,
  type AdminOverview,
  type SignupSource,
  type VideoOutcome,
} from "../../../../shared/schemas/admin-overview";
import { modelLabel } from "../../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { SectionCard } from "@/components/ui/section-card";
import { DailyBarChart, type ChartSeries, type DayPoint } from "./daily-bar-chart";
import { ChartFigure, DataTable, type Column } from "./data-table";
import {
  formatCount,
  formatDay,
  formatDuration,
  formatMoney,
  formatRate,
  KIE_STATUS_LABELS,
  OUTCOME_LABELS,
  providerLabel,
  RANGE_PHRASES,
  SIGNUP_SOURCE_LABELS,
} from "./overview-format";

const MAIN_CURRENCY = "USD";
const PROVIDER_COLORS: Record<string, string> = { creem: "#e879f9", paypal: "#38bdf8" };
const OUTCOME_COLORS: Record<VideoOutcome, string> = {
  completed: "#34d399",
  refunded: "#fbbf24",
  failed: "#f87171",
  inProgress: "#a1a1aa",
};

const dayColumn = <Row extends { day: string }>(header: string): Column<Row> => ({
  header,
  cell: (r) => formatDay(r.day),
});

/** A chart and its table: side by side on wide screens, one under the other on phones. */
export function ChartAndTable({
  chart,
  table,
  wideTable = false,
}: {
  chart: ReactNode;
  table: ReactNode;
  wideTable?: boolean;
}) {
  return (
    <div
      className={cn(
        "grid items-start gap-4",
        // Side by side only where the table's columns fit beside the chart (Vietnamese headers are long).
        wideTable ? "2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : "xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
      )}
    >
      {chart}
      {table}
    </div>
  );
}

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
      <ChartAndTable
        chart={
          <ChartFigure
            label={t`Bar chart: ${caption}. Totals: ${chartTotals}. The numbers are in the table "${caption}".`}
          >
            <DailyBarChart data={points} series={series} stacked formatValue={usd} />
          </ChartFigure>
        }
        table={
          <DataTable<DayPoint>
            caption={caption}
            rowKey={(r) => r.day}
            rows={points}
            columns={[
              dayColumn<DayPoint>(t`Day`),
              ...providers.map((p) => ({
                header: providerLabel(p),
                numeric: true,
                cell: (r: DayPoint) => usd(Number(r[p])),
              })),
            ]}
            footer={{
              label: t`Total`,
              row: Object.assign(
                { day: "" },
                ...mainTotals.map((r) => ({ [r.provider]: Number(r.amount) })),
              ) as DayPoint,
            }}
          />
        }
      />
      <DataTable
        className="mt-4 max-h-none"
        caption={t`Revenue by payment provider and currency, ${range}`}
        rowKey={(r) => `${r.provider}-${r.currency}`}
        rows={totals}
        columns={[
          { header: t`Provider`, cell: (r) => providerLabel(r.provider) },
          { header: t`Currency`, cell: (r) => r.currency },
          { header: t`Orders`, numeric: true, cell: (r) => formatCount(r.orders) },
          { header: t`Revenue`, numeric: true, cell: (r) => formatMoney(r.amount, r.currency) },
        ]}
      />
    </SectionCard>
  );
}

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
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6" aria-label={t`Credit totals`}>
        <Figure label={t`Sold`} value={sold} />
        <Figure label={t`Spent`} value={spent} />
        <Figure label={t`Refunded`} value={refunded} />
        <Figure label={t`Net spent`} value={formatCount(c.netSpent)} detail={t`spent - refunded`} />
        <Figure label={t`Added by admins`} value={formatCount(c.adjustedUp)} />
        <Figure label={t`Removed by admins`} value={formatCount(c.adjustedDown)} />
      </dl>
      <ChartAndTable
        chart={
          <ChartFigure
            label={t`Bar chart: ${caption}. Totals: ${sold} sold, ${spent} spent, ${refunded} refunded. The numbers are in the table "${caption}".`}
          >
            <DailyBarChart data={points} series={series} formatValue={formatCount} />
          </ChartFigure>
        }
        table={
          <DataTable<DayPoint>
            caption={caption}
            rowKey={(r) => r.day}
            rows={points}
            columns={[
              dayColumn<DayPoint>(t`Day`),
              ...series.map((s) => ({
                header: s.label,
                numeric: true,
                cell: (r: DayPoint) => formatCount(Number(r[s.key])),
              })),
            ]}
            footer={{ label: t`Total`, row: { day: "", sold: c.sold, spent: c.spent, refunded: c.refunded } }}
          />
        }
      />
    </SectionCard>
  );
}

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
      <ChartAndTable
        wideTable
        chart={
          <ChartFigure
            label={t`Stacked bar chart: ${caption}, by how they were made (${bySource}). ${total} in total. The numbers are in the table "${caption}".`}
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
              dayColumn<DayPoint>(t`Day`),
              ...sources.map((s) => ({
                header: t(SIGNUP_SOURCE_LABELS[s]),
                numeric: true,
                cell: (r: DayPoint) => formatCount(Number(r[s])),
              })),
              { header: t`New users`, numeric: true, cell: (r) => formatCount(Number(r.count)) },
            ]}
            footer={{ label: t`Total`, row: { day: "", count: data.newUsers.total, ...data.newUsers.bySource } }}
          />
        }
      />
    </SectionCard>
  );
}

const ALL_MODELS = "all";

export function VideosSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const v = data.videos;
  const [chosen, setChosen] = useState<string>(ALL_MODELS);
  const model = chosen === ALL_MODELS || v.byModel.some((m) => m.model === chosen) ? chosen : ALL_MODELS;
  const modelName = model === ALL_MODELS ? t`all models` : modelLabel(model);
  const points: DayPoint[] = data.days.map((day) => {
    const point: DayPoint = { day, completed: 0, refunded: 0, failed: 0, inProgress: 0, total: 0 };
    for (const r of v.byDay) {
      if (r.day !== day || (model !== ALL_MODELS && r.model !== model)) continue;
      for (const o of VIDEO_OUTCOMES) {
        point[o] = Number(point[o]) + r[o];
        point.total = Number(point.total) + r[o];
      }
    }
    return point;
  });
  const totals = model === ALL_MODELS ? v : v.byModel.find((m) => m.model === model)!;
  const series: ChartSeries[] = VIDEO_OUTCOMES.map((o) => ({
    key: o,
    label: t(OUTCOME_LABELS[o]),
    color: OUTCOME_COLORS[o],
  }));
  const caption = t`Videos per day by outcome, ${modelName}, ${range}`;
  const chartTotals = VIDEO_OUTCOMES.map((o) => `${formatCount(totals[o])} ${t(OUTCOME_LABELS[o]).toLowerCase()}`).join(
    ", ",
  );
  return (
    <SectionCard
      id="overview-videos"
      title={t`Videos`}
      description={t`Videos submitted, by day (UTC), model and outcome.`}
    >
      {v.byModel.length > 0 ? (
        <ToggleGroup
          type="single"
          aria-label={t`Model`}
          value={model}
          onValueChange={(next) => {
            if (next) setChosen(next);
          }}
          className="mb-4 flex w-fit max-w-full flex-wrap"
        >
          <ToggleGroupItem value={ALL_MODELS}>
            <Trans>All models</Trans>
          </ToggleGroupItem>
          {v.byModel.map((m) => (
            <ToggleGroupItem key={m.model} value={m.model}>
              {modelLabel(m.model)}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      ) : null}
      <ChartAndTable
        wideTable
        chart={
          <ChartFigure
            label={t`Stacked bar chart: ${caption}. Totals: ${chartTotals}. The numbers are in the table "${caption}".`}
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
              dayColumn<DayPoint>(t`Day`),
              ...VIDEO_OUTCOMES.map((o) => ({
                header: t(OUTCOME_LABELS[o]),
                numeric: true,
                cell: (r: DayPoint) => formatCount(Number(r[o])),
              })),
              { header: t`Total`, numeric: true, cell: (r) => formatCount(Number(r.total)) },
            ]}
            footer={{
              label: t`Total`,
              row: {
                day: "",
                completed: totals.completed,
                refunded: totals.refunded,
                failed: totals.failed,
                inProgress: totals.inProgress,
                total: totals.total,
              },
            }}
          />
        }
      />
      <DataTable
        className="mt-4 max-h-none"
        caption={t`Videos by model, outcome and rates, ${range}`}
        rowKey={(r) => r.model}
        rows={v.byModel}
        columns={[
          { header: t`Model`, cell: (r) => modelLabel(r.model) },
          ...VIDEO_OUTCOMES.map((o) => ({
            header: t(OUTCOME_LABELS[o]),
            numeric: true,
            cell: (r: (typeof v.byModel)[number]) => formatCount(r[o]),
          })),
          { header: t`Failure rate`, numeric: true, cell: (r) => formatRate(r.failureRate) },
          { header: t`Refund rate`, numeric: true, cell: (r) => formatRate(r.refundRate) },
        ]}
        footer={{ label: t`All models`, row: { ...v, model: "" } }}
      />
      <p className="mt-3 text-xs text-muted-foreground" id="overview-rate-definitions">
        <Trans>
          Finished videos are those completed, refunded or failed; those in progress and prompts the provider refused
          for their content are not in the rates. Failure rate: failed ÷ finished. Refund rate: videos whose credits
          were given back ÷ finished, where refunds include the automatic refund of every failed video, an admin&apos;s
          refund of a completed one, and a failed video the provider delivered later. Refunded (outcome): completed,
          then refunded.
        </Trans>
      </p>
    </SectionCard>
  );
}

/** Past 20,000 videos the server reads times from 1 % buckets (decision 0106): "≈" says so. */
const about = (d: { estimated?: true | undefined }) => (d.estimated ? "≈ " : "");

export function TimesSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const rows = [
    { measure: t`Submission to video`, ...data.times.toVideo },
    { measure: t`Submission to 1080p`, ...data.times.to1080p },
  ];
  return (
    <SectionCard
      id="overview-times"
      title={t`How long videos take`}
      description={t`Of the videos submitted in the range: to the video, of completed ones; to 1080p, of those whose 1080p version is ready (a video kept extendable waits for its owner).`}
    >
      <DataTable
        className="max-h-none"
        caption={t`Time from submission, ${range}`}
        rowKey={(r) => r.measure}
        rows={rows}
        columns={[
          { header: t`Measure`, cell: (r) => r.measure },
          { header: t`Videos`, numeric: true, cell: (r) => formatCount(r.count) },
          { header: t`Median`, numeric: true, cell: (r) => `${about(r)}${formatDuration(r.medianSeconds)}` },
          { header: t`95th percentile`, numeric: true, cell: (r) => `${about(r)}${formatDuration(r.p95Seconds)}` },
        ]}
      />
    </SectionCard>
  );
}

export function ProviderAccountsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  return (
    <SectionCard
      id="overview-accounts"
      title={t`Provider accounts`}
      description={t`Each KIE account's last known balance: Check Balance in Settings reads it from KIE; each video subtracts its cost in between.`}
    >
      {data.providerAccounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No provider accounts: videos use the key in Settings or the environment.</Trans>
        </p>
      ) : (
        <DataTable
          className="max-h-none"
          caption={t`Provider accounts and their last known balances`}
          rowKey={(r) => r.id}
          rows={data.providerAccounts}
          columns={[
            { header: t`Name`, cell: (r) => r.name },
            {
              header: t`Status`,
              cell: (r) => (
                <span className="flex gap-1.5">
                  <Badge variant={r.status === "Available" ? "success" : "warning"}>
                    {t(KIE_STATUS_LABELS[r.status])}
                  </Badge>
                  {r.isEnabled ? null : (
                    <Badge variant="secondary">
                      <Trans>Disabled</Trans>
                    </Badge>
                  )}
                </span>
              ),
            },
            { header: t`Balance (KIE credits)`, numeric: true, cell: (r) => formatCount(r.totalCredits) },
            { header: t`Last used`, cell: (r) => formatDateTime(r.lastUsed) },
            { header: t`Balance as of`, cell: (r) => formatDateTime(r.balanceUpdatedAt) },
          ]}
        />
      )}
    </SectionCard>
  );
}

export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-border bg-zinc-950/40 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

/**
 * Refunds and chargebacks (decision 0084): per provider and currency, how many and how much went
 * back, the disputes opened, and the share of the range's sales that went back; and the disputes
 * still undecided, whenever they opened.
 */
export function ReversalsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const r = data.reversals;
  const rows = r.byProvider;
  const open = formatCount(r.openDisputes);
  return (
    <SectionCard
      id="overview-reversals"
      title={t`Refunds and chargebacks`}
      description={t`Payments refunded or charged back, by payment provider. Rate: refunded and charged back ÷ sales.`}
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label={t`Refund and chargeback totals`}>
        <Figure label={t`Open disputes`} value={open} detail={t`undecided now`} />
        <Figure label={t`Refunds`} value={formatCount(rows.reduce((s, x) => s + x.refunds, 0))} />
        <Figure label={t`Chargebacks`} value={formatCount(rows.reduce((s, x) => s + x.chargebacks, 0))} />
        <Figure label={t`Disputes opened`} value={formatCount(rows.reduce((s, x) => s + x.disputesOpened, 0))} />
      </dl>
      <DataTable
        className="max-h-none"
        caption={t`Refunds and chargebacks by payment provider and currency, ${range}`}
        rowKey={(x) => `${x.provider}-${x.currency}`}
        rows={rows}
        columns={[
          { header: t`Provider`, cell: (x) => providerLabel(x.provider) },
          { header: t`Currency`, cell: (x) => x.currency },
          { header: t`Refunds`, numeric: true, cell: (x) => formatCount(x.refunds) },
          { header: t`Refunded`, numeric: true, cell: (x) => formatMoney(x.refundedAmount, x.currency) },
          { header: t`Chargebacks`, numeric: true, cell: (x) => formatCount(x.chargebacks) },
          { header: t`Charged back`, numeric: true, cell: (x) => formatMoney(x.chargebackAmount, x.currency) },
          { header: t`Disputes opened`, numeric: true, cell: (x) => formatCount(x.disputesOpened) },
          { header: t`Sales`, numeric: true, cell: (x) => formatMoney(x.salesAmount, x.currency) },
          { header: t`Rate`, numeric: true, cell: (x) => formatRate(x.rate) },
        ]}
      />
    </SectionCard>
  );
}

import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { VIDEO_OUTCOMES, type AdminOverview, type VideoOutcome } from "../../../../shared/schemas/admin-overview";
import { modelLabel } from "../../../../shared/videos";
import { SectionCard } from "@/components/ui/section-card";
import type { ChartSeries, DayPoint } from "./daily-bar-chart";
import { DailyChartAndTable } from "./daily-chart-and-table";
import { DataTable } from "./data-table";
import { formatCount, formatRate, OUTCOME_LABELS, RANGE_PHRASES } from "./overview-format";
import { ALL_MODELS, VideoModelPicker } from "./video-model-picker";

const OUTCOME_COLORS: Record<VideoOutcome, string> = {
  completed: "#34d399",
  refunded: "#fbbf24",
  failed: "#f87171",
  inProgress: "#a1a1aa",
};

/** Videos per day by outcome, for all models or one, then each model's outcomes and rates. */
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
      {v.byModel.length > 0 ? <VideoModelPicker models={v.byModel} value={model} onChange={setChosen} /> : null}
      <DailyChartAndTable
        wideTable
        caption={caption}
        chartLabel={t`Stacked bar chart: ${caption}. Totals: ${chartTotals}. The numbers are in the table "${caption}".`}
        points={points}
        series={series}
        stacked
        formatValue={formatCount}
        moreColumns={[{ header: t`Total`, numeric: true, cell: (r) => formatCount(Number(r.total)) }]}
        totals={{
          completed: totals.completed,
          refunded: totals.refunded,
          failed: totals.failed,
          inProgress: totals.inProgress,
          total: totals.total,
        }}
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

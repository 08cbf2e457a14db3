/** The overview's model health (decision 0097): each model over the last hour and day, degraded ones marked. */
import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import type { ModelHealth } from "../../../../shared/schemas/model-health";
import { SectionCard } from "@/components/ui/section-card";
import { modelLabel } from "../../../../shared/videos";
import { DataTable } from "./data-table";
import { formatCount, formatDuration, formatRate } from "./overview-format";

export function ModelHealthSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const health = data.modelHealth;
  if (!health) return null;
  const window = (w: ModelHealth["lastHour"]) =>
    w.finished === 0 && w.refused === 0
      ? "—"
      : `${formatRate(w.successRate)} · ${formatCount(w.finished)} · ${formatDuration(w.medianSeconds)}`;
  return (
    <SectionCard
      id="overview-model-health"
      title={t`Model health`}
      description={t`The last hour and the last day, whatever the range: success rate (completed ÷ finished), videos finished, median time to a video. Prompts refused for their content are counted apart. Degraded: more than half of at least 5 videos finished in the last hour failed.`}
    >
      <DataTable<ModelHealth>
        className="max-h-none"
        caption={t`Model health, last hour and last day`}
        rowKey={(r) => r.model}
        rows={health}
        columns={[
          { header: t`Model`, cell: (r) => modelLabel(r.model) },
          { header: t`Last hour`, cell: (r) => window(r.lastHour) },
          { header: t`Last day`, cell: (r) => window(r.lastDay) },
          { header: t`Refused (day)`, numeric: true, cell: (r) => formatCount(r.lastDay.refused) },
          {
            header: t`State`,
            cell: (r) =>
              r.degraded ? (
                <span className="font-medium text-red-300" data-testid={`model-degraded-${r.model}`}>
                  {t`Degraded`}
                </span>
              ) : (
                t`Working`
              ),
          },
        ]}
      />
    </SectionCard>
  );
}

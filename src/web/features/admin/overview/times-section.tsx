import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import { DataTable } from "./data-table";
import { formatCount, formatDuration, RANGE_PHRASES } from "./overview-format";

/** Past 20,000 videos the server reads times from 1 % buckets (decision 0106): "≈" says so. */
const about = (d: { estimated?: true | undefined }) => (d.estimated ? "≈ " : "");

/** How long the range's videos took: to the video, and to its 1080p version. */
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

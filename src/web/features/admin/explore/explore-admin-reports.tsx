import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminExploreVideo } from "../../../../shared/schemas/explore";
import { formatDateTime } from "@/lib/format";
import { REASON_LABELS } from "./explore-admin-words";

/** A video's reports, newest first: the open ones counted, each with its reason, words and time. */
export function ExploreAdminReports({ video }: { video: AdminExploreVideo }) {
  const { t } = useLingui();
  if (video.reports.length === 0) return null;
  return (
    <details className="rounded-md border border-border/70 px-3 py-2 text-sm" open={video.openReports > 0}>
      <summary className="cursor-pointer font-medium">
        {plural(video.openReports, { one: "# open report", other: "# open reports" })}
      </summary>
      <ul className="mt-2 grid gap-2" aria-label={t`Reports`}>
        {video.reports.map((report, i) => (
          <li key={`${report.createdAt}-${i}`} className="grid gap-0.5">
            <span>
              <span className="font-medium">{t(REASON_LABELS[report.reason])}</span>
              <span className="text-muted-foreground">
                {" · "}
                <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                {report.resolved ? (
                  <>
                    {" · "}
                    <Trans>dealt with</Trans>
                  </>
                ) : null}
              </span>
            </span>
            {report.details ? (
              <span className="text-muted-foreground [overflow-wrap:anywhere]">{report.details}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

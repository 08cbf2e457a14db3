/** The moderation log on /admin/moderation (decision 0089): newest first, each entry with its person, what was screened, and Mark reviewed. */
import { Check, ChevronDown, LoaderCircle, RefreshCw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { ModerationEventView } from "../../../../shared/schemas/moderation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useMarkReviewed, useModerationLog, type ModerationFilters } from "./moderation-api";
import {
  DECISION_LABELS,
  FIELD_LABELS,
  labelOf,
  OUTCOME_LABELS,
  SCREENER_LABELS,
  SOURCE_LABELS,
} from "./moderation-labels";

const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
/** Longer texts open on demand: a prompt may be 5,000 characters. */
const SHOWN_CHARACTERS = 160;

const DECISION_BADGE: Record<string, "destructive" | "warning" | "default"> = {
  deny: "destructive",
  flag: "warning",
  unavailable: "default",
};

function Screened({ entry }: { entry: ModerationEventView }) {
  const field = labelOf(FIELD_LABELS, entry.field);
  const long = entry.text.length > SHOWN_CHARACTERS;
  return (
    <>
      <span className="block text-xs text-muted-foreground">{field}</span>
      {long ? (
        <details>
          <summary className="cursor-pointer whitespace-pre-wrap break-words">
            {entry.text.slice(0, SHOWN_CHARACTERS)}…
          </summary>
          <p className="mt-1 whitespace-pre-wrap break-words">{entry.text}</p>
        </details>
      ) : (
        <span className="block whitespace-pre-wrap break-words">{entry.text}</span>
      )}
    </>
  );
}

function Review({ entry }: { entry: ModerationEventView }) {
  const review = useMarkReviewed();
  const reviewer = entry.reviewedBy ?? "—";
  if (entry.reviewedAt) {
    const when = formatDateTime(entry.reviewedAt);
    return (
      <span className="text-xs text-muted-foreground">
        <Trans>
          Reviewed by {reviewer}, {when}
        </Trans>
      </span>
    );
  }
  return (
    <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate(entry.id)}>
      <Check aria-hidden="true" />
      <Trans>Mark reviewed</Trans>
    </Button>
  );
}

function ModerationTable({ entries, caption }: { entries: ModerationEventView[]; caption: string }) {
  const { t } = useLingui();
  const headers = [t`When`, t`Person`, t`Screened`, t`Screener`, t`Decision`, t`Review`];
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular-nums">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                <span className="block text-xs">{labelOf(SOURCE_LABELS, entry.source)}</span>
              </td>
              <td className="px-4 py-3">
                {entry.userId ? (
                  <Link href={`/admin/users/${entry.userId}`} className={linkClassName}>
                    {entry.username ?? t`User`}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </td>
              <td className="max-w-[28rem] px-4 py-3">
                <Screened entry={entry} />
              </td>
              <td className="px-4 py-3">
                {labelOf(SCREENER_LABELS, entry.screener)}
                {entry.detail ? (
                  <span className="block break-all text-xs text-muted-foreground">{entry.detail}</span>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <Badge variant={DECISION_BADGE[entry.decision] ?? "default"}>
                  {labelOf(DECISION_LABELS, entry.decision)}
                </Badge>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {labelOf(OUTCOME_LABELS, entry.outcome)}
                </span>
              </td>
              <td className="px-4 py-3">
                <Review entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The log with these filters: loading, error (with retry), empty, the table and "Load older". */
export function ModerationList({ filters }: { filters: ModerationFilters }) {
  const { t } = useLingui();
  const query = useModerationLog(filters);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8" role="status" aria-label={t`Loading the moderation log`}>
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const reason = errorMessage(query.error);
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        <p className="text-sm text-muted-foreground">
          <Trans>The moderation log could not be loaded: {reason}</Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const entries = query.data.pages.flatMap((p) => p.data);
  if (entries.length === 0)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        <Trans>No screened prompts match these filters.</Trans>
      </p>
    );
  return (
    <div className="grid gap-4">
      <ModerationTable entries={entries} caption={t`Screened prompts, newest first`} />
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="sm"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <ChevronDown aria-hidden="true" />
            )}
            <Trans>Load older</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

import { ListChecks } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** Above the grid: how many videos (match), the page, and Select (when offered). */
export function GallerySummary({
  total,
  filtered,
  shownPage,
  pageCount,
  onSelect,
}: {
  total: number;
  filtered: boolean;
  /** The page shown (never past the last). */
  shownPage: number;
  pageCount: number;
  /** Starts the selection mode; absent while selecting or without videos. */
  onSelect: (() => void) | undefined;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <p aria-live="polite">
        {filtered ? (
          <Plural value={total} one="# video matches" other="# videos match" />
        ) : (
          <Plural value={total} one="# video" other="# videos" />
        )}
      </p>
      <div className="flex items-center gap-3">
        {pageCount > 1 ? (
          <p>
            <Trans>
              Page {shownPage} of {pageCount}
            </Trans>
          </p>
        ) : null}
        {onSelect ? (
          <Button variant="outline" size="sm" onClick={onSelect}>
            <ListChecks aria-hidden="true" />
            <Trans>Select</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

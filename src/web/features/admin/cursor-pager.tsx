/**
 * Keyset pages on the admin lists (decisions 0052, 0106): the server gives the next page's cursor,
 * the page keeps the cursors it followed so Previous goes back one, and Previous / Next buttons.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Which page of a list is shown: for each page after the first, its cursor and the number of its
 * first row, so Previous goes back one and the count stays right. Another `key` (other filters)
 * starts again at the first page.
 */
export function useCursorStack(key: string) {
  const [stack, setStack] = useState<{ key: string; pages: { cursor: string; first: number }[] }>({ key, pages: [] });
  // Other filters start again at their first page (and Back to these does too).
  if (stack.key !== key) setStack({ key, pages: [] });
  const pages = stack.key === key ? stack.pages : [];
  const top = pages.at(-1);
  return {
    cursor: top?.cursor,
    first: top?.first ?? 1,
    hasPrevious: pages.length > 0,
    next: (cursor: string, first: number) => setStack({ key, pages: [...pages, { cursor, first }] }),
    previous: () => setStack({ key, pages: pages.slice(0, -1) }),
  };
}

export interface CursorPagerProps {
  /** Names the navigation landmark, e.g. "User pages". */
  label: string;
  hasPrevious: boolean;
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  /** While the shown rows are the previous answer's, Next waits. */
  waiting: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  className?: string;
}

/** Previous and Next; nothing when the list has one page. */
export function CursorPager({
  label,
  hasPrevious,
  nextCursor,
  waiting,
  onPrevious,
  onNext,
  className = "mt-4",
}: CursorPagerProps) {
  const { t } = useLingui();
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label={label} className={`${className} flex justify-center gap-2`}>
      <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious} aria-label={t`Previous page`}>
        <ChevronLeft aria-hidden="true" />
        <Trans>Previous</Trans>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={!nextCursor || waiting}
        onClick={() => nextCursor && onNext(nextCursor)}
        aria-label={t`Next page`}
      >
        <Trans>Next</Trans>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * Previous and Next over the pages a useCursorStack keeps: Next records where the next page
 * starts (this page's first row + the rows shown), Previous goes back one.
 */
export function CursorStackPager({
  pages,
  shown,
  ...props
}: Pick<CursorPagerProps, "label" | "nextCursor" | "waiting" | "className"> & {
  pages: ReturnType<typeof useCursorStack>;
  /** How many rows this page shows. */
  shown: number;
}) {
  return (
    <CursorPager
      hasPrevious={pages.hasPrevious}
      onPrevious={pages.previous}
      onNext={(cursor) => pages.next(cursor, pages.first + shown)}
      {...props}
    />
  );
}

/** "Load older" under a list that grows downwards (the audit, mail and moderation logs); nothing when it is all shown. */
export function LoadOlderButton({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="sm" disabled={loading} onClick={onLoad}>
        {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        <Trans>Load older</Trans>
      </Button>
    </div>
  );
}

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { Button } from "./button";

/** At most 5 page buttons, centred on the current page where possible. */
const MAX_PAGE_BUTTONS = 5;

export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pageCount);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Video pages". */
  label?: string;
  className?: string;
}

/** Previous, up to 5 numbered pages and Next. Renders nothing for a single page. */
export function Pagination({ page, pageCount, onPageChange, label, className }: PaginationProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label ?? t`Pagination`}
      className={cn("flex flex-wrap items-center justify-center gap-1.5", className)}
    >
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={t`Previous page`}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="hidden sm:inline">
          <Trans>Previous</Trans>
        </span>
      </Button>
      {pageWindow(page, pageCount).map((n) => (
        <Button
          key={n}
          variant={n === page ? "secondary" : "ghost"}
          size="sm"
          className={cn("min-w-8", n === page && "border-violet-500/50 text-foreground")}
          aria-label={t`Page ${n}`}
          aria-current={n === page ? "page" : undefined}
          onClick={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
        aria-label={t`Next page`}
      >
        <span className="hidden sm:inline">
          <Trans>Next</Trans>
        </span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

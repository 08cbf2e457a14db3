/**
 * The filters above a list (decision 0140): a "Filters" heading with an "Active" badge while any
 * filter is set, chips for filters chosen elsewhere, the fields in a grid, and a Clear button that
 * is enabled only while something is set.
 */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";
import { Badge } from "./badge";
import { Button } from "./button";

export interface FilterBarProps {
  /** Whether any filter is set: shows "Active" and enables Clear. */
  active: boolean;
  onClear: () => void;
  /** The Clear button's text; "Clear" when not given. */
  clearLabel?: string;
  /** Beside the heading: removable filters chosen elsewhere (FilterChip). */
  chips?: ReactNode;
  /** The grid's columns, e.g. "lg:grid-cols-[10rem_1fr_10rem_10rem_auto]". */
  gridClassName?: string;
  /** Without the card and its heading: the fields and Clear alone. */
  bare?: boolean;
  /** The fields, each one grid cell (DateRangeField gives two). */
  children: ReactNode;
}

export function FilterBar({ active, onClear, clearLabel, chips, gridClassName, bare, children }: FilterBarProps) {
  const grid = (
    <div className={cn("grid gap-3 sm:grid-cols-2 lg:items-end", gridClassName)}>
      {children}
      <Button variant="outline" disabled={!active} onClick={onClear}>
        <X aria-hidden="true" />
        {clearLabel ?? <Trans>Clear</Trans>}
      </Button>
    </div>
  );
  if (bare) return grid;
  return (
    <div className="rounded-2xl border border-border bg-surface/80 p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">
          <Trans>Filters</Trans>
        </h2>
        {active ? (
          <Badge variant="default">
            <Trans>Active</Trans>
          </Badge>
        ) : null}
        {chips}
      </div>
      {grid}
    </div>
  );
}

/** A filter chosen elsewhere (a user's page, a link), shown with a button that removes it. */
export function FilterChip({
  children,
  removeLabel,
  onRemove,
}: {
  children: ReactNode;
  /** The remove button's accessible name, e.g. "Remove the target filter". */
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Badge variant="secondary" className="ml-auto">
      {children}
      <button
        type="button"
        className="rounded-full hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={onRemove}
        aria-label={removeLabel}
      >
        <X aria-hidden="true" />
      </button>
    </Badge>
  );
}

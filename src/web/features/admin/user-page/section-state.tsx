/** The user page's table styles, frame and header row. */
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tableWrapClassName = "overflow-x-auto rounded-xl border border-border";

/**
 * A table's frame. On a phone it scrolls sideways, so it takes the keyboard's focus and is named
 * (a region someone can scroll without a mouse: axe's scrollable-region-focusable).
 */
export function TableFrame({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn(tableWrapClassName, className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
const theadClassName = "bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground";
export const cellClassName = "px-4 py-3";

/** Column headers with scope="col"; with `actions`, the last column's stays in view (sticky-actions). */
export function HeaderRow({ columns, actions = false }: { columns: string[]; actions?: boolean }) {
  return (
    <thead className={theadClassName}>
      <tr>
        {columns.map((h, i) => (
          <th
            key={h}
            scope="col"
            className={
              actions && i === columns.length - 1 ? "sticky-actions px-4 py-3 font-semibold" : "px-4 py-3 font-semibold"
            }
          >
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface Column<Row> {
  header: string;
  /** The cell's text; numbers are right-aligned. */
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * The numbers behind a chart, for screen readers and for reading exact figures: a captioned table
 * with column and row headers, in a scrolling region that the keyboard can reach and scroll.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  className,
}: {
  caption: string;
  /** The first column is each row's header (scope="row"). */
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A totals row: its header (e.g. "Total") and the row whose other cells it shows. */
  footer?: { label: string; row: Row };
  className?: string;
}) {
  const captionId = useId();
  const cells = (row: Row, label?: string) =>
    columns.map((c, i) =>
      i === 0 ? (
        <th key={c.header} scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
          {label ?? c.cell(row)}
        </th>
      ) : (
        <td key={c.header} className={cn("whitespace-nowrap px-3 py-2", c.numeric && "text-right tabular-nums")}>
          {c.cell(row)}
        </td>
      ),
    );
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cn(
        "max-h-80 overflow-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <table className="w-full text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-xs font-medium text-muted-foreground">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-surface-raised text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn("whitespace-nowrap px-3 py-2 font-semibold", c.numeric ? "text-right" : "text-left")}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={rowKey(row)}>{cells(row)}</tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="border-t border-border font-semibold">
            <tr>{cells(footer.row, footer.label)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** A chart as one image for assistive technology: its label sums it up and points at the table beside it. */
export function ChartFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="min-w-0">
      {children}
    </div>
  );
}

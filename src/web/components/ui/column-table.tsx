/**
 * A table described by its columns (decision 0140), and nothing else: a caption that names it and a
 * scrolling region the keyboard can reach (on a phone a wide table scrolls sideways and may hold
 * nothing focusable). DataTable adds loading, error and empty states and pages around it; a table
 * that needs none of them (the landing page's prices) uses this alone and downloads less.
 */
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface DataTableColumn<Row> {
  /** Tells the columns apart; the header when not given. */
  key?: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Added to each of the column's cells (after the padding, so it may override it). */
  className?: string;
  /** Added to the column's header. */
  headerClassName?: string;
  align?: "left" | "right";
  /** The header is read by screen readers only (e.g. "Actions" over a column of buttons). */
  headerHidden?: boolean;
  /** The column names its row: its cells are row headers (th scope="row"). */
  rowHeader?: boolean;
}

export interface ColumnTableProps<Row> {
  /** Names the table (and its scrolling region unless `label` is given); read by screen readers, hidden on screen. */
  caption: string;
  /** Shows the caption above the table too (e.g. the figures beside a chart). */
  captionVisible?: boolean;
  /** Names the scrolling region when it should differ from the caption (e.g. the card's title). */
  label?: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of a row's tr, e.g. its accessible name or a hover colour. */
  rowProps?: (row: Row, index: number) => ComponentProps<"tr"> & { [data: `data-${string}`]: string };
  /** A totals row at the table's foot: the row whose cells it shows, and the label its row-header cells show instead. */
  totals?: { label: string; row: Row };
  /** Added to the scrolling region: borders, background, a dimmed look while stale. */
  className?: string;
  /** Added to the table: its least width before the region scrolls. */
  tableClassName?: string;
}

const alignClass = (align: DataTableColumn<unknown>["align"]) => (align === "right" ? "text-right" : undefined);

/** One row's cells; a totals row puts its label in the row-header cells. */
function cellsOf<Row>(columns: DataTableColumn<Row>[], row: Row, index: number, rowLabel?: string) {
  return columns.map((c) => {
    const props = { className: cn("px-4 py-3", alignClass(c.align), c.className) };
    return c.rowHeader ? (
      <th key={c.key ?? c.header} scope="row" {...props}>
        {rowLabel ?? c.cell(row, index)}
      </th>
    ) : (
      <td key={c.key ?? c.header} {...props}>
        {c.cell(row, index)}
      </td>
    );
  });
}

export function ColumnTable<Row>({
  caption,
  captionVisible,
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  totals,
  className,
  tableClassName,
}: ColumnTableProps<Row>) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-label={label}
      aria-labelledby={label === undefined ? captionId : undefined}
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-xl border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <table className={cn("w-full text-left text-sm", tableClassName)}>
        <caption
          id={captionId}
          className={captionVisible ? "px-4 py-2 text-left text-xs font-medium text-muted-foreground" : "sr-only"}
        >
          {caption}
        </caption>
        <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key ?? c.header}
                scope="col"
                className={cn("px-4 py-3 font-semibold", alignClass(c.align), c.headerClassName)}
              >
                {c.headerHidden ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, i) => (
            <tr key={rowKey(row)} {...rowProps?.(row, i)}>
              {cellsOf(columns, row, i)}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot className="border-t border-border font-semibold">
            <tr>{cellsOf(columns, totals.row, rows.length, totals.label)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

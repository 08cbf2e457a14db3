import type { ReactNode } from "react";
import { DataTable as KitDataTable, type DataTableColumn } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";

export interface Column<Row> {
  header: string;
  /** The cell's text; numbers are right-aligned. */
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * The numbers behind a chart, for screen readers and for reading exact figures: the kit's table with
 * its caption shown, the first column as each row's header, numbers right-aligned, an optional totals row.
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
  const kitColumns = columns.map((c, i): DataTableColumn<Row> => ({
    header: c.header,
    cell: (row) => c.cell(row),
    rowHeader: i === 0,
    align: c.numeric ? "right" : "left",
    className: cn("whitespace-nowrap px-3 py-2", i === 0 && "font-medium", c.numeric && "tabular-nums"),
    headerClassName: "whitespace-nowrap px-3 py-2",
  }));
  return (
    <KitDataTable
      caption={caption}
      captionVisible
      columns={kitColumns}
      rows={rows}
      rowKey={rowKey}
      totals={footer}
      className={cn("max-h-80 overflow-auto", className)}
    />
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

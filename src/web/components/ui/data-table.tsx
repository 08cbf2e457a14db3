/**
 * A table described by its columns (decision 0140; ColumnTable draws it), with loading, error and
 * empty states in place of the table, and optional pages below it.
 */
import type { ReactNode } from "react";
import { ColumnTable, type ColumnTableProps } from "./column-table";
import { EmptyState, ErrorState, LoadingState } from "./list-states";
import { Pagination, type PaginationProps } from "./pagination";

export type { DataTableColumn } from "./column-table";

export interface DataTableProps<Row> extends ColumnTableProps<Row> {
  /** While set, a spinner named by this text stands where the table will be. */
  loading?: string;
  /** While set, this message (and Try again, given onRetry) stands where the table would be. */
  error?: { message: ReactNode; onRetry?: () => void };
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Numbered pages below the table. */
  pagination?: PaginationProps;
  /** Anything below the table (and its pages), e.g. "Load older". */
  footer?: ReactNode;
}

export function DataTable<Row>({ loading, error, empty, pagination, footer, ...table }: DataTableProps<Row>) {
  if (loading !== undefined) return <LoadingState label={loading} />;
  if (error) return <ErrorState message={error.message} onRetry={error.onRetry} />;
  if (table.rows.length === 0 && empty !== undefined) return <EmptyState>{empty}</EmptyState>;
  if (!pagination && !footer) return <ColumnTable {...table} />;
  return (
    <div className="grid gap-4">
      <ColumnTable {...table} />
      {pagination ? <Pagination {...pagination} /> : null}
      {footer}
    </div>
  );
}

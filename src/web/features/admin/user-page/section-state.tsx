/** The user page's table styles and header row. */

export const tableWrapClassName = "overflow-x-auto rounded-xl border border-border";
export const theadClassName = "bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground";
export const cellClassName = "px-4 py-3";

/** Column headers with scope="col". */
export function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <thead className={theadClassName}>
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className="px-4 py-3 font-semibold">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

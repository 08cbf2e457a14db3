/**
 * The UI kit's table, filter bar and date range (decision 0140): the roles and names the admin lists
 * had when each built its own, so the browser tests find them as before.
 */
import { useState } from "react";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { DateRangeField, type DateRange } from "@/components/ui/date-range-field";
import { FilterBar, FilterChip } from "@/components/ui/filter-bar";
import { renderWeb, useLocale } from "./render";

interface Fruit {
  id: string;
  name: string;
  count: number;
}
const FRUITS: Fruit[] = [
  { id: "a", name: "Apple", count: 3 },
  { id: "b", name: "Banana", count: 12 },
];
const COLUMNS: DataTableColumn<Fruit>[] = [
  { header: "Name", cell: (f) => f.name, rowHeader: true },
  { header: "Count", cell: (f) => f.count, align: "right", className: "tabular-nums" },
  { key: "n", header: "#", cell: (_, i) => i + 1 },
];

describe("DataTable", () => {
  beforeEach(() => useLocale("en"));

  it("names the table and a keyboard-reachable scrolling region by its caption", () => {
    renderWeb(
      <DataTable
        caption="Fruit, by name"
        columns={COLUMNS}
        rows={FRUITS}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ "aria-label": `Fruit ${f.name}` })}
      />,
    );
    const region = screen.getByRole("region", { name: "Fruit, by name" });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole("table", { name: "Fruit, by name" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Count", "#"]);
    const banana = within(table).getByRole("row", { name: "Fruit Banana" });
    expect(within(banana).getByRole("rowheader").textContent).toBe("Banana");
    const cells = within(banana).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual(["12", "2"]);
    expect(cells[0]!.className).toContain("text-right");
  });

  it("names the region by its label when it differs from the caption, as a user's page does", () => {
    renderWeb(
      <DataTable
        caption="Ann's API tokens"
        label="API tokens"
        columns={[...COLUMNS, { header: "Actions", headerHidden: true, cell: () => "…" }]}
        rows={FRUITS}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ "data-fruit-id": f.id })}
      />,
    );
    const region = screen.getByRole("region", { name: "API tokens" });
    expect(within(region).getByRole("table", { name: "Ann's API tokens" })).toBeTruthy();
    expect(region.querySelector('[data-fruit-id="b"]')?.textContent).toContain("Banana");
    // A header for screen readers alone still names its column.
    expect(within(region).getByRole("columnheader", { name: "Actions" }).firstElementChild?.className).toBe("sr-only");
  });

  it("shows loading, then an error with Try again, then the empty text, in place of the table", async () => {
    const onRetry = vi.fn();
    const props = { caption: "Fruit", columns: COLUMNS, rowKey: (f: Fruit) => f.id };
    const { rerender, user } = renderWeb(<DataTable {...props} rows={[]} loading="Loading the fruit" />);
    expect(screen.getByRole("status", { name: "Loading the fruit" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();

    rerender(<DataTable {...props} rows={[]} error={{ message: "The fruit could not be loaded", onRetry }} />);
    expect(screen.getByRole("alert").textContent).toContain("The fruit could not be loaded");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(<DataTable {...props} rows={[]} empty="No fruit yet." />);
    expect(screen.getByText("No fruit yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("pages with the shared Pagination under the table", async () => {
    const onPageChange = vi.fn();
    const { user } = renderWeb(
      <DataTable
        caption="Fruit"
        columns={COLUMNS}
        rows={FRUITS}
        rowKey={(f) => f.id}
        pagination={{ page: 1, pageCount: 3, onPageChange, label: "Fruit pages" }}
      />,
    );
    const pages = screen.getByRole("navigation", { name: "Fruit pages" });
    await user.click(within(pages).getByRole("button", { name: "Next page" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

function Range({ onChange }: { onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ dateFrom: "", dateTo: "" });
  return (
    <FilterBar
      active={range.dateFrom !== "" || range.dateTo !== ""}
      onClear={() => setRange({ dateFrom: "", dateTo: "" })}
      chips={
        <FilterChip removeLabel="Remove the target filter" onRemove={() => onChange({ dateFrom: "x", dateTo: "x" })}>
          Target 42
        </FilterChip>
      }
    >
      <DateRangeField
        idPrefix="fruit"
        value={range}
        onChange={(patch) => {
          const next = { ...range, ...patch };
          setRange(next);
          onChange(next);
        }}
      />
    </FilterBar>
  );
}

describe("FilterBar and DateRangeField", () => {
  beforeEach(() => useLocale("en"));

  it("labels From and To, bounds each by the other, and Clear empties them", async () => {
    const onChange = vi.fn();
    const { user } = renderWeb(<Range onChange={onChange} />);
    const from = screen.getByLabelText<HTMLInputElement>("From");
    const to = screen.getByLabelText<HTMLInputElement>("To");
    expect(from.id).toBe("fruit-from");
    expect(to.id).toBe("fruit-to");
    const clear = screen.getByRole("button", { name: "Clear" });
    expect(clear).toHaveProperty("disabled", true);
    expect(screen.queryByText("Active")).toBeNull();

    await user.type(from, "2026-11-01");
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: "2026-11-01", dateTo: "" });
    expect(to.min).toBe("2026-11-01");
    await user.type(to, "2026-11-20");
    expect(from.max).toBe("2026-11-20");
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Filters" })).toBeTruthy();

    await user.click(clear);
    expect(from.value).toBe("");
    expect(to.value).toBe("");
    expect(clear).toHaveProperty("disabled", true);
  });

  it("removes a filter chosen elsewhere with its chip's button", async () => {
    const onChange = vi.fn();
    const { user } = renderWeb(<Range onChange={onChange} />);
    expect(screen.getByText("Target 42")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove the target filter" }));
    expect(onChange).toHaveBeenCalledOnce();
  });
});

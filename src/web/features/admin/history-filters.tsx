import { useEffect, useState } from "react";
import { X } from "lucide-react";
import type { AdminTransactionType } from "../../../shared/admin-transactions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { hasFilters, NO_FILTERS, type HistoryFilters } from "./history-api";

const ALL = "all";
const TYPE_OPTIONS: { value: AdminTransactionType | typeof ALL; label: string }[] = [
  { value: ALL, label: "All types" },
  { value: "purchase", label: "Purchase" },
  { value: "refund", label: "Refund" },
  { value: "usage", label: "Usage" },
  { value: "adjustment", label: "Adjustment" },
];
const SEARCH_DEBOUNCE_MS = 300;

/** Type, username search (debounced), from and to dates, Clear All and an 'Active' badge (decision 0024). */
export function HistoryFiltersBar({ value, onChange }: { value: HistoryFilters; onChange: (next: HistoryFilters) => void }) {
  const [search, setSearch] = useState(value.user);

  useEffect(() => {
    if (search === value.user) return;
    const timer = setTimeout(() => onChange({ ...value, user: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const active = hasFilters(value) || search.trim() !== "";
  const clearAll = () => {
    setSearch("");
    onChange(NO_FILTERS);
  };
  return (
    <div className="rounded-2xl border border-border bg-surface/80 p-4 sm:p-5">
      <div className="mb-3 flex items-center gap-2">
        <h2 className="text-sm font-semibold">Filters</h2>
        {active ? <Badge variant="default">Active</Badge> : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_1fr_10rem_10rem_auto] lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="history-type">Type</Label>
          <Select value={value.type || ALL} onValueChange={(type) => onChange({ ...value, type: type === ALL ? "" : (type as AdminTransactionType) })}>
            <SelectTrigger id="history-type" aria-label="Type">
              <SelectValue>{TYPE_OPTIONS.find((o) => o.value === (value.type || ALL))?.label}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {TYPE_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-user">Username</Label>
          <Input id="history-user" type="search" placeholder="Search username or e-mail" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-from">From</Label>
          <Input
            id="history-from"
            type="date"
            value={value.dateFrom}
            max={value.dateTo || undefined}
            onChange={(e) => onChange({ ...value, dateFrom: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-to">To</Label>
          <Input
            id="history-to"
            type="date"
            value={value.dateTo}
            min={value.dateFrom || undefined}
            onChange={(e) => onChange({ ...value, dateTo: e.target.value })}
          />
        </div>
        <Button variant="outline" disabled={!active} onClick={clearAll}>
          <X aria-hidden="true" />
          Clear All
        </Button>
      </div>
    </div>
  );
}

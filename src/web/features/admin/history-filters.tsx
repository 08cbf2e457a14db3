import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { TRANSACTION_TYPES } from "../../../shared/schemas/account";
import type { AdminTransactionType } from "../../../shared/schemas/admin-transactions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useSearchBox } from "@/hooks/use-search-box";
import { hasFilters, NO_FILTERS, TRANSACTION_TYPE_LABELS, type HistoryFilters } from "./history-api";

const ALL = "all";
const TYPE_OPTIONS: { value: AdminTransactionType | typeof ALL; label: MessageDescriptor }[] = [
  { value: ALL, label: msg`All types` },
  ...TRANSACTION_TYPES.map((value) => ({
    value,
    label: TRANSACTION_TYPE_LABELS[value],
  })),
];
/** Type, username search (debounced), from and to dates, Clear All and an 'Active' badge (decision 0024). */
export function HistoryFiltersBar({
  value,
  onChange,
}: {
  value: HistoryFilters;
  /** Merges a change into the filters as they are when it is made. */
  onChange: (patch: Partial<HistoryFilters>) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useSearchBox(value.user, (user) => onChange({ user }));

  const active = hasFilters(value) || search.trim() !== "";
  const clearAll = () => {
    setSearch("");
    onChange(NO_FILTERS);
  };
  return (
    <div className="rounded-2xl border border-border bg-surface/80 p-4 sm:p-5">
      <div className="mb-3 flex items-center gap-2">
        <h2 className="text-sm font-semibold">
          <Trans>Filters</Trans>
        </h2>
        {active ? (
          <Badge variant="default">
            <Trans>Active</Trans>
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_1fr_10rem_10rem_auto] lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="history-type">
            <Trans>Type</Trans>
          </Label>
          <Select
            value={value.type || ALL}
            onValueChange={(type) => onChange({ type: type === ALL ? "" : (type as AdminTransactionType) })}
          >
            <SelectTrigger id="history-type" aria-label={t`Type`}>
              <SelectValue>
                {t(TYPE_OPTIONS.find((o) => o.value === (value.type || ALL))?.label ?? TYPE_OPTIONS[0]!.label)}
              </SelectValue>
            </SelectTrigger>
            <SelectContent>
              {TYPE_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {t(o.label)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-user">
            <Trans>Username</Trans>
          </Label>
          <Input
            id="history-user"
            type="search"
            placeholder={t`Search username or e-mail`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-from">
            <Trans>From</Trans>
          </Label>
          <Input
            id="history-from"
            type="date"
            value={value.dateFrom}
            max={value.dateTo || undefined}
            onChange={(e) => onChange({ dateFrom: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="history-to">
            <Trans>To</Trans>
          </Label>
          <Input
            id="history-to"
            type="date"
            value={value.dateTo}
            min={value.dateFrom || undefined}
            onChange={(e) => onChange({ dateTo: e.target.value })}
          />
        </div>
        <Button variant="outline" disabled={!active} onClick={clearAll}>
          <X aria-hidden="true" />
          <Trans>Clear All</Trans>
        </Button>
      </div>
    </div>
  );
}

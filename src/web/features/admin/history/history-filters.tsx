import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { TRANSACTION_TYPES } from "../../../../shared/schemas/account";
import type { AdminTransactionType } from "../../../../shared/schemas/admin-transactions";
import { DateRangeField } from "@/components/ui/date-range-field";
import { FilterBar } from "@/components/ui/filter-bar";
import { Label } from "@/components/ui/label";
import { TextField } from "@/features/admin/admin-fields";
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
    <FilterBar
      active={active}
      onClear={clearAll}
      clearLabel={t`Clear All`}
      gridClassName="lg:grid-cols-[10rem_1fr_10rem_10rem_auto]"
    >
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
      <TextField
        id="history-user"
        label={t`Username`}
        type="search"
        placeholder={t`Search username or e-mail`}
        value={search}
        onValueChange={setSearch}
      />
      <DateRangeField idPrefix="history" value={value} onChange={onChange} />
    </FilterBar>
  );
}

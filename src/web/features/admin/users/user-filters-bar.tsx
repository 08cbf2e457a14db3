import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { FilterBar } from "@/components/ui/filter-bar";
import { useSearchBox } from "@/hooks/use-search-box";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import { hasUserFilters, NO_USER_FILTERS, type UserFilters } from "./users-api";

type Option = { value: string; label: MessageDescriptor };

const STATUS_OPTIONS: Option[] = [
  { value: "", label: msg`All statuses` },
  { value: "active", label: msg`Active` },
  { value: "disabled", label: msg`Disabled` },
  { value: "deleted", label: msg`Deleted by owner` },
];
const ROLE_OPTIONS: Option[] = [
  { value: "", label: msg`All roles` },
  { value: "admin", label: msg`Admins` },
  { value: "user", label: msg`Users` },
];
const TOKEN_OPTIONS: Option[] = [
  { value: "", label: msg`Any` },
  { value: "with", label: msg`With API tokens` },
  { value: "without", label: msg`Without API tokens` },
];
const PAYMENT_OPTIONS: Option[] = [
  { value: "", label: msg`Any` },
  { value: "problems", label: msg`Payment problems` },
];
export const SORT_OPTIONS: Option[] = [
  { value: "newest", label: msg`Newest` },
  { value: "credits", label: msg`Credits` },
  { value: "videos", label: msg`Videos` },
];

type ChoiceKey = "status" | "role" | "apiTokens" | "payments" | "sort";

/** The choice fields after the search box, in order: the filter each sets, its field's id and label, its options. */
const CHOICES: { key: ChoiceKey; id: string; label: MessageDescriptor; options: Option[] }[] = [
  { key: "status", id: "users-status", label: msg`Status`, options: STATUS_OPTIONS },
  { key: "role", id: "users-role", label: msg`Role`, options: ROLE_OPTIONS },
  { key: "apiTokens", id: "users-tokens", label: msg`API tokens`, options: TOKEN_OPTIONS },
  { key: "payments", id: "users-payments", label: msg`Payments`, options: PAYMENT_OPTIONS },
  { key: "sort", id: "users-sort", label: msg`Sort by`, options: SORT_OPTIONS },
];

export interface UserFiltersBarProps {
  filters: UserFilters;
  /** Merges a change into the filters in the address (useUrlFilters). */
  setFilters: (patch: Partial<UserFilters>, options?: { replace?: boolean }) => void;
}

/** The users' search box (written to the address a moment after typing stops), status, role, API token and sort choices, and Clear. */
export function UserFiltersBar({ filters, setFilters }: UserFiltersBarProps) {
  const { t } = useLingui();
  const [search, setSearch] = useSearchBox(filters.q, (q) => setFilters({ q }, { replace: true }));
  const options = (list: Option[]) => list.map((o) => ({ value: o.value, label: t(o.label) }));
  const change = (patch: Partial<UserFilters>) => setFilters({ q: search.trim(), ...patch });
  const active = hasUserFilters(filters) || search.trim() !== "";
  return (
    <FilterBar
      bare
      active={active}
      onClear={() => {
        setSearch("");
        setFilters({ ...NO_USER_FILTERS, sort: filters.sort });
      }}
      gridClassName="lg:grid-cols-[minmax(12rem,1fr)_9rem_9rem_11rem_11rem_9rem_auto]"
    >
      <TextField
        id="users-search"
        label={t`Search users`}
        type="search"
        placeholder={t`Username or e-mail`}
        autoComplete="off"
        value={search}
        onValueChange={setSearch}
      />
      {CHOICES.map((c) => (
        <ChoiceField
          key={c.key}
          id={c.id}
          label={t(c.label)}
          value={filters[c.key]}
          options={options(c.options)}
          onValueChange={(v) => change({ [c.key]: v })}
        />
      ))}
    </FilterBar>
  );
}

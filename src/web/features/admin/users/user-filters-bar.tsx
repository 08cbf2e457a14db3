import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FilterBar } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSearchBox } from "@/hooks/use-search-box";
import { ChoiceField } from "@/features/admin/admin-fields";
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
      <div className="grid gap-1.5">
        <Label htmlFor="users-search">
          <Trans>Search users</Trans>
        </Label>
        <Input
          id="users-search"
          type="search"
          placeholder={t`Username or e-mail`}
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ChoiceField
        id="users-status"
        label={t`Status`}
        value={filters.status}
        options={options(STATUS_OPTIONS)}
        onValueChange={(v) => change({ status: v as UserFilters["status"] })}
      />
      <ChoiceField
        id="users-role"
        label={t`Role`}
        value={filters.role}
        options={options(ROLE_OPTIONS)}
        onValueChange={(v) => change({ role: v as UserFilters["role"] })}
      />
      <ChoiceField
        id="users-tokens"
        label={t`API tokens`}
        value={filters.apiTokens}
        options={options(TOKEN_OPTIONS)}
        onValueChange={(v) => change({ apiTokens: v as UserFilters["apiTokens"] })}
      />
      <ChoiceField
        id="users-payments"
        label={t`Payments`}
        value={filters.payments}
        options={options(PAYMENT_OPTIONS)}
        onValueChange={(v) => change({ payments: v as UserFilters["payments"] })}
      />
      <ChoiceField
        id="users-sort"
        label={t`Sort by`}
        value={filters.sort}
        options={options(SORT_OPTIONS)}
        onValueChange={(v) => change({ sort: v as UserFilters["sort"] })}
      />
    </FilterBar>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import type { AuditAction } from "../../../../shared/audit";
import { DateRangeField } from "@/components/ui/date-range-field";
import { FilterBar, FilterChip } from "@/components/ui/filter-bar";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import { useSearchBox } from "@/hooks/use-search-box";
import { hasAuditFilters, NO_AUDIT_FILTERS, type AuditFilters } from "./audit-api";
import { AUDIT_ACTION_LABELS } from "./audit-labels";

/** Action, admin name (debounced), from and to dates, Clear; a target chosen elsewhere (a user's page) shows as a removable filter. */
export function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilters;
  /** Merges a change into the filters in the address (useUrlFilters). */
  onChange: (patch: Partial<AuditFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t, i18n } = useLingui();
  // Every action by its label in the active language, in that language's alphabetical order.
  const actionOptions = [
    { value: "", label: t`All actions` },
    ...Object.entries(AUDIT_ACTION_LABELS)
      .map(([value, label]) => ({ value, label: t(label) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.locale)),
  ];
  const [admin, setAdmin] = useSearchBox(value.admin, (text) => onChange({ admin: text }, { replace: true }));

  const active = hasAuditFilters(value) || admin.trim() !== "";
  const targetId = value.targetId;
  const change = (patch: Partial<AuditFilters>) => onChange({ admin: admin.trim(), ...patch });

  return (
    <FilterBar
      active={active}
      onClear={() => {
        setAdmin("");
        onChange(NO_AUDIT_FILTERS);
      }}
      chips={
        value.targetId ? (
          <FilterChip removeLabel={t`Remove the target filter`} onRemove={() => change({ targetId: "" })}>
            <Trans>Target {targetId}</Trans>
          </FilterChip>
        ) : null
      }
      gridClassName="lg:grid-cols-[16rem_1fr_10rem_10rem_auto]"
    >
      <ChoiceField
        id="audit-action"
        label={t`Action`}
        value={value.action}
        options={actionOptions}
        onValueChange={(action) => change({ action: action as AuditAction | "" })}
      />
      <TextField
        id="audit-admin"
        label={t`Admin`}
        type="search"
        placeholder={t`Admin's username`}
        autoComplete="off"
        value={admin}
        onValueChange={setAdmin}
      />
      <DateRangeField idPrefix="audit" value={value} onChange={change} />
    </FilterBar>
  );
}

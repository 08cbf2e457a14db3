import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import type { AuditAction } from "../../../../shared/audit";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ChoiceField } from "@/features/admin/admin-fields";
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
    <div className="rounded-2xl border border-border bg-surface/80 p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">
          <Trans>Filters</Trans>
        </h2>
        {active ? (
          <Badge variant="default">
            <Trans>Active</Trans>
          </Badge>
        ) : null}
        {value.targetId ? (
          <Badge variant="secondary" className="ml-auto">
            <Trans>Target {targetId}</Trans>
            <button
              type="button"
              className="rounded-full hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => change({ targetId: "" })}
              aria-label={t`Remove the target filter`}
            >
              <X aria-hidden="true" />
            </button>
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[16rem_1fr_10rem_10rem_auto] lg:items-end">
        <ChoiceField
          id="audit-action"
          label={t`Action`}
          value={value.action}
          options={actionOptions}
          onValueChange={(action) => change({ action: action as AuditAction | "" })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="audit-admin">
            <Trans>Admin</Trans>
          </Label>
          <Input
            id="audit-admin"
            type="search"
            placeholder={t`Admin's username`}
            autoComplete="off"
            value={admin}
            onChange={(e) => setAdmin(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">
            <Trans>From</Trans>
          </Label>
          <Input
            id="audit-from"
            type="date"
            value={value.dateFrom}
            max={value.dateTo || undefined}
            onChange={(e) => change({ dateFrom: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">
            <Trans>To</Trans>
          </Label>
          <Input
            id="audit-to"
            type="date"
            value={value.dateTo}
            min={value.dateFrom || undefined}
            onChange={(e) => change({ dateTo: e.target.value })}
          />
        </div>
        <Button
          variant="outline"
          disabled={!active}
          onClick={() => {
            setAdmin("");
            onChange(NO_AUDIT_FILTERS);
          }}
        >
          <X aria-hidden="true" />
          <Trans>Clear</Trans>
        </Button>
      </div>
    </div>
  );
}

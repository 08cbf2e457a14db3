/** The moderation log's filters (decision 0089): decision, screener, source, outcome, waiting for review, person, days. */
import { Trans, useLingui } from "@lingui/react/macro";
import { DateRangeField } from "@/components/ui/date-range-field";
import { FilterBar, FilterChip } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CheckboxField, ChoiceField } from "@/features/admin/admin-fields";
import { useSearchBox } from "@/hooks/use-search-box";
import { moderationFiltersToParams, NO_MODERATION_FILTERS, type ModerationFilters } from "./moderation-api";
import { DECISION_LABELS, OUTCOME_LABELS, optionsOf, SCREENER_LABELS, SOURCE_LABELS } from "./moderation-labels";

/** A person chosen on their page (?userId=) shows as a removable filter; a name typed here is searched as its part. */
export function ModerationFiltersBar({
  value,
  onChange,
}: {
  value: ModerationFilters;
  /** Merges a change into the filters in the address (useUrlFilters). */
  onChange: (patch: Partial<ModerationFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useSearchBox(value.username, (text) =>
    onChange({ username: text }, { replace: true }),
  );

  const active = Object.keys(moderationFiltersToParams(value)).length > 0 || username.trim() !== "";
  const change = (patch: Partial<ModerationFilters>) => onChange({ username: username.trim(), ...patch });
  const any = (label: string) => ({ value: "", label });

  return (
    <FilterBar
      active={active}
      onClear={() => {
        setUsername("");
        onChange(NO_MODERATION_FILTERS);
      }}
      chips={
        value.userId ? (
          <FilterChip removeLabel={t`Show everyone`} onRemove={() => change({ userId: "" })}>
            <Trans>One person</Trans>
          </FilterChip>
        ) : null
      }
      gridClassName="lg:grid-cols-4"
    >
      <ChoiceField
        id="moderation-decision"
        label={t`Decision`}
        value={value.decision}
        options={[any(t`Any decision`), ...optionsOf(DECISION_LABELS).filter((o) => o.value !== "allow")]}
        onValueChange={(decision) => change({ decision })}
      />
      <ChoiceField
        id="moderation-screener"
        label={t`Screener`}
        value={value.screener}
        options={[any(t`Any screener`), ...optionsOf(SCREENER_LABELS)]}
        onValueChange={(screener) => change({ screener })}
      />
      <ChoiceField
        id="moderation-source"
        label={t`Source`}
        value={value.source}
        options={[any(t`Web and API`), ...optionsOf(SOURCE_LABELS)]}
        onValueChange={(source) => change({ source })}
      />
      <ChoiceField
        id="moderation-outcome"
        label={t`Outcome`}
        value={value.outcome}
        options={[any(t`Any outcome`), ...optionsOf(OUTCOME_LABELS).filter((o) => o.value !== "allowed")]}
        onValueChange={(outcome) => change({ outcome })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="moderation-username">
          <Trans>Person</Trans>
        </Label>
        <Input
          id="moderation-username"
          type="search"
          placeholder={t`Part of a username`}
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <DateRangeField idPrefix="moderation" value={value} onChange={change} />
      <CheckboxField
        id="moderation-needs-review"
        className="h-11"
        label={t`Waiting for review`}
        checked={value.needsReview === "true"}
        onCheckedChange={(checked) => change({ needsReview: checked ? "true" : "" })}
      />
    </FilterBar>
  );
}

/**
 * From and To days of a filter (decision 0140): two labelled date inputs, each bounding the other so
 * the range cannot be turned around. Values are "YYYY-MM-DD" or "" for no bound.
 */
import { Trans } from "@lingui/react/macro";
import { Input } from "./input";
import { Label } from "./label";

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

export interface DateRangeFieldProps {
  /** Prefix of the inputs' ids: `${idPrefix}-from` and `${idPrefix}-to`. */
  idPrefix: string;
  value: DateRange;
  /** Called with the one bound that changed. */
  onChange: (patch: Partial<DateRange>) => void;
}

/** Two grid cells, From then To, to sit in a filter bar's grid. */
export function DateRangeField({ idPrefix, value, onChange }: DateRangeFieldProps) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>
          <Trans>From</Trans>
        </Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={value.dateFrom}
          max={value.dateTo || undefined}
          onChange={(e) => onChange({ dateFrom: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>
          <Trans>To</Trans>
        </Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={value.dateTo}
          min={value.dateFrom || undefined}
          onChange={(e) => onChange({ dateTo: e.target.value })}
        />
      </div>
    </>
  );
}

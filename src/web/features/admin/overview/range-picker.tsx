import { useLingui } from "@lingui/react/macro";
import { OVERVIEW_RANGES, type OverviewRange } from "../../../../shared/schemas/admin-overview";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { RANGE_LABELS } from "./overview-format";

/** Today, 7, 30 or 90 days: one of them is always chosen (arrow keys move between them). */
export function RangePicker({ value, onChange }: { value: OverviewRange; onChange: (range: OverviewRange) => void }) {
  const { t } = useLingui();
  return (
    <ToggleGroup
      type="single"
      aria-label={t`Range`}
      value={value}
      // Radix lets the chosen item be pressed off (""): the range stays as it was.
      onValueChange={(next) => {
        if (next) onChange(next as OverviewRange);
      }}
      className="flex w-full flex-wrap sm:w-auto"
    >
      {OVERVIEW_RANGES.map((r) => (
        <ToggleGroupItem key={r} value={r}>
          {t(RANGE_LABELS[r])}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}

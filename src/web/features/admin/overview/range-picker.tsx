import { useLingui } from "@lingui/react/macro";
import { OVERVIEW_RANGES, type OverviewRange } from "../../../../shared/schemas/admin-overview";
import { ChoiceToggle } from "./choice-toggle";
import { RANGE_LABELS } from "./overview-format";

/** Today, 7, 30 or 90 days: one of them is always chosen. */
export function RangePicker({ value, onChange }: { value: OverviewRange; onChange: (range: OverviewRange) => void }) {
  const { t } = useLingui();
  return (
    <ChoiceToggle
      label={t`Range`}
      value={value}
      options={OVERVIEW_RANGES.map((r) => ({ value: r, label: t(RANGE_LABELS[r]) }))}
      onChange={onChange}
      className="flex w-full flex-wrap sm:w-auto"
    />
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanInterval } from "../../../shared/schemas/plans";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";

/** What paying yearly saves, beside the Yearly choice: "Save 17%", or "Save up to 20%" when plans differ. */
function SavingNote({ saving }: { saving: { percent: number; upTo: boolean } }) {
  const { percent } = saving;
  return (
    <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
      {saving.upTo ? <Trans>Save up to {percent}%</Trans> : <Trans>Save {percent}%</Trans>}
    </span>
  );
}

/** The Monthly / Yearly switch above the plans, with what a year saves. */
export function IntervalSwitch({
  value,
  onChange,
  saving,
}: {
  value: PlanInterval;
  onChange: (interval: PlanInterval) => void;
  saving: { percent: number; upTo: boolean } | null;
}) {
  const { t } = useLingui();
  return (
    <ToggleGroup
      type="single"
      aria-label={t`Billing period`}
      value={value}
      onValueChange={(next) => {
        if (next === "month" || next === "year") onChange(next);
      }}
      className="mx-auto w-fit"
    >
      <ToggleGroupItem value="month" className="px-5">
        <Trans>Monthly</Trans>
      </ToggleGroupItem>
      <ToggleGroupItem value="year" className="px-5">
        <Trans>Yearly</Trans>
        {saving ? <SavingNote saving={saving} /> : null}
      </ToggleGroupItem>
    </ToggleGroup>
  );
}

import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { VARIANTS_MAX } from "../../../shared/videos";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";

const COUNTS = Array.from({ length: VARIANTS_MAX }, (_, i) => i + 1);

/**
 * How many videos one Generate makes from the prompt (decision 0162): 1 to 4, each with its own
 * seed and charged as one video, shown side by side when they are done. Small, beside Generate, so
 * the first screen keeps its height.
 */
export function VariantsField({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  const { t } = useLingui();
  return (
    <div className="flex items-center gap-2">
      <span id="variants-label" className="text-xs text-muted-foreground">
        <Trans>Variants</Trans>
      </span>
      <ToggleGroup
        type="single"
        aria-labelledby="variants-label"
        data-testid="variants-choice"
        className="w-36 p-0.5"
        value={String(value)}
        onValueChange={(next) => {
          if (next) onChange(Number(next));
        }}
      >
        {COUNTS.map((n) => (
          <ToggleGroupItem
            key={n}
            value={String(n)}
            className="h-7 px-0"
            aria-label={t`${plural(n, { one: "# video", other: "# videos" })}`}
          >
            {n}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </div>
  );
}

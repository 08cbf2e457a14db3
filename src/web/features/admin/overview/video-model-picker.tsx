import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel } from "../../../../shared/videos";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";

export const ALL_MODELS = "all";

/** All models, or one of those that made videos in the range. */
export function VideoModelPicker({
  models,
  value,
  onChange,
}: {
  models: readonly { model: string }[];
  value: string;
  onChange: (model: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ToggleGroup
      type="single"
      aria-label={t`Model`}
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next);
      }}
      className="mb-4 flex w-fit max-w-full flex-wrap"
    >
      <ToggleGroupItem value={ALL_MODELS}>
        <Trans>All models</Trans>
      </ToggleGroupItem>
      {models.map((m) => (
        <ToggleGroupItem key={m.model} value={m.model}>
          {modelLabel(m.model)}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}

import { useLingui } from "@lingui/react/macro";
import { modelLabel } from "../../../../shared/videos";
import { ChoiceToggle } from "./choice-toggle";

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
    <ChoiceToggle
      label={t`Model`}
      value={value}
      options={[
        { value: ALL_MODELS, label: t`All models` },
        ...models.map((m) => ({ value: m.model, label: modelLabel(m.model) })),
      ]}
      onChange={onChange}
      className="mb-4 flex w-fit max-w-full flex-wrap"
    />
  );
}

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { ModelId } from "../../../shared/catalogue";
import type { PriceTable } from "../../../shared/prices";
import { ModelField } from "./generate-choice-fields";
import { updateChoices, type GenerateFormValues } from "./generate-form-schema";
import { VideoOptionFields } from "./generate-video-options";
import { CompareModelsToggle, ModelComparison } from "./model-comparison";

/** The model (compared on demand) and its own options: length, resolution, aspect ratio, sound. */
export function GenerateModelSection({
  form,
  prices,
  offered,
  degraded,
}: {
  form: UseFormReturn<GenerateFormValues>;
  prices: PriceTable;
  offered: readonly ModelId[];
  degraded: readonly ModelId[];
}) {
  const [mode, model] = useWatch({ control: form.control, name: ["mode", "model"] });
  const [comparing, setComparing] = useState(false);
  const choose = (next: ModelId) =>
    updateChoices(form, { model: next }, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <ModelField
          form={form}
          mode={mode}
          prices={prices}
          offered={offered}
          degraded={degraded}
          aside={<CompareModelsToggle open={comparing} onToggle={() => setComparing((open) => !open)} />}
        />
        <VideoOptionFields form={form} model={model} />
      </div>
      <ModelComparison open={comparing} mode={mode} model={model} prices={prices} offered={offered} onChoose={choose} />
    </>
  );
}

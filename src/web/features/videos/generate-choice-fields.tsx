import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS, modelsFor, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { webCost, type PriceTable } from "../../../shared/prices";
import { fieldErrorId } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { modelDescription, modelLabel, modeLabel } from "@/lib/catalogue-text";
import { updateChoices, type GenerateFormValues } from "./generate-form-schema";
import { creditsText } from "./video-display";

export interface ModelFieldProps {
  form: UseFormReturn<GenerateFormValues>;
  /** Beside the label (the 'Compare models' toggle). */
  aside?: ReactNode;
  mode: GenerationMode;
  prices: PriceTable;
  /** The models offered now (the admin may turn some off): only these are listed. */
  offered: readonly ModelId[];
  /** Models failing often right now (decision 0097): marked, still allowed. */
  degraded: readonly ModelId[];
}

/**
 * The model list: every model with its price (its default options), those the mode does not take
 * disabled. Choosing one resets the options it lacks to its defaults (updateChoices).
 */
export function ModelField({ form, mode, prices, offered, degraded, aside }: ModelFieldProps) {
  const { t } = useLingui();
  const modelError = form.formState.errors.model?.message;
  const failing = t`Failing often right now`;
  const modeModels = modelsFor(mode);
  const modeName = modeLabel(mode);
  return (
    <Controller
      control={form.control}
      name="model"
      render={({ field }) => (
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="model">
              <Trans>Model</Trans>
            </Label>
            {aside}
          </div>
          <Select
            value={field.value}
            onValueChange={(value) =>
              value &&
              updateChoices(
                form,
                { model: value as ModelId },
                { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
              )
            }
          >
            <SelectTrigger
              id="model"
              ref={field.ref}
              aria-invalid={modelError ? true : undefined}
              aria-describedby={modelError ? fieldErrorId("model") : undefined}
            >
              <SelectValue>{modelLabel(field.value)}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {MODELS.filter((m) => offered.includes(m)).map((m) => {
                const forMode = modeModels.includes(m);
                return (
                  <SelectItem
                    key={m}
                    value={m}
                    disabled={!forMode}
                    description={
                      forMode
                        ? `${creditsText(webCost(prices, m))} · ${degraded.includes(m) ? failing : modelDescription(m)}`
                        : t`Not for ${modeName} mode`
                    }
                  >
                    {modelLabel(m)}
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
          {degraded.includes(field.value) ? (
            <p className="text-xs text-amber-300" data-testid="model-degraded">
              <Trans>
                Many videos with this model are failing right now. You can still try (a failed video is refunded), or
                choose another model.
              </Trans>
            </p>
          ) : null}
          {modelError ? (
            <p id={fieldErrorId("model")} className="text-xs font-medium text-red-400">
              {modelError}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

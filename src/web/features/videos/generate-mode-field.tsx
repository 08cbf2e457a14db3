import { Controller, type UseFormReturn } from "react-hook-form";
import { Image as ImageIcon, Images, Type, type LucideIcon } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { MODES, modelsFor, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { modeDescription, modeLabel } from "@/lib/catalogue-text";
import { modelFor, updateChoices, type GenerateFormValues } from "./generate-form-schema";

const MODE_ICONS: Record<GenerationMode, LucideIcon> = { text: Type, image: ImageIcon, reference: Images };

/**
 * The generation mode's toggle and its description (with the chosen model's images). A mode
 * switches the model to one it takes, and that model's options with it.
 */
export function ModeField({
  form,
  mode,
  model,
  offered,
}: {
  form: UseFormReturn<GenerateFormValues>;
  mode: GenerationMode;
  model: ModelId;
  /** The models offered now: a mode none of them makes cannot be chosen. */
  offered: readonly ModelId[];
}) {
  const { t } = useLingui();
  const {
    control,
    formState: { isSubmitted },
  } = form;
  return (
    <div className="grid gap-2">
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <ToggleGroup
            type="single"
            aria-label={t`Generation mode`}
            data-testid="generation-mode"
            value={field.value}
            onValueChange={(value) => {
              if (!value) return;
              const next = value as GenerationMode;
              field.onChange(next);
              const nextModel = modelFor(next, form.getValues("model"), offered);
              if (nextModel !== form.getValues("model")) updateChoices(form, { model: nextModel });
              // After a submission the images' and the model's messages follow the new mode.
              if (isSubmitted) void form.trigger(["imageUrls", "model"]);
            }}
          >
            {MODES.map((m) => {
              const Icon = MODE_ICONS[m];
              return (
                <ToggleGroupItem
                  key={m}
                  value={m}
                  disabled={!modelsFor(m).some((x) => offered.includes(x))}
                  // On a phone the three labels are tight: less padding, and the icon never squeezed away.
                  className="min-w-0 gap-1.5 px-1.5 sm:gap-2 sm:px-3"
                >
                  <Icon aria-hidden="true" className="shrink-0" />
                  {modeLabel(m)}
                </ToggleGroupItem>
              );
            })}
          </ToggleGroup>
        )}
      />
      <p className="text-xs text-muted-foreground" data-testid="mode-description">
        {modeDescription(mode, model)}.
      </p>
    </div>
  );
}

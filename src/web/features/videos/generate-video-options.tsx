import { useWatch, type UseFormReturn } from "react-hook-form";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, type ModelId, type Resolution, type VideoOptions } from "../../../shared/catalogue";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { modelLabel } from "@/lib/catalogue-text";
import { ChoiceSelect } from "./choice-select";
import { updateChoices, type GenerateFormValues } from "./generate-form-schema";
import { durationsAt, limitAt, optionFieldsOf } from "./model-options";
import { aspectRatioDescription, durationsText, durationText, resolutionLabel } from "./option-text";

interface FieldProps<T extends string | number> {
  model: ModelId;
  value: T;
  onChoose: (value: T) => void;
}

/** The lengths the model makes; those its resolution does not allow are disabled, with the reason. */
function LengthField({ model, resolution, value, onChoose }: FieldProps<number> & { resolution: Resolution }) {
  const { t } = useLingui();
  const allowed = durationsAt(model, resolution);
  const at = resolutionLabel(resolution);
  const choices = MODEL_CATALOGUE[model].durations.options.map((seconds) => ({
    value: seconds,
    label: durationText(seconds),
    disabled: !allowed.includes(seconds),
    description: allowed.includes(seconds) ? undefined : t`Not at ${at}`,
  }));
  return <ChoiceSelect id="duration" label={t`Length`} value={value} choices={choices} onChoose={onChoose} />;
}

/** The resolutions the model makes; one that allows only some lengths says which. */
function ResolutionField({ model, value, onChoose }: FieldProps<Resolution>) {
  const { t } = useLingui();
  const choices = MODEL_CATALOGUE[model].resolutions.options.map((resolution) => {
    const limit = limitAt(model, resolution);
    const lengths = limit ? durationsText(limit) : "";
    return {
      value: resolution,
      label: resolutionLabel(resolution),
      description: limit ? t`${lengths} only` : undefined,
    };
  });
  return <ChoiceSelect id="resolution" label={t`Resolution`} value={value} choices={choices} onChoose={onChoose} />;
}

/** The shapes the model makes, each with its everyday name. */
function AspectRatioField({ model, value, onChoose }: FieldProps<VideoOptions["aspectRatio"]>) {
  const { t } = useLingui();
  const choices = MODEL_CATALOGUE[model].aspectRatios.options.map((ratio) => ({
    value: ratio,
    label: ratio,
    description: aspectRatioDescription(ratio),
  }));
  return <ChoiceSelect id="aspect-ratio" label={t`Aspect ratio`} value={value} choices={choices} onChoose={onChoose} />;
}

/** Sound on or off, for a model that makes it on request (on unless turned off). */
function SoundField({ value, onChange }: { value: boolean; onChange: (audio: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-border/70 bg-zinc-950/30 px-4 py-3 sm:col-span-2">
      <div className="grid gap-1">
        <Label htmlFor="audio">
          <Trans>Sound</Trans>
        </Label>
        <p id="audio-hint" className="text-xs text-muted-foreground">
          {value ? (
            <Trans>Sound and speech are made with the video.</Trans>
          ) : (
            <Trans>The video is made without sound.</Trans>
          )}
        </p>
      </div>
      <Switch id="audio" checked={value} onCheckedChange={onChange} aria-describedby="audio-hint" />
    </div>
  );
}

/** Said when the chosen resolution allows only some lengths (Hailuo 2.3 Pro at 1080p). */
function LengthLimitNote({ model, resolution }: { model: ModelId; resolution: Resolution }) {
  const limit = limitAt(model, resolution);
  if (!limit) return null;
  const at = resolutionLabel(resolution);
  const name = modelLabel(model);
  const lengths = durationsText(limit);
  return (
    <p className="text-xs text-amber-200 sm:col-span-2" data-testid="length-limit">
      <Trans>
        At {at}, {name} makes videos of {lengths} only.
      </Trans>
    </p>
  );
}

/**
 * The options of the chosen model, and only those (issue 42): its lengths, resolutions, shapes and
 * sound, each shown when a person can choose it. Cells of the form's two-column grid.
 */
export function VideoOptionFields({ form, model }: { form: UseFormReturn<GenerateFormValues>; model: ModelId }) {
  const [durationSeconds, resolution, aspectRatio, audio, mode] = useWatch({
    control: form.control,
    name: ["durationSeconds", "resolution", "aspectRatio", "audio", "mode"],
  });
  const fields = optionFieldsOf(model, mode);
  // A resolution that allows fewer lengths moves the length to one it allows (updateChoices).
  const choose = (change: Partial<VideoOptions>) => updateChoices(form, change, { shouldDirty: true });
  return (
    <>
      {fields.length ? (
        <LengthField
          model={model}
          resolution={resolution}
          value={durationSeconds}
          onChoose={(seconds) => choose({ durationSeconds: seconds })}
        />
      ) : null}
      {fields.resolution ? (
        <ResolutionField model={model} value={resolution} onChoose={(chosen) => choose({ resolution: chosen })} />
      ) : null}
      {fields.aspectRatio ? (
        <AspectRatioField model={model} value={aspectRatio} onChoose={(ratio) => choose({ aspectRatio: ratio })} />
      ) : null}
      {fields.sound ? <SoundField value={audio} onChange={(on) => choose({ audio: on })} /> : null}
      <LengthLimitNote model={model} resolution={resolution} />
    </>
  );
}

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ChevronDown, Dices } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import { SEED_MAX, SEED_MIN } from "../../../shared/videos";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { SeedInput } from "./seed-input";
import { WATERMARK_MAX, type GenerateFormValues } from "./generate-form-schema";
import { offers4k, offersExtend, takesSeed, takesWatermark } from "./model-options";
import { VersionOptions, type MoreOptionsProps } from "./generate-version-options";

function randomSeed(): string {
  return String(SEED_MIN + Math.floor(Math.random() * (SEED_MAX - SEED_MIN + 1)));
}

/** For a model that takes them: the optional watermark, and the seed (with a dice button for a random seed). */
function WatermarkSeedFields({ form, model }: { form: UseFormReturn<GenerateFormValues>; model: ModelId }) {
  const { t } = useLingui();
  const {
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const watermarkError = errors.watermark?.message;
  const seedError = errors.seed?.message;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {takesWatermark(model) ? (
        <FormField id="watermark" label={t`Watermark`} hint={t`Optional`} error={watermarkError}>
          <Input
            id="watermark"
            maxLength={WATERMARK_MAX}
            placeholder={t`e.g. MyBrand`}
            autoComplete="off"
            aria-invalid={watermarkError ? true : undefined}
            aria-describedby={watermarkError ? fieldErrorId("watermark") : undefined}
            {...register("watermark")}
          />
        </FormField>
      ) : null}
      {takesSeed(model) ? (
        <FormField id="seed" label={t`Seed`} hint={t`Optional`} error={seedError}>
          <div className="relative">
            <SeedInput id="seed" field={register("seed")} error={seedError} className="pr-11" />
            <button
              type="button"
              aria-label={t`Random seed`}
              title={t`Random seed`}
              onClick={() => setValue("seed", randomSeed(), { shouldValidate: isSubmitted })}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-zinc-500 transition hover:text-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
            >
              <Dices className="size-4" aria-hidden="true" />
            </button>
          </div>
        </FormField>
      ) : null}
    </div>
  );
}

/** What 'More options' holds with this model: all four with Veo, the watermark alone with a Market model. */
function MoreOptionsSummary({ model }: { model: ModelId }) {
  return takesSeed(model) || offers4k(model) || offersExtend(model) ? (
    <Trans>Watermark, seed, 4K and keeping the video extendable</Trans>
  ) : (
    <Trans>Watermark</Trans>
  );
}

/**
 * 'More options' (decision 0077): watermark, seed, 4K and 'Keep extendable' (those the model
 * takes), folded away from the first screen. It opens by itself when one of them is set
 * (Recreate, a draft) or has an error.
 */
export function MoreOptions({ form, model, fourKPrice }: MoreOptionsProps) {
  const [watermark, seed, upgrade4k, keepExtendable] = useWatch({
    control: form.control,
    name: ["watermark", "seed", "upgrade4k", "keepExtendable"],
  });
  const { errors } = form.formState;
  const needsShowing = Boolean(watermark || seed || upgrade4k || keepExtendable || errors.watermark || errors.seed);
  const [open, setOpen] = useState(needsShowing);
  // Opened when something in it becomes set; closing it again is the person's choice.
  const [shown, setShown] = useState(needsShowing);
  if (shown !== needsShowing) {
    setShown(needsShowing);
    if (needsShowing) setOpen(true);
  }

  return (
    <div className="grid gap-4 rounded-xl border border-border/70 bg-zinc-950/30">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="generate-more-options"
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium transition hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="grid gap-0.5">
          <span>
            <Trans>More options</Trans>
          </span>
          <span className="text-xs font-normal text-muted-foreground">
            <MoreOptionsSummary model={model} />
          </span>
        </span>
        <ChevronDown
          className={cn("size-4 shrink-0 transition-transform motion-reduce:transition-none", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <div id="generate-more-options" hidden={!open} className="grid gap-5 px-4 pb-4">
        <WatermarkSeedFields form={form} model={model} />
        <VersionOptions form={form} model={model} fourKPrice={fourKPrice} />
      </div>
    </div>
  );
}

import type { UseFormReturn } from "react-hook-form";
import { Dices } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { SEED_MAX, SEED_MIN } from "../../../shared/videos";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { WATERMARK_MAX, type GenerateFormValues } from "./generate-form-schema";
import { creditsText, KEEP_EXTENDABLE_HINT } from "./video-display";

function randomSeed(): string {
  return String(SEED_MIN + Math.floor(Math.random() * (SEED_MAX - SEED_MIN + 1)));
}

/** The optional watermark and seed (with a dice button for a random seed). */
export function WatermarkSeedFields({ form }: { form: UseFormReturn<GenerateFormValues> }) {
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
      <FormField id="seed" label={t`Seed`} hint={t`Optional`} error={seedError}>
        <div className="relative">
          <Input
            id="seed"
            inputMode="numeric"
            autoComplete="off"
            placeholder={`${SEED_MIN}-${SEED_MAX}`}
            className="pr-11"
            aria-invalid={seedError ? true : undefined}
            aria-describedby={seedError ? fieldErrorId("seed") : undefined}
            {...register("seed")}
          />
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
    </div>
  );
}

/** The two checkboxes: a 4K version too (with its surcharge), and keep the video extendable. */
export function VersionOptions({ form, fourKPrice }: { form: UseFormReturn<GenerateFormValues>; fourKPrice: number }) {
  const { t } = useLingui();
  const { register } = form;
  const fourKText = creditsText(fourKPrice);
  return (
    <>
      <div className="grid gap-1">
        <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-violet-500" {...register("upgrade4k")} />
          <Trans>Also make a 4K version (+{fourKText})</Trans>
        </label>
        <p className="pl-6.5 text-xs text-muted-foreground">
          <Trans>Made once the video is ready: 5-10 minutes more. Refunded if it cannot be made.</Trans>
        </p>
      </div>

      <div className="grid gap-1">
        <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-violet-500"
            aria-describedby="keep-extendable-hint"
            {...register("keepExtendable")}
          />
          <Trans>Keep extendable (1080p when you ask for it)</Trans>
        </label>
        <p id="keep-extendable-hint" className="pl-6.5 text-xs text-muted-foreground">
          {t(KEEP_EXTENDABLE_HINT)}
        </p>
      </div>
    </>
  );
}

import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import { Coins, Dices, Image as ImageIcon, Images, LoaderCircle, LogIn, Sparkles, Type, Wand2, type LucideIcon } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ASPECT_RATIOS, MODE_CATALOGUE, MODELS, MODES, modelsFor, type AspectRatio, type GenerationMode, type VeoModel } from "../../../shared/catalogue";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { PROMPT_MAX, SEED_MAX, SEED_MIN, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { toast } from "@/hooks/use-toast";
import { modelDescription, modelLabel, modeDescription, modeLabel } from "@/lib/catalogue-text";
import { formatCredits } from "@/lib/format";
import { GENERATE_DEFAULTS, imagesFor, modelFor, WATERMARK_MAX, type GenerateFormValues } from "./generate-form-schema";
import { ImageSlotsField } from "./reference-image-field";
import { useGenerateVideo } from "./use-generate-video";
import { useUploadImage } from "./use-upload-image";
import { useFourKPrice } from "./use-web-prices";
import { creditsText, KEEP_EXTENDABLE_HINT } from "./video-display";

const MODE_ICONS: Record<GenerationMode, LucideIcon> = { text: Type, image: ImageIcon, reference: Images };

const ASPECT_DESCRIPTIONS: Record<AspectRatio, MessageDescriptor> = { "16:9": msg`Landscape · 1080p HD`, "9:16": msg`Portrait · 1080p HD` };

const PROMPT_PLACEHOLDERS: Record<GenerationMode, MessageDescriptor> = {
  text: msg`A golden retriever surfing a wave at sunset, slow motion, ocean sounds and a cheering crowd…`,
  image: msg`Describe how the scene in your image should move, sound and feel…`,
  reference: msg`Describe the scene the people, objects or style in your images should appear in…`,
};

function randomSeed(): string {
  return String(SEED_MIN + Math.floor(Math.random() * (SEED_MAX - SEED_MIN + 1)));
}

export interface GenerateFormProps {
  form: UseFormReturn<GenerateFormValues>;
  /** null when signed out. */
  user: CurrentUser | null;
  prices: Record<VeoModel, number>;
  onStarted: (task: VideoTaskView) => void;
}

/**
 * The 'Create Video' panel: mode, prompt, the mode's images, model, aspect ratio, watermark, seed,
 * cost. Only the catalogue's combinations are offered: a mode switches to a model it takes, and the
 * model list disables the models the mode does not take.
 */
export function GenerateForm({ form, user, prices, onStarted }: GenerateFormProps) {
  const { t } = useLingui();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isSubmitted },
  } = form;
  const [mode, model, imageUrls, prompt, upgrade4k] = useWatch({ control, name: ["mode", "model", "imageUrls", "prompt", "upgrade4k"] });
  const { mutation, insufficientCredits } = useGenerateVideo(onStarted);
  const images = imagesFor(mode, imageUrls);
  const upload = useUploadImage((imageUrl) => {
    // Into the next empty slot of the mode the form is in now.
    const current = form.getValues();
    setValue("imageUrls", [...imagesFor(current.mode, current.imageUrls), imageUrl], { shouldValidate: isSubmitted });
  });
  const modeModels = modelsFor(mode);

  const fourKPrice = useFourKPrice();
  /** The model's price, plus the 4K surcharge when the 4K version is asked for too. */
  const costOf = (values: Pick<GenerateFormValues, "model" | "upgrade4k">) => prices[values.model] + (values.upgrade4k ? fourKPrice : 0);
  const cost = costOf({ model, upgrade4k });
  const credits = user?.credits ?? 0;
  const short = user !== null && credits < cost;

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    const needed = costOf(values);
    if (user.credits < needed) {
      // The server's words for the same refusal (shared/videos.ts insufficientCreditsMessage), in the active language.
      const neededText = formatCredits(needed);
      const modelName = modelLabel(values.model);
      const have = formatCredits(user.credits);
      insufficientCredits(t`You need ${neededText} credits to generate a video with ${modelName}. You have ${have} credits.`);
      return;
    }
    mutation.mutate(
      {
        prompt: values.prompt,
        imageUrls: imagesFor(values.mode, values.imageUrls),
        model: values.model,
        mode: values.mode,
        aspectRatio: values.aspectRatio,
        watermark: values.watermark || undefined,
        seeds: values.seed ? Number(values.seed) : undefined,
        upgrade4k: values.upgrade4k,
        keepExtendable: values.keepExtendable,
        enableFallback: false,
      },
      { onSuccess: () => reset(GENERATE_DEFAULTS) },
    );
  });

  const promptError = errors.prompt?.message;
  const watermarkError = errors.watermark?.message;
  const seedError = errors.seed?.message;
  const modelError = errors.model?.message;
  const modeName = modeLabel(mode);
  const modelName = modelLabel(model);
  const fourKText = creditsText(fourKPrice);
  const modelPriceText = creditsText(prices[model]);
  const costText = creditsText(cost);
  const creditsHeld = creditsText(credits);

  return (
    <Card role="region" aria-labelledby="create-video-title">
      <CardHeader>
        <CardTitle id="create-video-title" className="flex items-center gap-2">
          <Wand2 className="size-5 text-fuchsia-300" aria-hidden="true" />
          <Trans>Create Video</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Describe a scene, pick a model and get an 8-second video with sound.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-5" onSubmit={onSubmit}>
          <div className="grid gap-2">
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <ToggleGroup
                  type="single"
                  aria-label={t`Generation mode`}
                  value={field.value}
                  onValueChange={(value) => {
                    if (!value) return;
                    const next = value as GenerationMode;
                    field.onChange(next);
                    const nextModel = modelFor(next, form.getValues("model"));
                    if (nextModel !== form.getValues("model")) setValue("model", nextModel);
                    // After a submission the images' and the model's messages follow the new mode.
                    if (isSubmitted) void form.trigger(["imageUrls", "model"]);
                  }}
                >
                  {MODES.map((m) => {
                    const Icon = MODE_ICONS[m];
                    return (
                      <ToggleGroupItem key={m} value={m}>
                        <Icon aria-hidden="true" />
                        {modeLabel(m)}
                      </ToggleGroupItem>
                    );
                  })}
                </ToggleGroup>
              )}
            />
            <p className="text-xs text-muted-foreground" data-testid="mode-description">
              {modeDescription(mode)}.
            </p>
          </div>

          <FormField id="prompt" label={t`Prompt`} error={promptError} hint={`${prompt.length}/${PROMPT_MAX}`}>
            <Textarea
              id="prompt"
              rows={5}
              maxLength={PROMPT_MAX}
              className="scroll-mt-24"
              placeholder={t(PROMPT_PLACEHOLDERS[mode])}
              aria-invalid={promptError ? true : undefined}
              aria-describedby={promptError ? fieldErrorId("prompt") : undefined}
              {...register("prompt")}
            />
          </FormField>

          {MODE_CATALOGUE[mode].images.max > 0 ? (
            <ImageSlotsField
              mode={mode}
              imageUrls={images}
              uploading={upload.isPending}
              signedOut={!user}
              error={errors.imageUrls?.message}
              onFile={(file) => upload.mutate(file)}
              onRemove={(index) => {
                setValue(
                  "imageUrls",
                  images.filter((_, i) => i !== index),
                  { shouldValidate: isSubmitted },
                );
                toast({ title: t`Image removed`, description: t`It will not be used for this video.` });
              }}
            />
          ) : null}

          <div className="grid gap-5 sm:grid-cols-2">
            <Controller
              control={control}
              name="model"
              render={({ field }) => (
                <div className="grid gap-2">
                  <Label htmlFor="model">
                    <Trans>Model</Trans>
                  </Label>
                  <Select value={field.value} onValueChange={(value) => value && field.onChange(value)}>
                    <SelectTrigger
                      id="model"
                      ref={field.ref}
                      aria-invalid={modelError ? true : undefined}
                      aria-describedby={modelError ? fieldErrorId("model") : undefined}
                    >
                      <SelectValue>{modelLabel(field.value)}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {MODELS.map((m) => {
                        const offered = modeModels.includes(m);
                        return (
                          <SelectItem
                            key={m}
                            value={m}
                            disabled={!offered}
                            description={offered ? `${creditsText(prices[m])} · ${modelDescription(m)}` : t`Not for ${modeName} mode`}
                          >
                            {modelLabel(m)}
                          </SelectItem>
                        );
                      })}
                    </SelectContent>
                  </Select>
                  {modelError ? (
                    <p id={fieldErrorId("model")} className="text-xs font-medium text-red-400">
                      {modelError}
                    </p>
                  ) : null}
                </div>
              )}
            />
            <Controller
              control={control}
              name="aspectRatio"
              render={({ field }) => (
                <div className="grid gap-2">
                  <Label htmlFor="aspect-ratio">
                    <Trans>Aspect ratio</Trans>
                  </Label>
                  <Select value={field.value} onValueChange={(value) => value && field.onChange(value)}>
                    <SelectTrigger id="aspect-ratio" ref={field.ref}>
                      <SelectValue>{field.value}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {ASPECT_RATIOS.map((ratio) => (
                        <SelectItem key={ratio} value={ratio} description={t(ASPECT_DESCRIPTIONS[ratio])}>
                          {ratio}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              )}
            />
          </div>

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
              <input type="checkbox" className="size-4 accent-violet-500" aria-describedby="keep-extendable-hint" {...register("keepExtendable")} />
              <Trans>Keep extendable (1080p when you ask for it)</Trans>
            </label>
            <p id="keep-extendable-hint" className="pl-6.5 text-xs text-muted-foreground">
              {t(KEEP_EXTENDABLE_HINT)}
            </p>
          </div>

          <div className="grid gap-3 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">
                <Trans>Cost</Trans>
              </span>
              <span className="font-semibold text-foreground" data-testid="generation-cost">
                {costText}
              </span>
            </div>
            {upgrade4k ? (
              <p className="-mt-2 text-right text-xs text-muted-foreground" data-testid="generation-cost-breakdown">
                <Trans>
                  {modelName} {modelPriceText} + 4K {fourKText}
                </Trans>
              </p>
            ) : null}
            {user ? (
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="text-muted-foreground">
                  <Trans>Your credits</Trans>
                </span>
                <span className="inline-flex items-center gap-1.5 font-semibold text-foreground" data-testid="user-credits">
                  <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
                  {formatCredits(credits)}
                </span>
              </div>
            ) : null}
            {short ? (
              <p className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs leading-relaxed text-amber-200" role="note">
                {upgrade4k ? (
                  <Trans>
                    Not enough credits: {modelName} with its 4K version needs {costText} and you have {creditsHeld}.
                  </Trans>
                ) : (
                  <Trans>
                    Not enough credits: {modelName} needs {costText} and you have {creditsHeld}.
                  </Trans>
                )}{" "}
                <Link href="/pricing" className="font-semibold text-amber-100 underline underline-offset-2 hover:text-white">
                  <Trans>Buy credits</Trans>
                </Link>
              </p>
            ) : null}
          </div>

          {user ? (
            <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || upload.isPending || short}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
              {mutation.isPending ? <Trans>Generating...</Trans> : <Trans>Generate Video</Trans>}
            </Button>
          ) : (
            <div className="grid gap-2 text-center">
              <Button asChild size="lg" className="w-full">
                <Link href="/login">
                  <LogIn aria-hidden="true" />
                  <Trans>Sign in to Generate</Trans>
                </Link>
              </Button>
              <p className="text-xs text-muted-foreground">
                <Trans>You need an account with credits to generate videos.</Trans>
              </p>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

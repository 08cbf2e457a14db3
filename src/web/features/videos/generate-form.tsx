import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import { Coins, Dices, Image as ImageIcon, Images, LoaderCircle, LogIn, Sparkles, Type, Wand2, type LucideIcon } from "lucide-react";
import {
  ASPECT_RATIOS,
  MODE_CATALOGUE,
  MODEL_CATALOGUE,
  MODELS,
  MODES,
  modelsFor,
  type AspectRatio,
  type GenerationMode,
  type VeoModel,
} from "../../../shared/catalogue";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { insufficientCreditsMessage, PROMPT_MAX, SEED_MAX, SEED_MIN, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { toast } from "@/hooks/use-toast";
import { formatCredits } from "@/lib/format";
import { GENERATE_DEFAULTS, imagesFor, modelFor, WATERMARK_MAX, type GenerateFormValues } from "./generate-form-schema";
import { ImageSlotsField } from "./reference-image-field";
import { useGenerateVideo } from "./use-generate-video";
import { useUploadImage } from "./use-upload-image";
import { useFourKPrice } from "./use-web-prices";
import { creditsText, KEEP_EXTENDABLE_HINT } from "./video-display";

const MODE_ICONS: Record<GenerationMode, LucideIcon> = { text: Type, image: ImageIcon, reference: Images };

const ASPECT_DESCRIPTIONS: Record<AspectRatio, string> = { "16:9": "Landscape · 1080p HD", "9:16": "Portrait · 1080p HD" };

const PROMPT_PLACEHOLDERS: Record<GenerationMode, string> = {
  text: "A golden retriever surfing a wave at sunset, slow motion, ocean sounds and a cheering crowd…",
  image: "Describe how the scene in your image should move, sound and feel…",
  reference: "Describe the scene the people, objects or style in your images should appear in…",
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
      insufficientCredits(insufficientCreditsMessage(needed, values.model, user.credits));
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

  return (
    <Card role="region" aria-labelledby="create-video-title">
      <CardHeader>
        <CardTitle id="create-video-title" className="flex items-center gap-2">
          <Wand2 className="size-5 text-fuchsia-300" aria-hidden="true" />
          Create Video
        </CardTitle>
        <CardDescription>Describe a scene, pick a model and get an 8-second video with sound.</CardDescription>
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
                  aria-label="Generation mode"
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
                        {MODE_CATALOGUE[m].label}
                      </ToggleGroupItem>
                    );
                  })}
                </ToggleGroup>
              )}
            />
            <p className="text-xs text-muted-foreground" data-testid="mode-description">
              {MODE_CATALOGUE[mode].description}.
            </p>
          </div>

          <FormField id="prompt" label="Prompt" error={promptError} hint={`${prompt.length}/${PROMPT_MAX}`}>
            <Textarea
              id="prompt"
              rows={5}
              maxLength={PROMPT_MAX}
              className="scroll-mt-24"
              placeholder={PROMPT_PLACEHOLDERS[mode]}
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
                toast({ title: "Image removed", description: "It will not be used for this video." });
              }}
            />
          ) : null}

          <div className="grid gap-5 sm:grid-cols-2">
            <Controller
              control={control}
              name="model"
              render={({ field }) => (
                <div className="grid gap-2">
                  <Label htmlFor="model">Model</Label>
                  <Select value={field.value} onValueChange={(value) => value && field.onChange(value)}>
                    <SelectTrigger
                      id="model"
                      ref={field.ref}
                      aria-invalid={modelError ? true : undefined}
                      aria-describedby={modelError ? fieldErrorId("model") : undefined}
                    >
                      <SelectValue>{MODEL_CATALOGUE[field.value].label}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {MODELS.map((m) => {
                        const offered = modeModels.includes(m);
                        return (
                          <SelectItem
                            key={m}
                            value={m}
                            disabled={!offered}
                            description={
                              offered ? `${creditsText(prices[m])} · ${MODEL_CATALOGUE[m].description}` : `Not for ${MODE_CATALOGUE[mode].label} mode`
                            }
                          >
                            {MODEL_CATALOGUE[m].label}
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
                  <Label htmlFor="aspect-ratio">Aspect ratio</Label>
                  <Select value={field.value} onValueChange={(value) => value && field.onChange(value)}>
                    <SelectTrigger id="aspect-ratio" ref={field.ref}>
                      <SelectValue>{field.value}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {ASPECT_RATIOS.map((ratio) => (
                        <SelectItem key={ratio} value={ratio} description={ASPECT_DESCRIPTIONS[ratio]}>
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
            <FormField id="watermark" label="Watermark" hint="Optional" error={watermarkError}>
              <Input
                id="watermark"
                maxLength={WATERMARK_MAX}
                placeholder="e.g. MyBrand"
                autoComplete="off"
                aria-invalid={watermarkError ? true : undefined}
                aria-describedby={watermarkError ? fieldErrorId("watermark") : undefined}
                {...register("watermark")}
              />
            </FormField>
            <FormField id="seed" label="Seed" hint="Optional" error={seedError}>
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
                  aria-label="Random seed"
                  title="Random seed"
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
              Also make a 4K version (+{creditsText(fourKPrice)})
            </label>
            <p className="pl-6.5 text-xs text-muted-foreground">Made once the video is ready: 5-10 minutes more. Refunded if it cannot be made.</p>
          </div>

          <div className="grid gap-1">
            <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
              <input type="checkbox" className="size-4 accent-violet-500" aria-describedby="keep-extendable-hint" {...register("keepExtendable")} />
              Keep extendable (1080p when you ask for it)
            </label>
            <p id="keep-extendable-hint" className="pl-6.5 text-xs text-muted-foreground">
              {KEEP_EXTENDABLE_HINT}
            </p>
          </div>

          <div className="grid gap-3 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">Cost</span>
              <span className="font-semibold text-foreground" data-testid="generation-cost">
                {creditsText(cost)}
              </span>
            </div>
            {upgrade4k ? (
              <p className="-mt-2 text-right text-xs text-muted-foreground" data-testid="generation-cost-breakdown">
                {MODEL_CATALOGUE[model].label} {creditsText(prices[model])} + 4K {creditsText(fourKPrice)}
              </p>
            ) : null}
            {user ? (
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="text-muted-foreground">Your credits</span>
                <span className="inline-flex items-center gap-1.5 font-semibold text-foreground" data-testid="user-credits">
                  <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
                  {formatCredits(credits)}
                </span>
              </div>
            ) : null}
            {short ? (
              <p className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs leading-relaxed text-amber-200" role="note">
                Not enough credits: {MODEL_CATALOGUE[model].label}
                {upgrade4k ? " with its 4K version" : ""} needs {creditsText(cost)} and you have {creditsText(credits)}.{" "}
                <Link href="/pricing" className="font-semibold text-amber-100 underline underline-offset-2 hover:text-white">
                  Buy credits
                </Link>
              </p>
            ) : null}
          </div>

          {user ? (
            <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || upload.isPending || short}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
              {mutation.isPending ? "Generating..." : "Generate Video"}
            </Button>
          ) : (
            <div className="grid gap-2 text-center">
              <Button asChild size="lg" className="w-full">
                <Link href="/login">
                  <LogIn aria-hidden="true" />
                  Sign in to Generate
                </Link>
              </Button>
              <p className="text-xs text-muted-foreground">You need an account with credits to generate videos.</p>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

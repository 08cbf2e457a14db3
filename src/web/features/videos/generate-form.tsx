import { useEffect, useState, type KeyboardEvent } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import { LoaderCircle, LogIn, Sparkles, Wand2 } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { surchargeCost, type PriceTable } from "../../../shared/prices";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { PROMPT_MAX, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { modelLabel } from "@/lib/catalogue-text";
import { ModelField } from "./generate-choice-fields";
import { CostSummary, generationCost } from "./generate-cost";
import { GENERATE_DEFAULTS, imagesFor, modelFor, updateChoices, type GenerateFormValues } from "./generate-form-schema";
import { ModeField } from "./generate-mode-field";
import { MoreOptions } from "./generate-option-fields";
import { ExamplePrompts } from "./example-prompts";
import { CompareModelsToggle, ModelComparison } from "./model-comparison";
import { useGeneratorDraft } from "./use-generator-draft";
import { ImageSlotsField } from "./reference-image-field";
import { VideoOptionFields } from "./generate-video-options";
import { imageSlotsOf, offers4k, offersExtend, requestOptions, takesSeed, takesWatermark } from "./model-options";
import { useGenerateVideo } from "./use-generate-video";
import { useUploadImage } from "./use-upload-image";
import { useLoginHref } from "@/features/auth";

const PROMPT_PLACEHOLDERS: Record<GenerationMode, MessageDescriptor> = {
  text: msg`A golden retriever surfing a wave at sunset, slow motion, ocean sounds and a cheering crowd…`,
  image: msg`Describe how the scene in your image should move, sound and feel…`,
  reference: msg`Describe the scene the people, objects or style in your images should appear in…`,
};

export interface GenerateFormProps {
  form: UseFormReturn<GenerateFormValues>;
  /** null when signed out. */
  user: CurrentUser | null;
  /** False until the server (or the stored copy) has said who is signed in; true when omitted. */
  sessionKnown?: boolean;
  prices: PriceTable;
  /** The models offered now (GET /api/pricing/current lists only these); every model when omitted. */
  offered?: readonly ModelId[];
  /** Models failing often right now (decision 0097): marked, still allowed. */
  degraded?: readonly ModelId[];
  onStarted: (task: VideoTaskView) => void;
}

const NONE: readonly ModelId[] = [];

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const isSubmitShortcut = (event: KeyboardEvent<HTMLFormElement>) =>
  event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;

/** The request for these values: only the options, the seed and the upgrades the model takes. */
function requestOf(values: GenerateFormValues) {
  const { model } = values;
  return {
    prompt: values.prompt,
    imageUrls: imagesFor(values.mode, model, values.imageUrls),
    model,
    mode: values.mode,
    ...requestOptions(model, values.mode, values),
    watermark: takesWatermark(model) ? values.watermark || undefined : undefined,
    seeds: takesSeed(model) && values.seed ? Number(values.seed) : undefined,
    upgrade4k: offers4k(model) && values.upgrade4k,
    keepExtendable: offersExtend(model) && values.keepExtendable,
    enableFallback: false,
  };
}

/**
 * The 'Create Video' panel: mode, prompt (with examples), the images the model takes in the mode,
 * model (compared on demand), the model's own options (length, resolution, aspect ratio, sound),
 * 'More options' (watermark, seed, 4K, keep extendable), cost. Only the catalogue's combinations
 * are offered: a mode switches to a model it takes, the model list disables the models the mode
 * does not take, and a model shows only the options it has (issue 42).
 */
export function GenerateForm({
  form,
  user,
  sessionKnown = true,
  prices,
  offered = MODELS,
  degraded = NONE,
  onStarted,
}: GenerateFormProps) {
  const { t } = useLingui();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setFocus,
    reset,
    formState: { errors, isSubmitted },
  } = form;
  const [mode, model, imageUrls, prompt, upgrade4k, durationSeconds, resolution, aspectRatio, audio] = useWatch({
    control,
    name: [
      "mode",
      "model",
      "imageUrls",
      "prompt",
      "upgrade4k",
      "durationSeconds",
      "resolution",
      "aspectRatio",
      "audio",
    ],
  });
  const { mutation, insufficientCredits } = useGenerateVideo(onStarted);
  useGeneratorDraft(form, user !== null ? "signed-in" : sessionKnown ? "signed-out" : "unknown");
  // Signing in comes back here (decision 0078), by password or through Google (decision 0083).
  const loginHref = useLoginHref();
  const [comparing, setComparing] = useState(false);
  const images = imagesFor(mode, model, imageUrls);
  const upload = useUploadImage((imageUrl) => {
    // Into the next empty slot of the mode and model the form is in now.
    const current = form.getValues();
    setValue("imageUrls", [...imagesFor(current.mode, current.model, current.imageUrls), imageUrl], {
      shouldValidate: isSubmitted,
    });
  });

  // A model the admin turned off (a draft's, the default) gives way to one offered, with its options.
  useEffect(() => {
    const next = modelFor(mode, model, offered);
    if (next !== model) updateChoices(form, { model: next });
  }, [mode, model, offered, form]);

  const fourKPrice = surchargeCost(prices, "4k", "web");
  // What the request sends, priced as the server prices it (webCost of the same options).
  const options = requestOptions(model, mode, { durationSeconds, resolution, aspectRatio, audio });
  const chosen4k = offers4k(model) && upgrade4k;
  const short = user !== null && user.credits < generationCost(prices, model, options, chosen4k);

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    const request = requestOf(values);
    const needed = generationCost(
      prices,
      values.model,
      requestOptions(values.model, values.mode, values),
      request.upgrade4k,
    );
    if (user.credits < needed) {
      // The server's words for the same refusal (shared/videos.ts insufficientCreditsMessage), in the active language.
      const modelName = modelLabel(values.model);
      const have = user.credits;
      insufficientCredits(
        t`You need ${plural(needed, { one: "# credit", other: "# credits" })} to generate a video with ${modelName}. You have ${plural(have, { one: "# credit", other: "# credits" })}.`,
      );
      return;
    }
    mutation.mutate(request, { onSuccess: () => reset(GENERATE_DEFAULTS) });
  });

  const promptError = errors.prompt?.message;

  return (
    <Card role="region" aria-labelledby="create-video-title">
      <CardHeader>
        <CardTitle id="create-video-title" className="flex items-center gap-2">
          <Wand2 className="size-5 text-fuchsia-300" aria-hidden="true" />
          <Trans>Create Video</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (!isSubmitShortcut(event)) return;
            event.preventDefault();
            if (user && !mutation.isPending && !upload.isPending && !short) event.currentTarget.requestSubmit();
          }}
        >
          <ModeField form={form} mode={mode} model={model} offered={offered} />

          <FormField id="prompt" label={t`Prompt`} error={promptError} hint={`${prompt.length}/${PROMPT_MAX}`}>
            <Textarea
              id="prompt"
              rows={4}
              maxLength={PROMPT_MAX}
              className="max-h-80 min-h-24 scroll-mt-24 [field-sizing:content]"
              placeholder={t(PROMPT_PLACEHOLDERS[mode])}
              aria-invalid={promptError ? true : undefined}
              aria-describedby={promptError ? fieldErrorId("prompt") : undefined}
              {...register("prompt")}
            />
          </FormField>
          <ExamplePrompts
            onPick={(example) => {
              setValue("prompt", example, { shouldDirty: true, shouldValidate: isSubmitted });
              setFocus("prompt");
            }}
          />

          {imageSlotsOf(model, mode).max > 0 ? (
            <ImageSlotsField
              mode={mode}
              model={model}
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
          <ModelComparison
            open={comparing}
            mode={mode}
            model={model}
            prices={prices}
            offered={offered}
            onChoose={(next) =>
              updateChoices(form, { model: next }, { shouldDirty: true, shouldValidate: isSubmitted })
            }
          />

          <MoreOptions form={form} model={model} fourKPrice={fourKPrice} />
          <CostSummary
            model={model}
            options={options}
            upgrade4k={chosen4k}
            prices={prices}
            credits={user ? user.credits : null}
          />

          {user ? (
            <>
              <Button
                aria-keyshortcuts="Control+Enter Meta+Enter"
                type="submit"
                size="lg"
                className="w-full"
                disabled={mutation.isPending || upload.isPending || short}
              >
                {mutation.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Sparkles aria-hidden="true" />
                )}
                {mutation.isPending ? <Trans>Generating...</Trans> : <Trans>Generate Video</Trans>}
              </Button>
              <p className="-mt-3 hidden text-center text-xs text-muted-foreground pointer-fine:block">
                {isMac() ? <Trans>Or press ⌘+Enter in the form</Trans> : <Trans>Or press Ctrl+Enter in the form</Trans>}
              </p>
            </>
          ) : (
            <div className="grid gap-2 text-center">
              <Button asChild size="lg" className="w-full">
                <Link href={loginHref}>
                  <LogIn aria-hidden="true" />
                  <Trans>Sign in to Generate</Trans>
                </Link>
              </Button>
              <p className="text-xs text-muted-foreground">
                <Trans>You need an account with credits to generate videos.</Trans>{" "}
                {prompt.trim() ? <Trans>Your prompt is kept while you sign in.</Trans> : null}
              </p>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

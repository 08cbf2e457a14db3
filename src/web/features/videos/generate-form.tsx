import { useEffect, useState, type KeyboardEvent } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import { LoaderCircle, LogIn, Sparkles, Wand2 } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODE_CATALOGUE, MODELS, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { surchargeCost, webVideoCost, type PriceTable } from "../../../shared/prices";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { PROMPT_MAX, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { modelLabel } from "@/lib/catalogue-text";
import { AspectRatioField, ModelField } from "./generate-choice-fields";
import { CostSummary } from "./generate-cost";
import { GENERATE_DEFAULTS, imagesFor, modelFor, type GenerateFormValues } from "./generate-form-schema";
import { ModeField } from "./generate-mode-field";
import { MoreOptions } from "./generate-option-fields";
import { ExamplePrompts } from "./example-prompts";
import { CompareModelsToggle, ModelComparison } from "./model-comparison";
import { useGeneratorDraft } from "./use-generator-draft";
import { ImageSlotsField } from "./reference-image-field";
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

/**
 * The 'Create Video' panel: mode, prompt (with examples), the mode's images, model (compared on
 * demand), aspect ratio, 'More options' (watermark, seed, 4K, keep extendable), cost. Only the catalogue's combinations are offered: a mode switches to a model it takes, and the
 * model list disables the models the mode does not take.
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
  const [mode, model, imageUrls, prompt, upgrade4k] = useWatch({
    control,
    name: ["mode", "model", "imageUrls", "prompt", "upgrade4k"],
  });
  const { mutation, insufficientCredits } = useGenerateVideo(onStarted);
  useGeneratorDraft(form, user !== null ? "signed-in" : sessionKnown ? "signed-out" : "unknown");
  // Signing in comes back here (decision 0078), by password or through Google (decision 0083).
  const loginHref = useLoginHref();
  const [comparing, setComparing] = useState(false);
  const images = imagesFor(mode, imageUrls);
  const upload = useUploadImage((imageUrl) => {
    // Into the next empty slot of the mode the form is in now.
    const current = form.getValues();
    setValue("imageUrls", [...imagesFor(current.mode, current.imageUrls), imageUrl], { shouldValidate: isSubmitted });
  });

  // A model the admin turned off (a draft's, the default) gives way to one offered.
  useEffect(() => {
    const next = modelFor(mode, model, offered);
    if (next !== model) setValue("model", next);
  }, [mode, model, offered, setValue]);

  const fourKPrice = surchargeCost(prices, "4k", "web");
  const short = user !== null && user.credits < webVideoCost(prices, { model, upgrade4k });

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    const needed = webVideoCost(prices, values);
    if (user.credits < needed) {
      // The server's words for the same refusal (shared/videos.ts insufficientCreditsMessage), in the active language.
      const modelName = modelLabel(values.model);
      const have = user.credits;
      insufficientCredits(
        t`You need ${plural(needed, { one: "# credit", other: "# credits" })} to generate a video with ${modelName}. You have ${plural(have, { one: "# credit", other: "# credits" })}.`,
      );
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
          <ModeField form={form} mode={mode} offered={offered} />

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
            <ModelField
              form={form}
              mode={mode}
              prices={prices}
              offered={offered}
              degraded={degraded}
              aside={<CompareModelsToggle open={comparing} onToggle={() => setComparing((open) => !open)} />}
            />
            <AspectRatioField form={form} />
          </div>
          <ModelComparison
            open={comparing}
            mode={mode}
            model={model}
            prices={prices}
            offered={offered}
            onChoose={(chosen) => setValue("model", chosen, { shouldDirty: true, shouldValidate: isSubmitted })}
          />

          <MoreOptions form={form} fourKPrice={fourKPrice} />
          <CostSummary model={model} upgrade4k={upgrade4k} prices={prices} credits={user ? user.credits : null} />

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

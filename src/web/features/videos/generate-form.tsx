import { useEffect, useState, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Wand2 } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { MODELS, type ModelId } from "../../../shared/catalogue";
import { surchargeCost, type PriceTable } from "../../../shared/prices";
import { usableDraft } from "../../../shared/drafts";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { VideoTaskView } from "../../../shared/videos";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { generationCost, CostSummary } from "./generate-cost";
import { imagesFor, modelFor, updateChoices, type GenerateFormValues } from "./generate-form-schema";
import { GenerateImageSlots } from "./generate-image-slots";
import { DraftField } from "./generate-draft-field";
import { GenerateModelSection } from "./generate-model-section";
import { ModeField } from "./generate-mode-field";
import { MoreOptions } from "./generate-option-fields";
import { GeneratePromptField } from "./generate-prompt-field";
import { isSubmitShortcut } from "./generate-request";
import { GenerateSubmitArea } from "./generate-submit-area";
import { VariantsField } from "./generate-variants-field";
import { offers4k, requestOptions } from "./model-options";
import { useGenerateSubmit } from "./use-generate-submit";
import { useGeneratorDraft } from "./use-generator-draft";
import { useUploadImage } from "./use-upload-image";

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
  /** A line just above the button: the page's word on the credits a new person has (issue 70). */
  notice?: ReactNode;
  /** The Explore video the form was filled from (Remix, issue 72): the request says so. */
  remixOf?: string;
}

const NONE: readonly ModelId[] = [];

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
  notice,
  remixOf,
}: GenerateFormProps) {
  const { control, setValue } = form;
  const [mode, model, prompt, upgrade4k, durationSeconds, resolution, aspectRatio, audio, imageUrls] = useWatch({
    control,
    name: [
      "mode",
      "model",
      "prompt",
      "upgrade4k",
      "durationSeconds",
      "resolution",
      "aspectRatio",
      "audio",
      "imageUrls",
    ],
  });
  // How many videos of the prompt (decision 0162): kept, like every other choice, after Generate.
  const [variants, setVariants] = useState(1);
  // "Draft" (decision 0178): kept like the variants; it counts only while the choices have a cheaper draft.
  const [draftChosen, setDraftChosen] = useState(false);
  const options = requestOptions(model, mode, { durationSeconds, resolution, aspectRatio, audio });
  const draft = usableDraft(prices, "web", model, mode, options, imagesFor(mode, model, imageUrls).length);
  const drafting = draftChosen && draft !== undefined ? draft : undefined;
  const { onSubmit, generating } = useGenerateSubmit(form, user, prices, onStarted, variants, remixOf, drafting);
  useGeneratorDraft(form, user !== null ? "signed-in" : sessionKnown ? "signed-out" : "unknown");
  const upload = useUploadImage((imageUrl) => {
    // Into the next empty slot of the mode and model the form is in now.
    const current = form.getValues();
    setValue("imageUrls", [...imagesFor(current.mode, current.model, current.imageUrls), imageUrl], {
      shouldValidate: form.formState.isSubmitted,
    });
  });

  // A model the admin turned off (a draft's, the default) gives way to one offered, with its options.
  useEffect(() => {
    const next = modelFor(mode, model, offered);
    if (next !== model) updateChoices(form, { model: next });
  }, [mode, model, offered, form]);

  // What the request sends, priced as the server prices it (webCost of the same options); a draft has no 4K.
  const chosen4k = offers4k(model) && upgrade4k && !drafting;
  const each = drafting ? drafting.cost : generationCost(prices, model, options, chosen4k);
  const short = user !== null && user.credits < each * variants;
  const blocked = generating || upload.isPending || short;

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
          className="grid gap-5 lg:gap-4"
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (!isSubmitShortcut(event)) return;
            event.preventDefault();
            if (user && !blocked) event.currentTarget.requestSubmit();
          }}
        >
          <ModeField form={form} mode={mode} model={model} offered={offered} />
          <GeneratePromptField form={form} mode={mode} prompt={prompt} />
          <GenerateImageSlots
            form={form}
            uploading={upload.isPending}
            signedOut={!user}
            onFile={(file) => upload.mutate(file)}
          />
          <GenerateModelSection form={form} prices={prices} offered={offered} degraded={degraded} />
          <MoreOptions form={form} model={model} fourKPrice={surchargeCost(prices, "4k", "web")} />
          <DraftField draft={draft} checked={drafting !== undefined} onChange={setDraftChosen} />
          <CostSummary
            model={drafting?.model ?? model}
            options={drafting?.options ?? options}
            upgrade4k={chosen4k}
            prices={prices}
            credits={user ? user.credits : null}
            variants={variants}
          />
          {notice}
          <GenerateSubmitArea
            signedIn={user !== null}
            generating={generating}
            disabled={blocked}
            hasPrompt={Boolean(prompt.trim())}
            choice={<VariantsField value={variants} onChange={setVariants} />}
          />
        </form>
      </CardContent>
    </Card>
  );
}

import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FastForward } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import type { ExtendMethod } from "../../../shared/schemas/videos";
import { modelLabel, PROMPT_MAX, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { BusyIcon } from "./busy-icon";
import { ChoiceSelect } from "./choice-select";
import { ExtendCost } from "./extend-cost";
import { EMPTY_EXTEND_FORM, extendFormSchema, type ExtendFormValues } from "./extend-form-schema";
import { offersExtend, takesSeed } from "./model-options";
import { OptionCheckbox } from "./option-checkbox";
import { SeedInput } from "./seed-input";
import { useExtendVideo } from "./use-extend-video";
import { KEEP_EXTENDABLE_HINT } from "./video-display";

/**
 * The 'Extend video' dialog's form: the next prompt, the model where there is a choice (`models`),
 * an optional seed where the model takes one, 'Keep extendable' where Veo continues the video
 * itself (only then is the extension's whole video kept for Veo's next one), the cost.
 */
export function ExtendForm({
  task,
  method,
  model,
  models,
  onModel,
  credits,
  onStarted,
}: {
  task: VideoTaskView;
  method: ExtendMethod;
  model: ModelId;
  models: readonly ModelId[];
  onModel: (model: ModelId) => void;
  credits: number;
  onStarted: (extension: VideoTaskView) => void;
}) {
  const { t } = useLingui();
  const mutation = useExtendVideo(onStarted);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ExtendFormValues>({ resolver: zodResolver(extendFormSchema), defaultValues: EMPTY_EXTEND_FORM });
  const prompt = useWatch({ control, name: "prompt" });
  const promptError = errors.prompt?.message;
  const seedError = errors.seed?.message;

  const onSubmit = handleSubmit((values) =>
    mutation.mutate({
      parent: task,
      method,
      model,
      request: {
        prompt: values.prompt,
        seeds: values.seed && takesSeed(model) ? Number(values.seed) : undefined,
        watermark: undefined,
        keepExtendable: values.keepExtendable && method === "native",
        // Only a choice the person made is sent: otherwise the server's default (the parent's model).
        model: models.length > 0 ? model : undefined,
      },
    }),
  );

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <FormField id="extend-prompt" label={t`Prompt`} error={promptError} hint={`${prompt.length}/${PROMPT_MAX}`}>
        <Textarea
          id="extend-prompt"
          rows={4}
          maxLength={PROMPT_MAX}
          placeholder={t`What happens next…`}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? fieldErrorId("extend-prompt") : undefined}
          {...register("prompt")}
        />
      </FormField>
      {models.length > 0 ? (
        <ChoiceSelect
          id="extend-model"
          label={t`Model`}
          value={model}
          choices={models.map((m) => ({ value: m, label: modelLabel(m) }))}
          onChoose={onModel}
        />
      ) : null}
      {takesSeed(model) ? (
        <FormField id="extend-seed" label={t`Seed`} hint={t`Optional`} error={seedError}>
          <SeedInput id="extend-seed" field={register("seed")} error={seedError} />
        </FormField>
      ) : null}
      {method === "native" && offersExtend(model) ? (
        <OptionCheckbox
          field={register("keepExtendable")}
          label={<Trans>Keep extendable</Trans>}
          hintId="extend-keep-extendable-hint"
          hint={
            <p id="extend-keep-extendable-hint" className="pl-6.5 text-xs text-muted-foreground">
              {t(KEEP_EXTENDABLE_HINT)}
            </p>
          }
        />
      ) : null}
      <ExtendCost credits={credits} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          <BusyIcon busy={mutation.isPending} icon={FastForward} />
          <Trans>Extend</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { GenerationMode } from "../../../shared/catalogue";
import { PROMPT_MAX } from "../../../shared/videos";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { PresetChips, PromptHelpBar } from "@/features/prompt-help";
import { ExamplePrompts } from "./example-prompts";
import type { GenerateFormValues } from "./generate-form-schema";

const PROMPT_PLACEHOLDERS: Record<GenerationMode, MessageDescriptor> = {
  text: msg`A golden retriever surfing a wave at sunset, slow motion, ocean sounds and a cheering crowd…`,
  image: msg`Describe how the scene in your image should move, sound and feel…`,
  reference: msg`Describe the scene the people, objects or style in your images should appear in…`,
};

/** The generator's prompt, its count of characters, prompt help (decision 0160), and example prompts that fill it in. */
export function GeneratePromptField({
  form,
  mode,
  prompt,
}: {
  form: UseFormReturn<GenerateFormValues>;
  mode: GenerationMode;
  prompt: string;
}) {
  const { t } = useLingui();
  const {
    register,
    setValue,
    setFocus,
    formState: { errors, isSubmitted },
  } = form;
  const promptError = errors.prompt?.message;
  const [model, audio, aspectRatio] = useWatch({ control: form.control, name: ["model", "audio", "aspectRatio"] });
  const setPrompt = (text: string) => setValue("prompt", text, { shouldDirty: true, shouldValidate: isSubmitted });
  const [presetsOpen, setPresetsOpen] = useState(false);
  const help = { prompt, model, mode, audio, aspectRatio, onChange: setPrompt };
  return (
    <>
      <FormField
        id="prompt"
        label={t`Prompt`}
        error={promptError}
        hint={
          <span className="inline-flex flex-wrap items-center justify-end gap-x-2">
            <PromptHelpBar {...help} presetsOpen={presetsOpen} onTogglePresets={() => setPresetsOpen((o) => !o)} />
            {`${prompt.length}/${PROMPT_MAX}`}
          </span>
        }
      >
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
      {presetsOpen ? <PresetChips prompt={prompt} model={model} audio={audio} onChange={setPrompt} /> : null}
      <ExamplePrompts
        onPick={(example) => {
          setValue("prompt", example, { shouldDirty: true, shouldValidate: isSubmitted });
          setFocus("prompt");
        }}
      />
    </>
  );
}

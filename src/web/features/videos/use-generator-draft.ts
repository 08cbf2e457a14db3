import { useEffect, useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import {
  ASPECT_RATIOS,
  MODELS,
  MODES,
  RESOLUTIONS,
  type AspectRatio,
  type GenerationMode,
  type ModelId,
  type Resolution,
  type VideoOptions,
} from "../../../shared/catalogue";
import { saveGeneratorDraft, takeGeneratorDraft, type GeneratorDraft } from "@/lib/generator-draft";
import { modelFor, updateChoices, type GenerateFormValues } from "./generate-form-schema";

/** Who is at the generator: "unknown" until the server (or the stored copy) has said. */
export type GeneratorSession = "unknown" | "signed-out" | "signed-in";

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/** The draft's options that are still options of the catalogue (a draft may be older than it). */
function draftOptions(draft: GeneratorDraft): Partial<VideoOptions> {
  return {
    ...(isOneOf<AspectRatio>(ASPECT_RATIOS, draft.aspectRatio) ? { aspectRatio: draft.aspectRatio } : {}),
    ...(isOneOf<Resolution>(RESOLUTIONS, draft.resolution) ? { resolution: draft.resolution } : {}),
    ...(draft.durationSeconds !== undefined ? { durationSeconds: draft.durationSeconds } : {}),
    ...(draft.audio !== undefined ? { audio: draft.audio } : {}),
  };
}

/**
 * A prompt typed while signed out survives signing in (decision 0077): it is kept in session
 * storage as it is typed, and put back (with its model and options) once someone is signed in.
 * Nothing is kept while the session is unknown: a prompt a link or Recreate put in the form then
 * is the signed-in person's, and kept as a draft it would come back on their next visit.
 */
export function useGeneratorDraft(form: UseFormReturn<GenerateFormValues>, session: GeneratorSession): void {
  const { control, getValues, setValue } = form;
  const typed = useRef(false);
  const [prompt, mode, model, aspectRatio, durationSeconds, resolution, audio] = useWatch({
    control,
    name: ["prompt", "mode", "model", "aspectRatio", "durationSeconds", "resolution", "audio"],
  });

  useEffect(() => {
    if (session !== "signed-out") return;
    // Before the session is known the form is empty: that must not wipe a waiting draft.
    if (prompt === "" && !typed.current) return;
    typed.current = true;
    saveGeneratorDraft({ prompt, mode, model, aspectRatio, durationSeconds, resolution, audio });
  }, [session, prompt, mode, model, aspectRatio, durationSeconds, resolution, audio]);

  useEffect(() => {
    if (session !== "signed-in") return;
    const draft = takeGeneratorDraft();
    if (!draft) return;
    setValue("prompt", draft.prompt, { shouldDirty: true });
    const mode = isOneOf<GenerationMode>(MODES, draft.mode) ? draft.mode : getValues("mode");
    const chosen = isOneOf<ModelId>(MODELS, draft.model) ? modelFor(mode, draft.model) : getValues("model");
    // Options the draft's model lacks (or the catalogue no longer has) go back to their defaults.
    updateChoices(form, { mode, model: chosen, ...draftOptions(draft) });
  }, [session, setValue, getValues, form]);
}

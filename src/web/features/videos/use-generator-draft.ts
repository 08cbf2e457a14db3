import { useEffect, useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ASPECT_RATIOS, MODELS, type AspectRatio, type ModelId } from "../../../shared/catalogue";
import { saveGeneratorDraft, takeGeneratorDraft } from "@/lib/generator-draft";
import type { GenerateFormValues } from "./generate-form-schema";
import { modelFor } from "./generate-form-schema";

/** Who is at the generator: "unknown" until the server (or the stored copy) has said. */
export type GeneratorSession = "unknown" | "signed-out" | "signed-in";

/**
 * A prompt typed while signed out survives signing in (decision 0077): it is kept in session
 * storage as it is typed, and put back (with its model and aspect ratio) once someone is signed in.
 * Nothing is kept while the session is unknown: a prompt a link or Recreate put in the form then
 * is the signed-in person's, and kept as a draft it would come back on their next visit.
 */
export function useGeneratorDraft(form: UseFormReturn<GenerateFormValues>, session: GeneratorSession): void {
  const { control, getValues, setValue } = form;
  const typed = useRef(false);
  const [prompt, model, aspectRatio] = useWatch({ control, name: ["prompt", "model", "aspectRatio"] });

  useEffect(() => {
    if (session !== "signed-out") return;
    // Before the session is known the form is empty: that must not wipe a waiting draft.
    if (prompt === "" && !typed.current) return;
    typed.current = true;
    saveGeneratorDraft({ prompt, model, aspectRatio });
  }, [session, prompt, model, aspectRatio]);

  useEffect(() => {
    if (session !== "signed-in") return;
    const draft = takeGeneratorDraft();
    if (!draft) return;
    setValue("prompt", draft.prompt, { shouldDirty: true });
    if ((MODELS as readonly string[]).includes(draft.model ?? ""))
      setValue("model", modelFor(getValues("mode"), draft.model as ModelId));
    if ((ASPECT_RATIOS as readonly string[]).includes(draft.aspectRatio ?? ""))
      setValue("aspectRatio", draft.aspectRatio as AspectRatio);
  }, [session, setValue, getValues]);
}

import { useEffect, useRef } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { ASPECT_RATIOS, MODELS, type AspectRatio, type VeoModel } from "../../../shared/catalogue";
import { saveGeneratorDraft, takeGeneratorDraft } from "@/lib/generator-draft";
import type { GenerateFormValues } from "./generate-form-schema";
import { modelFor } from "./generate-form-schema";

/**
 * A prompt typed while signed out survives signing in (decision 0077): it is kept in session
 * storage as it is typed, and put back (with its model and aspect ratio) once someone is signed in.
 */
export function useGeneratorDraft(form: UseFormReturn<GenerateFormValues>, signedIn: boolean): void {
  const { control, getValues, setValue } = form;
  const typed = useRef(false);
  const [prompt, model, aspectRatio] = useWatch({ control, name: ["prompt", "model", "aspectRatio"] });

  useEffect(() => {
    if (signedIn) return;
    // Before the session is known the form is empty: that must not wipe a waiting draft.
    if (prompt === "" && !typed.current) return;
    typed.current = true;
    saveGeneratorDraft({ prompt, model, aspectRatio });
  }, [signedIn, prompt, model, aspectRatio]);

  useEffect(() => {
    if (!signedIn) return;
    const draft = takeGeneratorDraft();
    if (!draft) return;
    setValue("prompt", draft.prompt, { shouldDirty: true });
    if ((MODELS as readonly string[]).includes(draft.model ?? ""))
      setValue("model", modelFor(getValues("mode"), draft.model as VeoModel));
    if ((ASPECT_RATIOS as readonly string[]).includes(draft.aspectRatio ?? ""))
      setValue("aspectRatio", draft.aspectRatio as AspectRatio);
  }, [signedIn, setValue, getValues]);
}

import type { KeyboardEvent } from "react";
import { imagesFor, type GenerateFormValues } from "./generate-form-schema";
import { offers4k, offersExtend, requestOptions, takesSeed, takesWatermark } from "./model-options";

/** Whether the person is on a Mac (the shortcut's hint says ⌘ there). */
export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
export const isSubmitShortcut = (event: KeyboardEvent<HTMLFormElement>) =>
  event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;

/** The request for these values: only the options, the seed and the upgrades the model takes. */
export function requestOf(values: GenerateFormValues) {
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

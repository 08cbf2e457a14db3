import type { Dispatch, SetStateAction } from "react";
import type { Draft, FlagKey, TextKey } from "./settings-draft";

/** A text, secret or choice field, or a checkbox, bound to its own key of the draft (the key is also its id). */
export function fieldBinders(setDraft: Dispatch<SetStateAction<Draft>>, draft: Draft) {
  const text = (key: TextKey) => ({
    id: key,
    value: draft[key] ?? "",
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
  });
  const toggle = (key: FlagKey) => ({
    id: key,
    checked: draft[key],
    onCheckedChange: (checked: boolean) => setDraft((d) => ({ ...d, [key]: checked })),
  });
  return { text, toggle };
}

export type FieldBinders = ReturnType<typeof fieldBinders>;

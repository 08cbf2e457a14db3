import type { Dispatch, SetStateAction } from "react";
import type { Draft, FlagKey, TextKey } from "./settings-draft";

/** What is wrong with a field as typed, in the owner's words, by the field's key. */
export type Problems = Partial<Record<string, string>>;

/**
 * A text, secret or choice field, or a checkbox, bound to its own key of a part of the draft (the
 * key is also its id), with the problem found in it; typing clears that problem.
 */
export function fieldBinders<D extends Partial<Draft>>(
  setDraft: Dispatch<SetStateAction<D>>,
  draft: D,
  problems: Problems = {},
  clearProblem: (key: string) => void = () => undefined,
) {
  const text = (key: TextKey & keyof D) => ({
    id: key,
    value: draft[key] ?? "",
    error: problems[key],
    onValueChange: (value: string) => {
      setDraft((d) => ({ ...d, [key]: value }));
      clearProblem(key);
    },
  });
  const toggle = (key: FlagKey & keyof D) => ({
    id: key,
    checked: Boolean(draft[key]),
    onCheckedChange: (checked: boolean) => setDraft((d) => ({ ...d, [key]: checked })),
  });
  return { text, toggle };
}

export type FieldBinders<D extends Partial<Draft>> = ReturnType<typeof fieldBinders<D>>;

/**
 * A settings section's parts (decision 0148): each card that changes something registers whether it
 * has unsaved changes and how to save them; the section saves every changed part with one button.
 */
import { createContext, useContext, useEffect, useId, useState } from "react";

export interface SectionPart {
  /** Whether what is typed differs from what is saved. */
  dirty: boolean;
  /** Shows the problems found in what is typed beside their fields; false when there are any. */
  check?: () => boolean;
  /** Saves the part; false when it was not saved (refused: the refusal is toasted or shown). */
  save: () => Promise<boolean>;
}

export interface SectionRegistry {
  /** Called on every render of a part: its latest save, and whether it has changes. */
  update: (id: string, part: SectionPart) => void;
  remove: (id: string) => void;
}

export const SectionPartsContext = createContext<SectionRegistry | null>(null);

/** Makes the calling card one part of the section around it (a card outside a section is never saved by one). */
export function useSectionPart(part: SectionPart): void {
  const registry = useContext(SectionPartsContext);
  const id = useId();
  // After every render: the section keeps the latest save (an update that changes nothing re-renders nothing).
  useEffect(() => registry?.update(id, part));
  useEffect(() => () => registry?.remove(id), [registry, id]);
}

/** Whether two drafts hold the same values (drafts are plain data built in one key order). */
export const sameDraft = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A part's save as the section wants it: true once saved, false when refused (the refusal is toasted). */
export const savedOrNot = (save: Promise<unknown>): Promise<boolean> =>
  save.then(
    () => true,
    () => false,
  );

/**
 * A card's draft of its part of some saved settings: `from` reads the draft from the settings, so
 * the card knows whether anything is unsaved, and after its save starts again from the server's
 * answer (the page's copy of the settings catches up a moment later).
 */
export function useSavedDraft<S, D extends object>(settings: S, from: (settings: S) => D) {
  const saved = from(settings);
  const [draft, setDraft] = useState(saved);
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  return {
    draft,
    set,
    dirty: !sameDraft(draft, saved),
    /** After a save: the draft as the server now has it. */
    resetTo: (now: S) => setDraft(from(now)),
  };
}

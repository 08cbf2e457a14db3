/**
 * One settings section's form (decision 0148): its cards register as parts (section-parts.tsx), and
 * one bar saves every changed part, or discards the changes, and says whether any are unsaved.
 */
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { SectionPartsContext, type SectionPart, type SectionRegistry } from "./section-parts";
import { UnsavedChangesBar } from "./unsaved-changes-bar";
import { useAskBeforeLeaving } from "./use-ask-before-leaving";

export function SettingsSectionForm({ label, children }: { label: string; children: ReactNode }) {
  const parts = useRef(new Map<string, SectionPart>());
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(new Set());
  const [partCount, setPartCount] = useState(0);
  // Bumped by Discard: the cards start again from what is saved.
  const [generation, setGeneration] = useState(0);
  const [saving, setSaving] = useState(false);
  const registry = useMemo<SectionRegistry>(() => {
    const markDirty = (id: string, dirty: boolean) =>
      setDirtyIds((ids) => {
        if (ids.has(id) === dirty) return ids;
        const next = new Set(ids);
        if (dirty) next.add(id);
        else next.delete(id);
        return next;
      });
    return {
      update: (id, part) => {
        parts.current.set(id, part);
        setPartCount(parts.current.size);
        markDirty(id, part.dirty);
      },
      remove: (id) => {
        parts.current.delete(id);
        setPartCount(parts.current.size);
        markDirty(id, false);
      },
    };
  }, []);
  const dirty = dirtyIds.size > 0;
  const askBeforeLeaving = useAskBeforeLeaving(dirty);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    // A dialog's own form (drawn elsewhere, in a portal) bubbles its submit here too: not ours.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (saving || !dirty) return;
    const form = event.currentTarget;
    const changed = [...parts.current].filter(([id]) => dirtyIds.has(id)).map(([, part]) => part);
    // Every problem shown at once (drawn now, to focus the first); nothing is sent while any is left.
    let problems = false;
    flushSync(() => {
      for (const part of changed) if (part.check && !part.check()) problems = true;
    });
    if (problems) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    // One part after the other, stopping at the first refused; each saved part starts again from
    // the server's answer.
    for (const part of changed) if (!(await part.save())) break;
    setSaving(false);
  };

  return (
    // The browser's own checks would stop the save in its words; each card checks in the owner's.
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      aria-label={label}
      className="grid grid-cols-1 gap-6 [&>*]:min-w-0"
    >
      <SectionPartsContext.Provider value={registry}>
        <div key={generation} className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
          {children}
        </div>
      </SectionPartsContext.Provider>
      {partCount > 0 && (
        <UnsavedChangesBar dirty={dirty} saving={saving} onDiscard={() => setGeneration((g) => g + 1)} />
      )}
      {askBeforeLeaving}
    </form>
  );
}

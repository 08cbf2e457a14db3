/**
 * A section's part of the stored settings (PUT /api/admin/settings), decision 0148: its own keys of
 * the draft, saved alone; problems found before the save show beside their fields; a save that
 * would sell below cost asks first (decision 0144).
 */
import { useMemo, useState } from "react";
import type { AdminSettingsView } from "../../../../../shared/schemas/settings";
import { useSaveSettings } from "@/features/admin/admin-api";
import { useBelowCostConfirmation } from "@/features/admin/below-cost-confirmation";
import { draftOf, patchOf, pick, type Draft } from "@/features/admin/settings/settings-draft";
import { fieldBinders, type Problems } from "@/features/admin/settings/field-binders";
import { sameDraft, savedOrNot, useSectionPart } from "./section-parts";

export function useSettingsPart<K extends keyof Draft>(
  settings: AdminSettingsView,
  keys: readonly K[],
  /** What is wrong with the part as typed, by field key, in the owner's words. */
  check: (draft: Pick<Draft, K>) => Problems = () => ({}),
) {
  // Recomputed when a save brings new settings: what "unsaved" is measured against.
  const saved = useMemo(() => pick(draftOf(settings), keys), [settings, keys]);
  const [draft, setDraft] = useState(saved);
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveSettings();
  const confirmation = useBelowCostConfirmation();

  const savedFrom = ({ settings: now }: { settings: AdminSettingsView }) => setDraft(pick(draftOf(now), keys));
  useSectionPart({
    dirty: !sameDraft(draft, saved),
    check: () => {
      const found = check(draft);
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: async () => {
      const patch = patchOf(draft);
      try {
        savedFrom(await save.mutateAsync(patch));
        return true;
      } catch (error) {
        if (!(await confirmation.confirm(error))) return false;
        return savedOrNot(save.mutateAsync({ ...patch, confirmBelowCost: true }).then(savedFrom));
      }
    },
  });

  const clearProblem = (key: string) => setProblems((p) => (p[key] ? { ...p, [key]: undefined } : p));
  return {
    draft,
    setDraft,
    problems,
    clearProblem,
    ...fieldBinders(setDraft, draft, problems, clearProblem),
    /** The last save's error, for the payment cards' key checks (decision 0145). */
    saveError: save.error,
    /** The "Sell below cost?" dialog, drawn by the part's card. */
    dialog: confirmation.dialog,
  };
}

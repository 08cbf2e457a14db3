import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { settingsUpdateSchema } from "../../../../shared/schemas/settings";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/ui/section-card";
import { Switch } from "@/components/ui/switch";
import { useSaveSettings } from "@/features/admin/admin-api";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { refusedFields } from "./refused-fields";

/**
 * A first frame from text (decision 0161): whether people may make one, and the image model of
 * KIE's Market that makes it. Saved with the section's bar, audited like every settings change;
 * its price is the "First frame from text" row of the price table.
 */
export function FirstFrameCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({
    enabled: s.firstFrameEnabled,
    model: s.firstFrameModel,
  }));
  const save = useSaveSettings();
  const [problem, setProblem] = useState<string>();
  const model = draft.model.trim();
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(
        settingsUpdateSchema,
        { firstFrameModel: model },
        { firstFrameModel: t`Enter the model's id on KIE's Market, e.g. nano-banana-2.` },
      );
      setProblem(found.firstFrameModel);
      return !found.firstFrameModel;
    },
    save: () =>
      savedOrNot(
        save
          .mutateAsync({ firstFrameEnabled: draft.enabled, firstFrameModel: model })
          .then(({ settings: now }) => resetTo(now)),
      ),
  });

  return (
    <SectionCard
      id="first-frame-title"
      title={t`First Frame From Text`}
      description={t`In image mode, people can make the video's first frame from a prompt with an image model on KIE's Market, at the first-frame price (the price table). A failed image is refunded.`}
    >
      <div role="group" className="grid gap-3" aria-label={t`First Frame From Text`}>
        <div className="flex items-center gap-3">
          <Switch id="firstFrameEnabled" checked={draft.enabled} onCheckedChange={set("enabled")} />
          <Label htmlFor="firstFrameEnabled" className="text-sm">
            {draft.enabled ? t`People can create a first frame from text` : t`Creating a first frame is off`}
          </Label>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="firstFrameModel" className="text-sm">
            {t`Image model`}
          </Label>
          <Input
            id="firstFrameModel"
            className="max-w-xs"
            aria-invalid={problem ? true : undefined}
            value={draft.model}
            onChange={(e) => set("model")(e.target.value)}
          />
          {problem ? (
            <p role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </SectionCard>
  );
}

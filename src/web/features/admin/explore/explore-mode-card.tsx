import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { EXPLORE_MODES, type ExploreMode } from "../../../../shared/schemas/explore";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { SectionCard } from "@/components/ui/section-card";
import { useSaveSettings } from "@/features/admin/admin-api";
import { savedOrNot, useSavedDraft, useSectionPart } from "@/features/admin/settings/section/section-parts";

/**
 * Explore (issue 72, decision 0165): off, open (a published video is listed once its prompt passes
 * screening) or approval (each waits for an admin on the Explore tab). Saved with the section's bar.
 */
export function ExploreModeCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({ mode: s.exploreMode }));
  const save = useSaveSettings();
  useSectionPart({
    dirty,
    check: () => true,
    save: () => savedOrNot(save.mutateAsync({ exploreMode: draft.mode }).then(({ settings: now }) => resetTo(now))),
  });
  const words: Record<ExploreMode, { label: string; hint: string }> = {
    off: {
      label: t`Off`,
      hint: t`The feed shows nothing and nothing new can be published; what was published comes back when Explore is on again.`,
    },
    open: { label: t`Open`, hint: t`A published video is listed at once, once its prompt passes screening.` },
    approval: { label: t`Approval first`, hint: t`Each published video waits until an admin approves it.` },
  };
  return (
    <SectionCard
      id="explore-title"
      title={t`Explore`}
      description={
        <Trans>
          Whether people may publish their videos to the public Explore feed. What is published, reported or waiting is
          on the{" "}
          <Link href="/admin/explore" className="underline underline-offset-4">
            Explore
          </Link>{" "}
          tab.
        </Trans>
      }
    >
      <fieldset className="grid gap-3">
        <legend className="sr-only">
          <Trans>Explore</Trans>
        </legend>
        {EXPLORE_MODES.map((mode) => (
          <div key={mode} className="flex items-start gap-2.5 text-sm">
            <input
              id={`exploreMode-${mode}`}
              type="radio"
              name="exploreMode"
              value={mode}
              className="mt-0.5 size-4 accent-violet-500"
              checked={draft.mode === mode}
              aria-describedby={`exploreMode-${mode}-hint`}
              onChange={() => set("mode")(mode)}
            />
            <span>
              <label htmlFor={`exploreMode-${mode}`} className="cursor-pointer font-medium">
                {words[mode].label}
              </label>
              <span id={`exploreMode-${mode}-hint`} className="block text-xs text-muted-foreground">
                {words[mode].hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
    </SectionCard>
  );
}

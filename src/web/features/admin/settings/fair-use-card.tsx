import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { IN_FLIGHT_LIMITS, settingsUpdateSchema } from "../../../../shared/schemas/settings";
import { Input } from "@/components/ui/input";
import { useSaveSettings } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { refusedFields } from "./refused-fields";

/** Fair use (decision 0093): how many videos one person may have being made at once, unless their page says otherwise. */
export function FairUseCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({ limit: String(s.maxVideosInFlight) }));
  const save = useSaveSettings();

  const [problem, setProblem] = useState<string>();
  const { min, max } = IN_FLIGHT_LIMITS;
  const limit = draft.limit.trim();
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(
        settingsUpdateSchema,
        { maxVideosInFlight: limit },
        {
          maxVideosInFlight: t`Enter a whole number of videos from ${min} to ${max}.`,
        },
      );
      setProblem(found.maxVideosInFlight);
      return !found.maxVideosInFlight;
    },
    save: () => savedOrNot(save.mutateAsync({ maxVideosInFlight: limit }).then(({ settings: now }) => resetTo(now))),
  });

  return (
    <SectionCard
      id="fair-use-title"
      title={t`Fair Use`}
      description={t`A person with this many videos being made gets no new one until one finishes (429, nothing charged), on the web and the API. A person's own limit is set on their page.`}
    >
      <div role="group" className="grid gap-3" aria-label={t`Fair Use`}>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>
            At most{" "}
            <Input
              id="maxVideosInFlight"
              aria-label={t`Videos at once per person`}
              aria-invalid={problem ? true : undefined}
              className="w-24"
              inputMode="numeric"
              min={IN_FLIGHT_LIMITS.min}
              max={IN_FLIGHT_LIMITS.max}
              value={draft.limit}
              onChange={(e) => set("limit")(e.target.value)}
            />{" "}
            videos being made at once per person
          </Trans>
        </label>
        {problem ? (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}

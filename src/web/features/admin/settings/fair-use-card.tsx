import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Gauge } from "lucide-react";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { IN_FLIGHT_LIMITS } from "../../../../shared/schemas/settings";
import { Input } from "@/components/ui/input";
import { useSaveSettings } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { SaveButton } from "./save-button";

/** Fair use (decision 0093): how many videos one person may have being made at once, unless their page says otherwise. */
export function FairUseCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const [limit, setLimit] = useState(String(settings.maxVideosInFlight));
  const save = useSaveSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ maxVideosInFlight: limit.trim() });
  };

  return (
    <SectionCard
      id="fair-use-title"
      title={t`Fair Use`}
      description={t`A person with this many videos being made gets no new one until one finishes (429, nothing charged), on the web and the API. A person's own limit is set on their page.`}
    >
      <form onSubmit={submit} className="grid gap-3" aria-label={t`Fair Use`}>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>
            At most{" "}
            <Input
              aria-label={t`Videos at once per person`}
              className="w-24"
              inputMode="numeric"
              min={IN_FLIGHT_LIMITS.min}
              max={IN_FLIGHT_LIMITS.max}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />{" "}
            videos being made at once per person
          </Trans>
        </label>
        <SaveButton pending={save.isPending} icon={<Gauge aria-hidden="true" />} label={<Trans>Save Fair Use</Trans>} />
      </form>
    </SectionCard>
  );
}

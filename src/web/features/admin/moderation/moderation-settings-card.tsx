/**
 * The Prompt screening card of /admin/settings (decision 0089): its form once the settings are
 * loaded (moderation-form.tsx). A route and a card of its own.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingState } from "@/components/ui/list-states";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api";
import { useModerationSettings } from "./moderation-api";
import { ModerationForm } from "./moderation-form";
import { linkClassName } from "./moderation-link";

export function ModerationSettingsCard() {
  const { t } = useLingui();
  const settings = useModerationSettings();
  const reason = settings.isError ? errorMessage(settings.error) : "";
  return (
    <SectionCard
      id="moderation-title"
      title={t`Prompt Screening`}
      description={
        <Trans>
          Every prompt and watermark is checked before anything is charged or sent to the video provider. What is
          refused or let through for review is listed on the{" "}
          <Link href="/admin/moderation" className={linkClassName}>
            Moderation
          </Link>{" "}
          tab.
        </Trans>
      }
    >
      {settings.data ? (
        <ModerationForm key={settings.data.updatedAt} settings={settings.data} />
      ) : settings.isError ? (
        <ErrorAlert error={t`Prompt screening could not be loaded: ${reason}`} />
      ) : (
        <LoadingState label={t`Loading prompt screening`} className="py-6" />
      )}
    </SectionCard>
  );
}

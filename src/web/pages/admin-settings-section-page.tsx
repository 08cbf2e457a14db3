import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "wouter";
import { isSettingsSection, type SettingsSection } from "../../shared/settings-sections";
import { useAdminSettings } from "@/features/admin/admin-api";
import { AdminLayout } from "@/features/admin/admin-layout";
import { SettingsSectionBody } from "@/features/admin/settings/settings-section-body";
import { useScrollToHash } from "@/features/admin/settings/use-scroll-to-hash";
import { SETTINGS_SECTION_LABELS } from "@/lib/admin-sections";
import { errorMessage } from "@/lib/api";
import { NotFoundPage } from "@/pages/not-found-page";

const DESCRIPTIONS: Record<SettingsSection, MessageDescriptor> = {
  payments: msg`How buyers pay: PayPal and Creem, their keys and whether they answer.`,
  prices: msg`What each video costs in credits, what it costs you and earns, and the packages and plans that sell credits.`,
  models: msg`KIE's key, who makes each model, and the vendor accounts that pay for videos.`,
  mail: msg`The mail server for password resets, confirmations, receipts and notices.`,
  "sign-ups": msg`Who may sign up and how: the CAPTCHA, mail domains and sign-in with Google.`,
  moderation: msg`How prompts are screened before anything is charged or made.`,
  contact: msg`Where customers reach you.`,
  legal: msg`Your terms, privacy policy and refund policy.`,
  appearance: msg`What visitors see of your work on the landing page.`,
  operations: msg`Notices to you, fair use, how long videos are kept, and recovering failed videos.`,
};

/** /admin/settings/:section (admin only: gated in app/app.tsx), decision 0148. */
export function AdminSettingsSectionPage() {
  const { section = "" } = useParams<{ section: string }>();
  return isSettingsSection(section) ? <SectionPage key={section} section={section} /> : <NotFoundPage />;
}

function SectionPage({ section }: { section: SettingsSection }) {
  const { t } = useLingui();
  const settings = useAdminSettings();
  // The overview's checklist links to a card (#contact-title): there once the settings are drawn.
  useScrollToHash(Boolean(settings.data));
  const reason = settings.isError ? errorMessage(settings.error) : "";
  return (
    <AdminLayout title={t(SETTINGS_SECTION_LABELS[section])} description={t(DESCRIPTIONS[section])}>
      {settings.data ? (
        <SettingsSectionBody section={section} settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-400">
          <Trans>Settings could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <div className="flex justify-center py-10" role="status" aria-label={t`Loading settings`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
    </AdminLayout>
  );
}

import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAdminSettings } from "@/features/admin/admin-api";
import { AdminLayout } from "@/features/admin/admin-layout";
import { ContactCard } from "@/features/admin/settings/contact-card";
import { FairUseCard } from "@/features/admin/settings/fair-use-card";
import { useScrollToHash } from "@/features/admin/settings/use-scroll-to-hash";
import { VendorAccountsCard } from "@/features/admin/vendors/vendor-accounts-card";
import { MailCard } from "@/features/admin/mail/mail-card";
import { ModerationSettingsCard } from "@/features/admin/moderation/moderation-settings-card";
import { PackagesCard } from "@/features/admin/packages/packages-card";
import { RecoveryCard } from "@/features/admin/settings/recovery-card";
import { SettingsForm } from "@/features/admin/settings/settings-form";
import { ShowcaseCard } from "@/features/admin/settings/showcase-card";
import { SignUpsCard } from "@/features/admin/settings/sign-ups-card";
import { TelegramCard } from "@/features/admin/settings/telegram-card";
import { VideoStorageCard } from "@/features/admin/settings/video-storage-card";
import { LegalPagesEditor } from "@/features/legal/legal-editor";
import { errorMessage } from "@/lib/api";

/** /admin/settings: keys, prices, payments, mail, sign-ups, prompt screening, packages, legal pages, the showcase, provider accounts, recovery and video storage (admin only: gated in app/app.tsx). */
export function AdminSettingsPage() {
  const { t } = useLingui();
  const settings = useAdminSettings();
  // The overview's checklist links to a section (#contact-title): there once the settings are drawn.
  useScrollToHash(Boolean(settings.data));
  const reason = settings.isError ? errorMessage(settings.error) : "";

  return (
    <AdminLayout title={t`Settings`} description={t`Prices, payments, provider accounts and credit packages.`}>
      {settings.data ? (
        <>
          <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
          <ContactCard key={`contact-${settings.data.updatedAt}`} settings={settings.data} />
          <TelegramCard key={`telegram-${settings.data.updatedAt}`} settings={settings.data} />
          <MailCard key={`mail-${settings.data.updatedAt}`} settings={settings.data} />
          <SignUpsCard key={`sign-ups-${settings.data.updatedAt}`} settings={settings.data} />
          <FairUseCard key={`fair-use-${settings.data.updatedAt}`} settings={settings.data} />
        </>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-400">
          <Trans>Settings could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <div className="flex justify-center py-10" role="status" aria-label={t`Loading settings`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
      <ModerationSettingsCard />
      <PackagesCard />
      <LegalPagesEditor />
      <ShowcaseCard />
      <VendorAccountsCard />
      <RecoveryCard />
      {settings.data ? (
        <VideoStorageCard key={`storage-${settings.data.updatedAt}`} retentionDays={settings.data.videoRetentionDays} />
      ) : null}
    </AdminLayout>
  );
}

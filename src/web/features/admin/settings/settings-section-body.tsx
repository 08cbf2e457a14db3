/**
 * What each settings section holds (decision 0148): the cards saved together by the section's one
 * bar inside its form, then the cards that save item by item (packages, plans, legal pages, showcase,
 * vendor accounts, recovery), which stay outside it.
 */
import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { SettingsSection } from "../../../../shared/settings-sections";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { ExploreModeCard } from "@/features/admin/explore/explore-mode-card";
import { MailCard } from "@/features/admin/mail/mail-card";
import { MailTestCard } from "@/features/admin/mail/mail-test-card";
import { ModerationSettingsCard } from "@/features/admin/moderation/moderation-settings-card";
import { CreditValueCard } from "@/features/admin/packages/credit-value-card";
import { PackagesCard } from "@/features/admin/packages/packages-card";
import { PlansCard } from "@/features/admin/plans/plans-card";
import { VendorAccountsCard } from "@/features/admin/vendors/vendor-accounts-card";
import { VendorModelsCard } from "@/features/admin/vendors/vendor-models-card";
import { LegalPagesEditor } from "@/features/legal";
import { SETTINGS_SECTION_LABELS } from "@/lib/admin-sections";
import { ContactCard } from "./contact-card";
import { FairUseCard } from "./fair-use-card";
import { FirstFrameCard } from "./first-frame-card";
import { GooglePart } from "./google-part";
import { ModelsPart } from "./models-part";
import { PaymentsPart } from "./payments-part";
import { PricesPart } from "./prices-part";
import { PromptHelpCard } from "./prompt-help-card";
import { RecoveryCard } from "./recovery-card";
import { SettingsSectionForm } from "./section/settings-section-form";
import { ShowcaseCard } from "./showcase-card";
import { SignUpsCard } from "./sign-ups-card";
import { TelegramCard } from "./telegram-card";
import { VideoStorageCard } from "./video-storage-card";
import { WelcomeCard } from "./welcome-card";
import { ReferralsCard } from "./referrals-card";

/** The cards saved with the section's bar, and those after its form. */
function contentOf(section: SettingsSection, settings: AdminSettingsView): { saved?: ReactNode; after?: ReactNode } {
  switch (section) {
    case "payments":
      return { saved: <PaymentsPart settings={settings} /> };
    case "prices":
      return {
        saved: (
          <>
            <PricesPart settings={settings} />
            <CreditValueCard stored={settings.creditValueUsd} />
          </>
        ),
        after: (
          <>
            <PackagesCard />
            <PlansCard />
          </>
        ),
      };
    case "models":
      return {
        saved: (
          <>
            <ModelsPart settings={settings} />
            <PromptHelpCard settings={settings} />
            <FirstFrameCard settings={settings} />
          </>
        ),
        after: (
          <>
            <VendorAccountsCard />
            <VendorModelsCard />
          </>
        ),
      };
    case "mail":
      return { saved: <MailCard settings={settings} />, after: <MailTestCard /> };
    case "sign-ups":
      return {
        saved: (
          <>
            <SignUpsCard settings={settings} />
            <GooglePart settings={settings} />
            <WelcomeCard settings={settings} />
            <ReferralsCard settings={settings} />
          </>
        ),
      };
    case "moderation":
      return {
        saved: (
          <>
            <ModerationSettingsCard />
            <ExploreModeCard settings={settings} />
          </>
        ),
      };
    case "contact":
      return { saved: <ContactCard settings={settings} /> };
    case "legal":
      return { after: <LegalPagesEditor /> };
    case "appearance":
      return { after: <ShowcaseCard /> };
    case "operations":
      return {
        saved: (
          <>
            <TelegramCard settings={settings} />
            <FairUseCard settings={settings} />
            <VideoStorageCard retentionDays={settings.videoRetentionDays} />
          </>
        ),
        after: <RecoveryCard />,
      };
  }
}

export function SettingsSectionBody({ section, settings }: { section: SettingsSection; settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { saved, after } = contentOf(section, settings);
  return (
    <>
      {saved ? <SettingsSectionForm label={t(SETTINGS_SECTION_LABELS[section])}>{saved}</SettingsSectionForm> : null}
      {after}
    </>
  );
}

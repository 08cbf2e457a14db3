import { LoaderCircle, ShieldCheck } from "lucide-react";
import { useAdminSettings } from "@/features/admin/admin-api";
import { KieApisCard } from "@/features/admin/kie-apis-card";
import { PackagesCard } from "@/features/admin/packages-card";
import { RecoveryCard } from "@/features/admin/recovery-card";
import { SettingsForm } from "@/features/admin/settings-form";
import { TelegramCard } from "@/features/admin/telegram-card";
import { UsersCard } from "@/features/admin/users-card";
import { VideoStorageCard } from "@/features/admin/video-storage-card";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { errorMessage } from "@/lib/api";

/** /admin: settings, packages, provider accounts, recovery, video storage and users (admin only: gated in app.tsx). */
export function AdminPage() {
  useDocumentTitle("Admin Dashboard");
  const settings = useAdminSettings();

  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:py-14">
      <header>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <ShieldCheck className="size-7 text-fuchsia-300" aria-hidden="true" />
          Admin Dashboard
        </h1>
        <p className="mt-2 text-muted-foreground">Prices, payments, provider accounts and users.</p>
      </header>
      {settings.data ? (
        <>
          <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
          <TelegramCard key={`telegram-${settings.data.updatedAt}`} settings={settings.data} />
        </>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-400">
          Settings could not be loaded: {errorMessage(settings.error)}
        </p>
      ) : (
        <div className="flex justify-center py-10" role="status" aria-label="Loading settings">
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
      <PackagesCard />
      <KieApisCard />
      <RecoveryCard />
      {settings.data ? <VideoStorageCard key={`storage-${settings.data.updatedAt}`} retentionDays={settings.data.videoRetentionDays} /> : null}
      <UsersCard />
    </div>
  );
}

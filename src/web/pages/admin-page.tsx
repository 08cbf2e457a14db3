import { useLingui } from "@lingui/react/macro";
import { AdminLayout } from "@/features/admin/admin-layout";
import { OverviewPanel } from "@/features/admin/overview/overview-panel";

/** /admin: how the business is doing over a chosen range (admin only: gated in app/app.tsx). */
export function AdminPage() {
  const { t } = useLingui();
  return (
    <AdminLayout title={t`Admin Dashboard`} description={t`Revenue, credits, users and videos at a glance.`}>
      <OverviewPanel />
    </AdminLayout>
  );
}

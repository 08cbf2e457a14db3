import { AdminLayout } from "@/features/admin/admin-layout";
import { OverviewPanel } from "@/features/admin/overview/overview-panel";

/** /admin: how the business is doing over a chosen range (admin only: gated in app.tsx). */
export function AdminPage() {
  return (
    <AdminLayout title="Admin Dashboard" description="Revenue, credits, users and videos at a glance.">
      <OverviewPanel />
    </AdminLayout>
  );
}

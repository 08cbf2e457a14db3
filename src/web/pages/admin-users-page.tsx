import { useLingui } from "@lingui/react/macro";
import { AdminLayout } from "@/features/admin/admin-layout";
import { UsersCard } from "@/features/admin/users/users-card";

/** /admin/users: search, filter and page through every user (admin only: gated in app/app.tsx). */
export function AdminUsersPage() {
  const { t } = useLingui();
  return (
    <AdminLayout title={t`Users`} description={t`Search, filter and open any account.`}>
      <UsersCard />
    </AdminLayout>
  );
}

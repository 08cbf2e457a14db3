import { useLingui } from "@lingui/react/macro";
import { AdminLayout } from "@/features/admin/admin-layout";
import { auditFiltersFromParams, auditFiltersToParams } from "@/features/admin/audit/audit-api";
import { AuditFiltersBar } from "@/features/admin/audit/audit-filters";
import { AuditList } from "@/features/admin/audit/audit-table";
import { useUrlFilters } from "@/hooks/use-url-filters";

/** /admin/audit: what admins did, newest first; the filters live in the address (admin only: gated in app/app.tsx). */
export function AdminAuditPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useUrlFilters(auditFiltersFromParams, auditFiltersToParams);
  return (
    <AdminLayout title={t`Audit Log`} description={t`Who changed what, when and from where.`}>
      <AuditFiltersBar value={filters} onChange={setFilters} />
      <AuditList
        filters={filters}
        caption={t`Admin actions, newest first`}
        empty={t`No admin actions match these filters.`}
      />
    </AdminLayout>
  );
}

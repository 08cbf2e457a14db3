import { useLingui } from "@lingui/react/macro";
import { AdminLayout } from "@/features/admin/admin-layout";
import { moderationFiltersFromParams, moderationFiltersToParams } from "@/features/admin/moderation/moderation-api";
import { ModerationFiltersBar } from "@/features/admin/moderation/moderation-filters";
import { useUrlFilters } from "@/hooks/use-url-filters";
import { ModerationList } from "@/features/admin/moderation/moderation-list";

/**
 * /admin/moderation (decision 0089): prompts screening refused, could not check, or let through
 * for review, newest first; the filters live in the address (admin only: gated in app/app.tsx).
 */
export function AdminModerationPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useUrlFilters(moderationFiltersFromParams, moderationFiltersToParams);
  return (
    <AdminLayout
      title={t`Moderation`}
      description={t`Prompts that were refused, could not be checked, or were made and listed for review.`}
    >
      <ModerationFiltersBar value={filters} onChange={setFilters} />
      <ModerationList filters={filters} />
    </AdminLayout>
  );
}

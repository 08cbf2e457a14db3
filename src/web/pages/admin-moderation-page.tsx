import { useCallback, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { useSearchParams } from "wouter";
import { AdminLayout } from "@/features/admin/admin-layout";
import {
  moderationFiltersFromParams,
  moderationFiltersToParams,
  type ModerationFilters,
} from "@/features/admin/moderation/moderation-api";
import { ModerationFiltersBar } from "@/features/admin/moderation/moderation-filters";
import { ModerationList } from "@/features/admin/moderation/moderation-list";

/**
 * /admin/moderation (decision 0089): prompts screening refused, could not check, or let through
 * for review, newest first; the filters live in the address (admin only: gated in app.tsx).
 */
export function AdminModerationPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => moderationFiltersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: ModerationFilters, options?: { replace?: boolean }) => setParams(moderationFiltersToParams(next), options),
    [setParams],
  );
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

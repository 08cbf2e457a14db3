import { useLingui } from "@lingui/react/macro";
import { ADMIN_EXPLORE_FILTERS } from "../../shared/schemas/explore";
import { AdminLayout } from "@/features/admin/admin-layout";
import type { AdminExploreFilter } from "@/features/admin/explore/explore-admin-api";
import { ExploreAdminList } from "@/features/admin/explore/explore-admin-list";
import { useUrlFilters } from "@/hooks/use-url-filters";

const fromParams = (params: URLSearchParams): { filter: AdminExploreFilter } => {
  const value = params.get("filter");
  return { filter: ADMIN_EXPLORE_FILTERS.find((f) => f === value) ?? "pending" };
};
const toParams = ({ filter }: { filter: AdminExploreFilter }): Record<string, string> =>
  filter === "pending" ? {} : { filter };

/**
 * /admin/explore (issue 72, decision 0165): what waits for approval, was reported, is listed,
 * featured or hidden, with the actions on each; the filter lives in the address (admin only).
 */
export function AdminExplorePage() {
  const { t } = useLingui();
  const [{ filter }, setFilters] = useUrlFilters(fromParams, toParams);
  return (
    <AdminLayout
      title={t`Explore`}
      description={t`The videos people publish: approve, feature, hide or delete them, and read visitors' reports.`}
    >
      <ExploreAdminList filter={filter} onFilter={(next) => setFilters({ filter: next })} />
    </AdminLayout>
  );
}

import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide-react";
import { adminUsersApi } from "../../../../shared/api/admin-users";
import type { AdminUserView } from "../../../../shared/schemas/admin-users";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/list-states";
import { errorMessage, urlFor } from "@/lib/api";
import { formatCredits } from "@/lib/format";
import { SectionCard } from "@/components/ui/section-card";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";
import { CursorStackPager, useCursorStack } from "@/features/admin/cursor-pager";
import { UserCreditsDialog } from "./user-credits-dialog";
import { SORT_OPTIONS, UserFiltersBar } from "./user-filters-bar";
import { useUrlFilters } from "@/hooks/use-url-filters";
import { cursorOf, filtersFromParams, filtersToParams, useAdminUserList } from "./users-api";
import { UsersTable } from "./users-table";

/** User Management: search, filters, sort, one page of users (Username, Email, Credits, Videos Created, Status, Actions), and the pager. */
export function UsersCard() {
  const { t } = useLingui();
  const [filters, setFilters] = useUrlFilters(filtersFromParams, filtersToParams);
  const pages = useCursorStack(JSON.stringify(filtersToParams(filters)));
  const query = useAdminUserList(filters, pages.cursor);
  const [editing, setEditing] = useState<AdminUserView>();
  const exportHref = urlFor(adminUsersApi.exportCsv, { query: filtersToParams(filters) });

  const data = query.data;
  const users = data?.users ?? [];
  const total = data?.total ?? 0;
  const first = pages.first;
  const nextCursor = data?.nextUrl ? cursorOf(data.nextUrl) : null;
  const last = first + users.length - 1;
  const totalText = `${formatCredits(total)}${data?.totalCapped ? "+" : ""}`;
  const sortOption = SORT_OPTIONS.find((o) => o.value === filters.sort);
  const sortLabel = sortOption ? t(sortOption.label).toLowerCase() : "";
  const reason = errorMessage(query.error);

  return (
    <SectionCard
      id="users-title"
      title={t`User Management`}
      description={t`Search by username or e-mail; open a user for their videos, transactions and sessions. Disabling a user signs them out everywhere at once.`}
    >
      <UserFiltersBar filters={filters} setFilters={setFilters} />

      <div className="mb-3 mt-5 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p className="tabular-nums" aria-live="polite">
          {total > 0 ? (
            <Trans>
              {first}–{last} of {totalText}
            </Trans>
          ) : null}
          {query.isFetching && data ? (
            <LoaderCircle className="ml-2 inline size-4 animate-spin" aria-label={t`Updating`} />
          ) : null}
        </p>
        <CsvDownloadLink href={exportHref} />
      </div>

      {query.isPending ? (
        <LoadingState label={t`Loading users`} />
      ) : query.isError && !data ? (
        <ErrorState
          message={<Trans>The users could not be loaded: {reason}</Trans>}
          onRetry={() => void query.refetch()}
        />
      ) : users.length === 0 ? (
        <EmptyState>
          <Trans>No users match these filters.</Trans>
        </EmptyState>
      ) : (
        <>
          <UsersTable users={users} sortLabel={sortLabel} stale={query.isPlaceholderData} onEditCredits={setEditing} />
          <CursorStackPager
            label={t`User pages`}
            pages={pages}
            shown={users.length}
            nextCursor={nextCursor}
            waiting={query.isPlaceholderData}
          />
        </>
      )}
      {editing ? <UserCreditsDialog key={editing.id} user={editing} onClose={() => setEditing(undefined)} /> : null}
    </SectionCard>
  );
}

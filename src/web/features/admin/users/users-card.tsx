import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { adminUsersApi } from "../../../../shared/api/admin-users";
import type { AdminUserView } from "../../../../shared/schemas/admin-users";
import { Button } from "@/components/ui/button";
import { errorMessage, urlFor } from "@/lib/api";
import { formatCredits } from "@/lib/format";
import { SectionCard } from "@/components/ui/section-card";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";
import { CursorPager, useCursorStack } from "@/features/admin/cursor-pager";
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
        <div className="flex justify-center py-8" role="status" aria-label={t`Loading users`}>
          <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      ) : query.isError && !data ? (
        <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
          <p className="text-sm text-muted-foreground">
            <Trans>The users could not be loaded: {reason}</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : users.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No users match these filters.</Trans>
        </p>
      ) : (
        <>
          <UsersTable users={users} sortLabel={sortLabel} stale={query.isPlaceholderData} onEditCredits={setEditing} />
          <CursorPager
            label={t`User pages`}
            hasPrevious={pages.hasPrevious}
            nextCursor={nextCursor}
            waiting={query.isPlaceholderData}
            onPrevious={pages.previous}
            onNext={(cursor) => pages.next(cursor, first + users.length)}
          />
        </>
      )}
      {editing ? <UserCreditsDialog key={editing.id} user={editing} onClose={() => setEditing(undefined)} /> : null}
    </SectionCard>
  );
}

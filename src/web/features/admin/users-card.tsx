import { useCallback, useEffect, useMemo, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight, Coins, LoaderCircle, RefreshCw, X } from "lucide-react";
import { Link, useSearchParams } from "wouter";
import type { AdminUserView } from "../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCurrentUser } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import { useToggleUser } from "./admin-api";
import { ChoiceField, SectionCard } from "./admin-fields";
import { CsvDownloadLink, csvExportHref } from "./csv-download-link";
import { UserCreditsDialog } from "./user-credits-dialog";
import { cursorOf, filtersFromParams, filtersToParams, hasUserFilters, NO_USER_FILTERS, useAdminUserList, type UserFilters } from "./users-api";

const SEARCH_DEBOUNCE_MS = 300;

type Option = { value: string; label: MessageDescriptor };

const STATUS_OPTIONS: Option[] = [
  { value: "", label: msg`All statuses` },
  { value: "active", label: msg`Active` },
  { value: "disabled", label: msg`Disabled` },
];
const ROLE_OPTIONS: Option[] = [
  { value: "", label: msg`All roles` },
  { value: "admin", label: msg`Admins` },
  { value: "user", label: msg`Users` },
];
const TOKEN_OPTIONS: Option[] = [
  { value: "", label: msg`Any` },
  { value: "with", label: msg`With API tokens` },
  { value: "without", label: msg`Without API tokens` },
];
const SORT_OPTIONS: Option[] = [
  { value: "newest", label: msg`Newest` },
  { value: "credits", label: msg`Credits` },
  { value: "videos", label: msg`Videos` },
];

/** The filters live in the address (reload and Back keep them); the search box writes there 300 ms after typing stops. */
function useUrlFilters(): [UserFilters, (next: UserFilters, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: UserFilters, options?: { replace?: boolean }) => setParams(filtersToParams(next), options), [setParams]);
  return [filters, setFilters];
}

/**
 * Which page of these filters is shown: for each page after the first, its cursor (from the Link
 * header) and the number of its first row, so Previous goes back one and the count stays right.
 */
function useCursorStack(filters: UserFilters) {
  const key = JSON.stringify(filtersToParams(filters));
  const [stack, setStack] = useState<{ key: string; pages: { cursor: string; first: number }[] }>({ key, pages: [] });
  // Other filters start again at their first page (and Back to these does too).
  if (stack.key !== key) setStack({ key, pages: [] });
  const pages = stack.key === key ? stack.pages : [];
  const top = pages.at(-1);
  return {
    cursor: top?.cursor,
    first: top?.first ?? 1,
    hasPrevious: pages.length > 0,
    next: (cursor: string, first: number) => setStack({ key, pages: [...pages, { cursor, first }] }),
    previous: () => setStack({ key, pages: pages.slice(0, -1) }),
  };
}

/** User Management: search, filters, sort, one page of users (Username, Email, Credits, Videos Created, Status, Actions), and the pager. */
export function UsersCard() {
  const { t } = useLingui();
  const options = (list: Option[]) => list.map((o) => ({ value: o.value, label: t(o.label) }));
  const [filters, setFilters] = useUrlFilters();
  const pages = useCursorStack(filters);
  const query = useAdminUserList(filters, pages.cursor);
  const toggle = useToggleUser();
  const me = useCurrentUser().user;
  const [editing, setEditing] = useState<AdminUserView>();
  const [search, setSearch] = useState(filters.q);
  const [seenQ, setSeenQ] = useState(filters.q);

  // The address changed under the box (Back, Clear): show what it says now.
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    if (search.trim() !== filters.q) setSearch(filters.q);
  }

  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = setTimeout(() => setFilters({ ...filters, q: search }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, setFilters]);

  const change = (patch: Partial<UserFilters>) => setFilters({ ...filters, q: search, ...patch });
  const active = hasUserFilters(filters) || search.trim() !== "";
  const exportHref = csvExportHref("/api/admin/exports/users.csv", filtersToParams(filters));

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
  const headers = [t`Username`, t`Email`, t`Credits`, t`Videos Created`, t`Status`, t`Actions`];

  return (
    <SectionCard
      id="users-title"
      title={t`User Management`}
      description={t`Search by username or e-mail; open a user for their videos, transactions and sessions. Disabling a user signs them out everywhere at once.`}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_10rem_10rem_12rem_9rem_auto] lg:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="users-search">
            <Trans>Search users</Trans>
          </Label>
          <Input
            id="users-search"
            type="search"
            placeholder={t`Username or e-mail`}
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <ChoiceField
          id="users-status"
          label={t`Status`}
          value={filters.status}
          options={options(STATUS_OPTIONS)}
          onValueChange={(v) => change({ status: v as UserFilters["status"] })}
        />
        <ChoiceField
          id="users-role"
          label={t`Role`}
          value={filters.role}
          options={options(ROLE_OPTIONS)}
          onValueChange={(v) => change({ role: v as UserFilters["role"] })}
        />
        <ChoiceField
          id="users-tokens"
          label={t`API tokens`}
          value={filters.apiTokens}
          options={options(TOKEN_OPTIONS)}
          onValueChange={(v) => change({ apiTokens: v as UserFilters["apiTokens"] })}
        />
        <ChoiceField
          id="users-sort"
          label={t`Sort by`}
          value={filters.sort}
          options={options(SORT_OPTIONS)}
          onValueChange={(v) => change({ sort: v as UserFilters["sort"] })}
        />
        <Button
          variant="outline"
          disabled={!active}
          onClick={() => {
            setSearch("");
            setFilters({ ...NO_USER_FILTERS, sort: filters.sort });
          }}
        >
          <X aria-hidden="true" />
          <Trans>Clear</Trans>
        </Button>
      </div>

      <div className="mb-3 mt-5 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p className="tabular-nums" aria-live="polite">
          {total > 0 ? (
            <Trans>
              {first}–{last} of {totalText}
            </Trans>
          ) : null}
          {query.isFetching && data ? <LoaderCircle className="ml-2 inline size-4 animate-spin" aria-label={t`Updating`} /> : null}
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
          <div className={cn("overflow-x-auto rounded-xl border border-border", query.isPlaceholderData && "opacity-60")}>
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">
                <Trans>Users, sorted by {sortLabel}</Trans>
              </caption>
              <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
                <tr>
                  {headers.map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.map((u) => {
                  const { username } = u;
                  return (
                    <tr key={u.id} aria-label={t`User ${username}`}>
                      <th scope="row" className="px-4 py-3 font-medium">
                        <Link
                          href={`/admin/users/${u.id}`}
                          className="rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {u.username}
                        </Link>
                        {u.isAdmin ? (
                          <Badge className="ml-2">
                            <Trans>Admin</Trans>
                          </Badge>
                        ) : null}
                      </th>
                      <td className="px-4 py-3 text-muted-foreground">{u.email ?? "—"}</td>
                      <td className="px-4 py-3 tabular-nums">{formatCredits(u.credits)}</td>
                      <td className="px-4 py-3 tabular-nums">{formatCredits(u.videoCount)}</td>
                      <td className="px-4 py-3">
                        <Badge variant={u.isActive ? "success" : "destructive"}>{u.isActive ? t`Active` : t`Disabled`}</Badge>
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex gap-2">
                          <Button variant="outline" size="sm" onClick={() => setEditing(u)} aria-label={t`Edit credits of ${username}`}>
                            <Coins aria-hidden="true" />
                            <Trans>Edit Credits</Trans>
                          </Button>
                          <Button
                            variant={u.isActive ? "outline" : "secondary"}
                            size="sm"
                            disabled={u.username === me?.username || toggle.isPending}
                            onClick={() => toggle.mutate({ id: u.id, isActive: !u.isActive })}
                            aria-label={u.isActive ? t`Disable ${username}` : t`Enable ${username}`}
                          >
                            {u.isActive ? t`Disable` : t`Enable`}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages.hasPrevious || nextCursor ? (
            <nav aria-label={t`User pages`} className="mt-4 flex justify-center gap-2">
              <Button variant="outline" size="sm" disabled={!pages.hasPrevious} onClick={pages.previous} aria-label={t`Previous page`}>
                <ChevronLeft aria-hidden="true" />
                <Trans>Previous</Trans>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!nextCursor || query.isPlaceholderData}
                onClick={() => nextCursor && pages.next(nextCursor, first + users.length)}
                aria-label={t`Next page`}
              >
                <Trans>Next</Trans>
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {editing ? <UserCreditsDialog key={editing.id} user={editing} onClose={() => setEditing(undefined)} /> : null}
    </SectionCard>
  );
}

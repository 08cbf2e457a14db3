/**
 * The /admin/users list (decision 0052): one page of users read with its headers (X-Total-Count and
 * the Link to the next page), the filters as they stand in the address, and the refresh after a change.
 */
import { t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { adminUsersApi } from "../../../../shared/api/admin-users";
import type { QueryInput } from "../../../../shared/api/contract";
import {
  ADMIN_USER_SORTS,
  ADMIN_USERS_DEFAULT_LIMIT,
  type AdminUserSort,
  type AdminUserView,
  type ChangeCreditsInput,
} from "../../../../shared/schemas/admin-users";
import { call, callWithHeaders } from "@/lib/api";
import { toast } from "@/hooks/use-toast";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";

const USERS_PAGE_SIZE = ADMIN_USERS_DEFAULT_LIMIT;

export interface UserFilters {
  q: string;
  status: "" | "active" | "disabled" | "deleted";
  role: "" | "admin" | "user";
  apiTokens: "" | "with" | "without";
  /** problems: users who owe credits for a refunded payment or have one under dispute (decision 0084). */
  payments: "" | "problems";
  sort: AdminUserSort;
}

export const NO_USER_FILTERS: UserFilters = {
  q: "",
  status: "",
  role: "",
  apiTokens: "",
  payments: "",
  sort: "newest",
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : "";

/** The filters in the address (?q=&status=&role=&apiTokens=&payments=&sort=); anything unknown is left out. */
export function filtersFromParams(params: URLSearchParams): UserFilters {
  return {
    q: params.get("q") ?? "",
    status: oneOf(["active", "disabled", "deleted"], params.get("status")),
    role: oneOf(["admin", "user"], params.get("role")),
    apiTokens: oneOf(["with", "without"], params.get("apiTokens")),
    payments: oneOf(["problems"], params.get("payments")),
    sort: oneOf(ADMIN_USER_SORTS, params.get("sort")) || "newest",
  };
}

/** The user list's filters, named as the list and its CSV export read them. */
type UserFilterParams = Partial<Record<keyof QueryInput<typeof adminUsersApi.exportCsv>, string>>;

/** The filters as query parameters: the defaults and blanks left out (the address, the API and the CSV export share them). */
export function filtersToParams(filters: UserFilters): UserFilterParams {
  const params: UserFilterParams = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.status) params.status = filters.status;
  if (filters.role) params.role = filters.role;
  if (filters.apiTokens) params.apiTokens = filters.apiTokens;
  if (filters.payments) params.payments = filters.payments;
  if (filters.sort !== "newest") params.sort = filters.sort;
  return params;
}

export function hasUserFilters(filters: UserFilters): boolean {
  return Object.keys(filtersToParams({ ...filters, sort: "newest" })).length > 0;
}

export interface UserListPage {
  users: AdminUserView[];
  /** How many users match the filters (X-Total-Count). */
  total: number;
  /** A search counts up to 10,000 matches: there are more. */
  totalCapped: boolean;
  /** The next page's URL (Link rel="next"), null on the last page. */
  nextUrl: string | null;
}

/** The URL of `Link: <url>; rel="next"`, if the header has one. */
function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2]!)) return match[1]!;
  }
  return null;
}

/** The cursor in a next-page URL. */
export function cursorOf(url: string): string | null {
  return new URL(url, window.location.origin).searchParams.get("cursor");
}

/** GET /api/admin/users?...: one page of users, with what its headers say. */
async function fetchUserList(
  query: QueryInput<typeof adminUsersApi.list>,
  signal?: AbortSignal,
): Promise<UserListPage> {
  const { data: users, headers } = await callWithHeaders(adminUsersApi.list, { query, signal });
  const total = Number(headers.get("x-total-count"));
  return {
    users,
    total: Number.isFinite(total) ? total : users.length,
    totalCapped: headers.get("x-total-count-capped") === "true",
    nextUrl: nextLink(headers.get("link")),
  };
}

/** One page of the list; the previous page stays on screen (dimmed) while the next loads. */
export function useAdminUserList(filters: UserFilters, cursor: string | undefined) {
  const query = { ...filtersToParams(filters), limit: USERS_PAGE_SIZE, cursor };
  return useQuery({
    queryKey: adminQueryKeys.userList(query),
    queryFn: ({ signal }) => fetchUserList(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** After a change to a user: the list, their page and videos, their transactions and the audit log. */
export function refreshUsers(): void {
  for (const path of [adminQueryKeys.usersPath, adminQueryKeys.transactionsPath, adminQueryKeys.auditPath]) {
    void queryClient.invalidateQueries({ predicate: underPath(path) });
  }
}

/**
 * PUT /api/admin/users/{id}/credits: add, take away or set, with a reason, from the balance the
 * admin saw (decision 0076). Errors are the dialog's to show: a changed balance (409) keeps it open.
 */
export function useChangeCredits() {
  return useMutation({
    mutationFn: ({ id, ...body }: ChangeCreditsInput & { id: string }) =>
      call(adminUsersApi.changeCredits, { params: { userId: id }, body }),
    onSuccess: () => toast({ title: t`Credits updated` }),
    onSettled: () => {
      refreshUsers();
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}

/**
 * The /admin/users list (decision 0052): one page of users read with its headers (X-Total-Count and
 * the Link to the next page), the filters as they stand in the address, and the refresh after a change.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  ADMIN_USER_SORTS,
  ADMIN_USERS_DEFAULT_LIMIT,
  adminUserListSchema,
  type AdminUserSort,
  type AdminUserView,
} from "../../../shared/schemas/admin-users";
import { ApiError, parseResponse } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";

export const USERS_PAGE_SIZE = ADMIN_USERS_DEFAULT_LIMIT;

export interface UserFilters {
  q: string;
  status: "" | "active" | "disabled";
  role: "" | "admin" | "user";
  apiTokens: "" | "with" | "without";
  sort: AdminUserSort;
}

export const NO_USER_FILTERS: UserFilters = { q: "", status: "", role: "", apiTokens: "", sort: "newest" };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : "";

/** The filters in the address (?q=&status=&role=&apiTokens=&sort=); anything unknown is left out. */
export function filtersFromParams(params: URLSearchParams): UserFilters {
  return {
    q: params.get("q") ?? "",
    status: oneOf(["active", "disabled"], params.get("status")),
    role: oneOf(["admin", "user"], params.get("role")),
    apiTokens: oneOf(["with", "without"], params.get("apiTokens")),
    sort: oneOf(ADMIN_USER_SORTS, params.get("sort")) || "newest",
  };
}

/** The filters as query parameters: the defaults and blanks left out (the address, the API and the CSV export share them). */
export function filtersToParams(filters: UserFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.status) params.status = filters.status;
  if (filters.role) params.role = filters.role;
  if (filters.apiTokens) params.apiTokens = filters.apiTokens;
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
export function nextLink(header: string | null): string | null {
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

/** GET /api/admin/users?...: as apiCall (the session cookie, ApiError on a non-2xx answer, the shared schema), plus the headers. */
export async function fetchUserList(url: string, signal?: AbortSignal): Promise<UserListPage> {
  const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal });
  if (!response.ok) {
    const bodyText = (await response.text().catch(() => "")).trim();
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  const users = parseResponse(adminUserListSchema, url, await response.text());
  const total = Number(response.headers.get("x-total-count"));
  return {
    users,
    total: Number.isFinite(total) ? total : users.length,
    totalCapped: response.headers.get("x-total-count-capped") === "true",
    nextUrl: nextLink(response.headers.get("link")),
  };
}

/** One page of the list; the previous page stays on screen (dimmed) while the next loads. */
export function useAdminUserList(filters: UserFilters, cursor: string | undefined) {
  const queryKey = queryKeys.admin.userList({ ...filtersToParams(filters), limit: USERS_PAGE_SIZE, cursor });
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchUserList(queryKey[0], signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** After a change to a user: the list, their page and videos, their transactions and the audit log. */
export function refreshUsers(): void {
  for (const path of [queryKeys.admin.usersPath, queryKeys.admin.transactionsPath, queryKeys.admin.auditPath]) {
    void queryClient.invalidateQueries({ predicate: underPath(path) });
  }
}

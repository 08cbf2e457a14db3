/**
 * Every query key of the SPA (decision 0037). A key is the URL it fetches: each query reads
 * queryKey[0] with its schema (lib/api.ts schemaQueryFn), so the key and the request cannot drift.
 * Lists whose URLs carry a query string are matched by their path with `underPath`.
 */

const TASKS_PATH = "/api/video-tasks";
const TRANSACTIONS_PATH = "/api/transactions";
const ADMIN_TRANSACTIONS_PATH = "/api/admin/transactions";

/** `path?a=1&b=2` with the empty values left out. */
function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const queryKeys = {
  currentUser: ["/api/auth/current-user"] as const,
  googleStatus: ["/api/auth/google/status"] as const,
  googleConnection: ["/api/auth/google/connection"] as const,
  contact: ["/api/contact"] as const,
  pricing: ["/api/pricing/current"] as const,
  apiTokens: ["/api/user-tokens"] as const,
  webhooks: {
    overview: ["/api/webhooks"] as const,
    /** The delivery log of an endpoint, or of the per-request callbacks. */
    attempts: (endpointId: string) => [`/api/webhooks/endpoints/${encodeURIComponent(endpointId)}/attempts`] as const,
  },
  videos: {
    /** Every task list (the generator's recent list and the gallery pages) is under this path. */
    listsPath: TASKS_PATH,
    recent: (days: number) => [`${TASKS_PATH}?days=${days}`] as const,
    page: (page: number, limit: number) => [`${TASKS_PATH}?page=${page}&limit=${limit}`] as const,
    status: (taskId: string) => [`/api/video-status/${encodeURIComponent(taskId)}`] as const,
  },
  payments: {
    packages: ["/api/credit-packages"] as const,
    methods: ["/api/settings/payment-methods"] as const,
    stats: ["/api/user/stats"] as const,
    /** Every page of the signed-in user's transactions is under this path. */
    transactionsPath: TRANSACTIONS_PATH,
    transactions: (page: number) => [`${TRANSACTIONS_PATH}?page=${page}`] as const,
    paypalSetup: ["/paypal/setup"] as const,
    /** Not a URL: PayPal's script for one client id, loaded by its own query function. */
    paypalSdk: (clientId: string | undefined) => ["paypal-sdk", clientId] as const,
  },
  admin: {
    settings: ["/api/admin/settings"] as const,
    packages: ["/api/admin/credit-packages"] as const,
    kieApis: ["/api/admin/kie-apis"] as const,
    videoStorage: ["/api/admin/video-storage"] as const,
    /** Every filtered page of all users' transactions (/history) is under this path. */
    transactionsPath: ADMIN_TRANSACTIONS_PATH,
    transactions: (params: Record<string, string | number | undefined>) =>
      [withQuery(ADMIN_TRANSACTIONS_PATH, params)] as const,
    /** The /admin overview of one range (today, 7d, 30d, 90d). */
    overview: (range: string) => [`/api/admin/overview?range=${encodeURIComponent(range)}`] as const,
    /** The user list's pages, a user's page and their videos (/admin/users) are all under this path. */
    usersPath: "/api/admin/users",
    /** One page of the user list: its filters, page size and cursor. */
    userList: (params: Record<string, string | number | undefined>) => [withQuery("/api/admin/users", params)] as const,
    user: (userId: string) => [`/api/admin/users/${encodeURIComponent(userId)}`] as const,
    userVideos: (userId: string, page: number) =>
      [`/api/admin/users/${encodeURIComponent(userId)}/videos?page=${page}`] as const,
    /** Every filtered view of the audit log (/admin/audit, a user's recent admin actions) is under this path. */
    auditPath: "/api/admin/audit-log",
    /** The audit log's first page with these filters (older pages add a cursor). */
    auditLog: (params: Record<string, string | number | undefined>) =>
      [withQuery("/api/admin/audit-log", params)] as const,
  },
};

/** A predicate for invalidateQueries/getQueriesData: the queries whose URL is `path` or below it. */
export function underPath(path: string): (query: { queryKey: readonly unknown[] }) => boolean {
  return ({ queryKey: [url] }) =>
    typeof url === "string" && (url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`));
}

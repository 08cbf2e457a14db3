/**
 * Every query key of the SPA (decision 0037). A key is the URL it fetches: each query reads
 * queryKey[0] with its schema (lib/api.ts schemaQueryFn), so the key and the request cannot drift.
 * Lists whose URLs carry a query string are matched by their path with `underPath`.
 */

import { apiTokensApi } from "../../shared/api/api-tokens";
import { googleApi } from "../../shared/api/google";
import { siteApi } from "../../shared/api/site";
import { legalApi } from "../../shared/api/legal";
import { noticesApi } from "../../shared/api/notices";
import type { LegalPage } from "../../shared/legal-pages";
import type { Locale } from "../../shared/i18n";
import { firstLoadKeys } from "./first-load-keys";
import { paymentsApi } from "../../shared/api/payments";
import { webhooksApi } from "../../shared/api/webhooks";
import { adminAuditApi } from "../../shared/api/admin-audit";
import { adminMailApi } from "../../shared/api/admin-mail";
import { adminModerationApi } from "../../shared/api/admin-moderation";
import { adminKieApisApi } from "../../shared/api/admin-kie-apis";
import { adminOverviewApi } from "../../shared/api/admin-overview";
import { adminPackagesApi } from "../../shared/api/admin-packages";
import { adminSettingsApi } from "../../shared/api/admin-settings";
import { adminTransactionsApi } from "../../shared/api/admin-transactions";
import { adminUsersApi } from "../../shared/api/admin-users";
import { adminVideosApi } from "../../shared/api/admin-videos";
import { showcaseApi } from "../../shared/api/showcase";
import { signUpProtectionApi } from "../../shared/api/sign-up-protection";
import { videosApi } from "../../shared/api/videos";
import type { QueryInput } from "../../shared/api/contract";
import { urlFor } from "./api";

export const queryKeys = {
  /** A name, not a URL: the landing page's first load reads it (first-load-keys.ts). */
  currentUser: firstLoadKeys.currentUser,
  googleStatus: [urlFor(googleApi.status)] as const,
  googleConnection: [urlFor(googleApi.connection)] as const,
  /** Whether the sign-up, sign-in and reset forms show Turnstile (decision 0091). */
  captcha: [urlFor(signUpProtectionApi.captcha)] as const,
  contact: [urlFor(siteApi.contact)] as const,
  legal: {
    /** A legal page's text in one language, as everyone reads it. */
    text: (page: LegalPage, locale: Locale) => [urlFor(legalApi.text, { params: { page, locale } })] as const,
    /** Every page in every language, for the admin's editor. */
    admin: [urlFor(legalApi.adminList)] as const,
  },
  /** A name, not a URL: the landing page's first load reads it (first-load-keys.ts). */
  pricing: firstLoadKeys.pricing,
  /** A name, not a URL: the landing page's first load reads it (first-load-keys.ts). */
  showcase: firstLoadKeys.showcase,
  /** GET /api/models: each model's options and its price cells (the generator's price table, issue 42). */
  models: [urlFor(siteApi.models)] as const,
  apiTokens: [urlFor(apiTokensApi.list)] as const,
  /** The mail notices the signed-in person gets (decision 0086). */
  notices: [urlFor(noticesApi.preferences)] as const,
  webhooks: {
    overview: [urlFor(webhooksApi.overview)] as const,
    /** The delivery log of an endpoint, or of the per-request callbacks. */
    attempts: (endpointId: string) => [urlFor(webhooksApi.attempts, { params: { id: endpointId } })] as const,
  },
  videos: {
    /** Every task list (the generator's recent list and the gallery pages) is under this path. */
    listsPath: videosApi.list.path,
    recent: (days: number) => [urlFor(videosApi.list, { query: { days } })] as const,
    /** A gallery page, with its search, filters and sort (left out when not used). */
    page: (page: number, limit: number, filters: Omit<QueryInput<typeof videosApi.list>, "page" | "limit"> = {}) =>
      [urlFor(videosApi.list, { query: { page, limit, ...filters } })] as const,
    status: (taskId: string) => [urlFor(videosApi.status, { params: { taskId } })] as const,
  },
  payments: {
    packages: [urlFor(paymentsApi.packages)] as const,
    methods: [urlFor(paymentsApi.methods)] as const,
    stats: [urlFor(paymentsApi.stats)] as const,
    /** Every page of the signed-in user's transactions is under this path. */
    transactionsPath: paymentsApi.transactions.path,
    transactions: (page: number) => [urlFor(paymentsApi.transactions, { query: { page } })] as const,
    /** One completed payment's receipt (decision 0086). */
    receipt: (orderId: string) => [urlFor(paymentsApi.receipt, { params: { orderId } })] as const,
    paypalSetup: [urlFor(paymentsApi.paypalSetup)] as const,
    /** Not a URL: PayPal's script for one client id, loaded by its own query function. */
    paypalSdk: (clientId: string | undefined) => ["paypal-sdk", clientId] as const,
  },
  admin: {
    settings: [urlFor(adminSettingsApi.get)] as const,
    packages: [urlFor(adminPackagesApi.list)] as const,
    kieApis: [urlFor(adminKieApisApi.list)] as const,
    videoStorage: [urlFor(adminVideosApi.storage)] as const,
    /** Every filtered page of all users' transactions (/history) is under this path. */
    transactionsPath: urlFor(adminTransactionsApi.list),
    transactions: (query: QueryInput<typeof adminTransactionsApi.list>) =>
      [urlFor(adminTransactionsApi.list, { query })] as const,
    /** The /admin overview of one range (today, 7d, 30d, 90d). */
    overview: (range: string) => [urlFor(adminOverviewApi.get, { query: { range } })] as const,
    /** The overview's set-up checklist and generation warning (decision 0074). */
    setup: [urlFor(adminOverviewApi.setup)] as const,
    /** The user list's pages, a user's page and their videos (/admin/users) are all under this path. */
    usersPath: urlFor(adminUsersApi.list),
    /** One page of the user list: its filters, page size and cursor. */
    userList: (query: QueryInput<typeof adminUsersApi.list>) => [urlFor(adminUsersApi.list, { query })] as const,
    user: (userId: string) => [urlFor(adminUsersApi.get, { params: { userId } })] as const,
    userVideos: (userId: string, page: number) =>
      [urlFor(adminUsersApi.videos, { params: { userId }, query: { page } })] as const,
    /** Every filtered view of the audit log (/admin/audit, a user's recent admin actions) is under this path. */
    auditPath: urlFor(adminAuditApi.log),
    /** The audit log's first page with these filters (older pages add a cursor). */
    auditLog: (query: QueryInput<typeof adminAuditApi.log>) => [urlFor(adminAuditApi.log, { query })] as const,
    /** The showcase as chosen and the videos that may be chosen (decision 0081). */
    showcase: [urlFor(showcaseApi.adminRead)] as const,
    /** Where mail goes and the outbox's counts (decision 0085). */
    mailStatus: [urlFor(adminMailApi.status)] as const,
    /** Every page of the outbox, and each message, is under this path. */
    mailPath: urlFor(adminMailApi.list),
    /** The outbox's first page with these filters (older pages add a cursor). */
    mail: (query: QueryInput<typeof adminMailApi.list>) => [urlFor(adminMailApi.list, { query })] as const,
    mailMessage: (id: string) => [urlFor(adminMailApi.get, { params: { id } })] as const,
    /** Prompt screening's settings card (decision 0089). */
    moderationSettings: [urlFor(adminModerationApi.settings)] as const,
    /** Every filtered view of the moderation log is under this path. */
    moderationPath: urlFor(adminModerationApi.log),
    /** The moderation log's first page with these filters (older pages add a cursor). */
    moderationLog: (query: QueryInput<typeof adminModerationApi.log>) =>
      [urlFor(adminModerationApi.log, { query })] as const,
  },
};

/** A predicate for invalidateQueries/getQueriesData: the queries whose URL is `path` or below it. */
export function underPath(path: string): (query: { queryKey: readonly unknown[] }) => boolean {
  return ({ queryKey: [url] }) =>
    typeof url === "string" && (url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`));
}

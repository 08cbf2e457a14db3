/**
 * The admin pages' query keys (decision 0037: a key is the URL it fetches). Kept apart from
 * lib/query-keys.ts so that the admin contracts and their schemas load with the admin pages
 * only, not on every customer's page (decision 0116).
 */

import { adminAuditApi } from "../../../shared/api/admin-audit";
import { adminCodesApi } from "../../../shared/api/admin-codes";
import { adminVendorAccountsApi } from "../../../shared/api/admin-vendor-accounts";
import { adminVendorModelsApi } from "../../../shared/api/admin-vendor-models";
import { adminMailApi } from "../../../shared/api/admin-mail";
import { adminModerationApi } from "../../../shared/api/admin-moderation";
import { adminOverviewApi } from "../../../shared/api/admin-overview";
import { adminPackagesApi } from "../../../shared/api/admin-packages";
import { adminPlansApi } from "../../../shared/api/admin-plans";
import { adminReferralsApi } from "../../../shared/api/admin-referrals";
import { adminSettingsApi } from "../../../shared/api/admin-settings";
import { adminTransactionsApi } from "../../../shared/api/admin-transactions";
import { adminUsersApi } from "../../../shared/api/admin-users";
import { adminVideosApi } from "../../../shared/api/admin-videos";
import { showcaseApi } from "../../../shared/api/showcase";
import type { QueryInput } from "../../../shared/api/contract";
import { urlFor } from "@/lib/api";

export const adminQueryKeys = {
  settings: [urlFor(adminSettingsApi.get)] as const,
  packages: [urlFor(adminPackagesApi.list)] as const,
  /** Every page of the codes, and each code's redemptions, are under this path (issue 70). */
  codesPath: urlFor(adminCodesApi.list),
  /** The codes' first page with these filters, newest first (older pages add a cursor). */
  codes: (query: QueryInput<typeof adminCodesApi.list>) => [urlFor(adminCodesApi.list, { query })] as const,
  codeRedemptions: (id: string) => [urlFor(adminCodesApi.redemptions, { params: { id } })] as const,
  /** Every plan, on sale or not (issue 69). */
  plans: [urlFor(adminPlansApi.list)] as const,
  vendorAccounts: [urlFor(adminVendorAccountsApi.list)] as const,
  /** Each model's id per vendor, its state and last check (issue 74). */
  vendorModels: [urlFor(adminVendorModelsApi.list)] as const,
  videoStorage: [urlFor(adminVideosApi.storage)] as const,
  /** Every filtered page of all users' transactions (/history) is under this path. */
  transactionsPath: urlFor(adminTransactionsApi.list),
  transactions: (query: QueryInput<typeof adminTransactionsApi.list>) =>
    [urlFor(adminTransactionsApi.list, { query })] as const,
  /** The referral programme's figures over the last `days` (decision 0157). */
  referrals: (days: number) => [urlFor(adminReferralsApi.summary, { query: { days } })] as const,
  /** A user's referrals: who referred them, whom they referred, their rewards. */
  userReferrals: (userId: string) => [urlFor(adminReferralsApi.user, { params: { userId } })] as const,
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
};

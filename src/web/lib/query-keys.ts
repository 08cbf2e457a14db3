/**
 * Every query key of the SPA but the admin pages', which are in features/admin/admin-query-keys.ts
 * so that the admin contracts load with those pages only (decisions 0037, 0116). A key is the URL
 * it fetches: each query reads queryKey[0] with its schema (lib/api.ts schemaQueryFn), so the key
 * and the request cannot drift. Lists whose URLs carry a query string are matched by their path
 * with `underPath`.
 */

import { apiTokensApi } from "../../shared/api/api-tokens";
import { googleApi } from "../../shared/api/google";
import { siteApi } from "../../shared/api/site";
import { legalApi } from "../../shared/api/legal";
import { noticesApi } from "../../shared/api/notices";
import { oauthApi } from "../../shared/api/oauth";
import type { LegalPage } from "../../shared/legal-pages";
import type { Locale } from "../../shared/i18n";
import { firstLoadKeys } from "./first-load-keys";
import { paymentsApi } from "../../shared/api/payments";
import { plansApi } from "../../shared/api/plans";
import { promptHelpApi } from "../../shared/api/prompt-help";
import { referralsApi } from "../../shared/api/referrals";
import { webhooksApi } from "../../shared/api/webhooks";
import { signUpProtectionApi } from "../../shared/api/sign-up-protection";
import { videosApi } from "../../shared/api/videos";
import type { QueryInput } from "../../shared/api/contract";
import type { ModelId } from "../../shared/catalogue";
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
  /** A name, not a URL: the landing page reads it after it comes to life (first-load-keys.ts). */
  featuredExplore: firstLoadKeys.featuredExplore,
  /** GET /api/models: each model's options and its price cells (the generator's price table, issue 42). */
  models: [urlFor(siteApi.models)] as const,
  /** Whether the generator shows Improve prompt, and its price (decision 0160). */
  promptHelp: [urlFor(promptHelpApi.offer)] as const,
  apiTokens: [urlFor(apiTokensApi.list)] as const,
  /** The apps the person allowed through OAuth, for the MCP server (decision 0170). */
  oauthConnections: [urlFor(oauthApi.connections)] as const,
  /** The mail notices the signed-in person gets (decision 0086). */
  notices: [urlFor(noticesApi.preferences)] as const,
  /** The signed-in person's referral link and what it earned (decision 0157). */
  referrals: [urlFor(referralsApi.mine)] as const,
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
    /** How a finished video would be extended, with which model and at what price (decision 0159). */
    extendOptions: (taskId: string, model?: ModelId) =>
      [urlFor(videosApi.extendOptions, { params: { taskId }, query: model ? { model } : {} })] as const,
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
    /** Not a URL: PayPal's script for subscriptions (vault, intent=subscription) for one client id. */
    paypalSubscriptionSdk: (clientId: string | undefined) => ["paypal-subscription-sdk", clientId] as const,
  },
  plans: {
    /** The plans on sale (public). */
    onSale: [urlFor(plansApi.list)] as const,
    /** The signed-in person's plan: /pricing, /my-account and the shell's past-due banner share it. */
    mine: [urlFor(plansApi.mine)] as const,
    /** The provider's page for cards and invoices (asked ahead for PayPal, which may have none). */
    portal: [urlFor(plansApi.portal)] as const,
  },
};

/** A predicate for invalidateQueries/getQueriesData: the queries whose URL is `path` or below it. */
export function underPath(path: string): (query: { queryKey: readonly unknown[] }) => boolean {
  return ({ queryKey: [url] }) =>
    typeof url === "string" && (url === path || url.startsWith(`${path}?`) || url.startsWith(`${path}/`));
}

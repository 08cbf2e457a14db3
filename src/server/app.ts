/** buildApp(deps): the HTTP application, composed from the services. main.ts runs it; tests build it with their own deps. */
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { sessionCookieName } from "./identity/sessions.js";
import { registerLiveUpdates } from "./events/register-live-updates.js";
import type { LiveEvents } from "./events/live-events.js";
import { accountStatsRoutes } from "./features/account-stats/routes.js";
import { adminExportRoutes } from "./features/admin/exports-routes.js";
import { adminVendorAccountRoutes } from "./features/admin/vendor-accounts-routes.js";
import { adminVendorModelRoutes } from "./features/vendor-models/routes.js";
import { adminOverviewRoutes } from "./features/admin/overview-routes.js";
import { adminRecoveryRoutes } from "./features/admin/recovery-routes.js";
import { adminVideoStorageRoutes } from "./features/admin/video-storage-routes.js";
import { adminTransactionRoutes } from "./features/admin/transactions-routes.js";
import { adminPaymentOrderRoutes } from "./features/admin/payment-orders-routes.js";
import { adminUserRoutes } from "./features/admin/users-routes.js";
import { adminAuditRoutes } from "./features/audit/audit-routes.js";
import { apiTokenRoutes } from "./features/api-tokens/routes.js";
import { googleAuthRoutes } from "./features/auth/google-routes.js";
import { authRoutes } from "./features/auth/routes.js";
import { accountLinkRoutes } from "./features/auth/link-routes.js";
import { confirmFirstFactor } from "./features/auth/first-factor.js";
import { adminNewLinkRoutes } from "./features/auth/admin-new-link.js";
import { webhookRoutes } from "./features/webhooks/routes.js";
import { registerTokenWebhookRoutes } from "./features/webhooks/token-routes.js";
import { webhooksOpenApi } from "./features/webhooks/openapi.js";
import { automationDocsRoutes } from "./features/automation/docs-routes.js";
import { registerAutomationApi } from "./features/automation/routes.js";
import { contactRoutes } from "./features/contact/routes.js";
import { mcpRoutes } from "./features/mcp/routes.js";
import { oauthConsentRoutes } from "./features/oauth/consent-routes.js";
import { oauthProtocolRoutes } from "./features/oauth/protocol-routes.js";
import { leavingRoutes } from "./features/leaving/routes.js";
import { adminLegalRoutes, legalRoutes } from "./features/legal/routes.js";
import { eventRoutes } from "./features/events/routes.js";
import { adminTelegramSettingsRoutes, telegramTestRoutes } from "./features/notifications/telegram-routes.js";
import { adminMailRoutes } from "./features/mail/admin-routes.js";
import { adminModerationRoutes } from "./features/moderation/admin-routes.js";
import { secondFactorGate } from "./features/second-factor/gate.js";
import { adminSecondFactorRoutes, secondFactorRoutes } from "./features/second-factor/routes.js";
import { paymentMethodRoutes } from "./features/payments/payment-methods-routes.js";
import { adminPromptHelpRoutes, promptHelpRoutes } from "./features/prompt-help/routes.js";
import { noticeRoutes } from "./features/notices/routes.js";
import { adminCreditPackageRoutes, creditPackageRoutes } from "./features/packages/routes.js";
import { adminCodeRoutes, codeRoutes } from "./features/codes/routes.js";
import { adminPlanRoutes, planRoutes } from "./features/subscriptions/routes.js";
import { creemRoutes } from "./features/payments/creem-routes.js";
import { registerPaypal } from "./features/payments/paypal-routes.js";
import { receiptRoutes } from "./features/payments/receipt.js";
import { adminReferralRoutes, referralRoutes } from "./features/referrals/routes.js";
import { adminSettingsRoutes } from "./features/settings/routes.js";
import { adminPricesRoutes } from "./features/settings/prices-at-margin.js";
import { adminSignUpSettingsRoutes, captchaRoutes } from "./features/sign-up-protection/routes.js";
import { adminShowcaseRoutes, showcaseApiRoutes } from "./features/showcase/api-routes.js";
import { adminExploreRoutes, exploreRoutes } from "./features/explore/routes.js";
import { sitemapRoutes } from "./features/explore/sitemap.js";
import { showcaseRoutes } from "./features/showcase/routes.js";
import { callbackRoutes } from "./features/videos/callback-routes.js";
import { videoMediaRoutes } from "./features/videos/media-routes.js";
import { shareRoutes } from "./features/videos/share-routes.js";
import { videoRoutes } from "./features/videos/routes.js";
import { registerUploads } from "./features/videos/upload-routes.js";
import { firstFrameRoutes } from "./features/first-frames/routes.js";
import { ADMIN_PREFIX, adminScope } from "./http/admin-scope.js";
import { frameworkErrors, registerErrorHandler } from "./http/errors.js";
import { healthRoutes } from "./http/health-routes.js";
import { metricsRoutes, registerRequestMetrics } from "./metrics/routes.js";
import { registerInputGuard } from "./http/input-guard.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { registerNotFoundHandler } from "./http/not-found.js";
import { registerOpenApi } from "./http/openapi.js";
import { registerRouteAccess, useScopeAccess } from "./http/route-access.js";
import { webTokenKey } from "./http/web-app-token.js";
import { registerRouteContracts, useNonApiScope } from "./http/route-contract.js";
import { lazyRequestLogger } from "./http/request-logger.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerStaticSpa } from "./http/static-spa.js";
import type { BackgroundJobs } from "./jobs/background-jobs.js";
import type { Mailer } from "./features/mail/outbox.js";
import { buildServices, SIMULATOR_PREFIX, type AppDeps } from "./services.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every background job; main.ts starts them (BACKGROUND_WORKERS), tests run them by hand. */
    jobs: BackgroundJobs;
    liveEvents: LiveEvents;
    /** The mail outbox's writer (tests queue through it as a feature would). */
    mailer: Mailer;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    // Each request's logger is made when it first writes (decision 0121).
    childLoggerFactory: lazyRequestLogger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }) as unknown as FastifyInstance;
  const services = buildServices(deps, app.log);
  const { config } = services;
  app.decorate("jobs", services.jobs);
  app.decorate("liveEvents", services.liveEvents);
  app.decorate("mailer", services.mailer);
  // `__Host-sid` under HTTPS, `sid` over plain HTTP (decision 0136): http/session-auth.ts reads it.
  app.decorate("sessionCookie", sessionCookieName(config.secureCookies));
  app.addHook("onClose", async () => {
    await services.close();
  });

  registerErrorHandler(app, deps.onDatabaseConnect);
  // Before any route: every answer is counted (GET /metrics).
  registerRequestMetrics(app);
  // Each route's zod contract validates its input and serialises its answers, and the same
  // declarations make the OpenAPI document (decision 0040).
  registerRouteContracts(app);
  await registerOpenApi(app, webhooksOpenApi());
  registerJsonBodyParser(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, { https: config.secureCookies, turnstileScriptUrl: config.turnstile.scriptUrl });
  await app.register(fastifyCookie);
  registerLiveUpdates(
    app,
    services.liveEvents,
    deps.listen,
    // Cookies are parsed only for requests that get that far (a 414 is answered before).
    (request) => request.cookies?.[app.sessionCookie] !== undefined || request.headers.authorization !== undefined,
  );
  // Who may call each route: declared at registration, decided on the matched route (decision 0032).
  registerRouteAccess(app, {
    db: services.db,
    sessions: services.caches.sessions,
    publicOrigin: new URL(config.publicUrl).origin,
    operatorToken: config.metricsToken,
    webTokenKey: webTokenKey(services.secretBox),
    // A signed-in session passes its second step before anything else (decision 0092).
    sessionGate: secondFactorGate(services),
  });

  // Every feature takes the one services object and reads the part its options type declares.
  await app.register(eventRoutes, services);
  await app.register(healthRoutes, { ...services, liveEvents: services.liveEvents, listens: Boolean(deps.listen) });
  await app.register(metricsRoutes, {
    db: services.db,
    liveEvents: services.liveEvents,
    databasePool: deps.databasePool,
  });
  await app.register(authRoutes, services);
  // Forgotten passwords and confirmed addresses: the links sent by mail (decision 0088).
  await app.register(accountLinkRoutes, services);
  // Turnstile on the forms bots farm, and throwaway mail domains refused (decision 0091).
  await app.register(captchaRoutes, services);
  // Which mail notices a person gets, and one-click unsubscribe (decision 0086).
  await app.register(noticeRoutes, services);
  await app.register(googleAuthRoutes, services);
  // Authenticator apps, recovery codes and passkeys (decision 0092); the first asks for the password (0135).
  await app.register(secondFactorRoutes, { ...services, confirmFirstFactor });
  await app.register(contactRoutes, services);
  // Terms, privacy and refund policy (decision 0079).
  await app.register(legalRoutes, services);
  await app.register(showcaseRoutes);
  // The landing page's showcase: the videos the admin chose (decision 0081).
  await app.register(showcaseApiRoutes, services);
  const simulatorPlugin = services.simulatorPlugin;
  if (simulatorPlugin) {
    // The simulator checks its own API key: to this app its routes are public.
    await app.register(
      async (sim) => {
        useScopeAccess(sim, "public");
        useNonApiScope(sim, "a fake of KIE's and Google's video APIs, documented by them");
        await sim.register(simulatorPlugin);
      },
      { prefix: SIMULATOR_PREFIX },
    );
  }
  await app.register(videoRoutes, services);
  // Archived videos, served from our origin (decision 0043).
  await app.register(videoMediaRoutes, services);
  // Sharing (a public page per shared video) and deleting (decision 0044).
  await app.register(shareRoutes, services);
  // Explore: the published videos' feed, remix details and reports (decision 0164).
  await app.register(exploreRoutes, services);
  // robots.txt and a sitemap with Explore's listed videos (decision 0164).
  await app.register(sitemapRoutes, services);
  // Uploaded reference images: per-user rate limit and quota, unused ones swept (decision 0034).
  await registerUploads(app, services);
  // Prompt help: the generator's Improve prompt button (decision 0160).
  await app.register(promptHelpRoutes, { ...services, log: app.log });
  // A first frame made from text (decision 0161).
  await app.register(firstFrameRoutes, services);
  await app.register(callbackRoutes, services);
  // Buying credits: packages, stats and transactions, Creem, PayPal.
  await app.register(creditPackageRoutes, services);
  // Codes: redeem a grant, quote a discount (decision 0156).
  await app.register(codeRoutes, services);
  await app.register(paymentMethodRoutes, services);
  await app.register(accountStatsRoutes, services);
  await registerPaypal(app, services);
  await app.register(creemRoutes, services);
  // Plans (issue 69): on sale, a person's plan and its actions.
  await app.register(planRoutes, {
    ...services,
    planSellers: services.plans.sellers,
    confirmPayPalSubscription: (userId: string, id: string, log: FastifyBaseLogger) =>
      services.plans.confirmPayPal(userId, id, log),
  });
  // The receipt of a completed payment (decision 0086).
  await app.register(receiptRoutes, services);
  // The automation API: API tokens (session) and /api/n8n/* (bearer token only).
  await app.register(apiTokenRoutes, services);
  await registerAutomationApi(app, services);
  await app.register(automationDocsRoutes, services);
  // The MCP server for AI agents: /mcp with the API token, stateless (decision 0168).
  await app.register(mcpRoutes, services);
  // OAuth 2.1 with PKCE for MCP clients: metadata, registration, tokens, consent, connections (decision 0169).
  await app.register(oauthProtocolRoutes, services);
  await app.register(oauthConsentRoutes, services);
  // Outbound webhooks (decision 0047), managed on the /api page.
  await app.register(webhookRoutes, services);
  // The same endpoints with an API token, for tools that subscribe themselves (decision 0171).
  await registerTokenWebhookRoutes(app, services);
  // Download my data, delete my account (decision 0087).
  await app.register(leavingRoutes, services);
  // Referral links and a person's referrals (decision 0157).
  await app.register(referralRoutes, services);
  // Running the business: every /api/admin route in one admin-only scope.
  await app.register(
    adminScope(services, async (admin) => {
      await admin.register(adminUserRoutes, services);
      await admin.register(adminOverviewRoutes, services);
      await admin.register(adminSettingsRoutes, services);
      await admin.register(adminPricesRoutes, services);
      await admin.register(adminCreditPackageRoutes, services);
      await admin.register(adminCodeRoutes, services);
      await admin.register(adminPlanRoutes, { ...services, planSellers: services.plans.sellers });
      await admin.register(adminVendorAccountRoutes, services);
      // Model ids per vendor, checked with the vendor (decision 0173).
      await admin.register(adminVendorModelRoutes, services);
      await admin.register(adminTransactionRoutes, services);
      // Refunds and Creem disputes decided by hand (decision 0084).
      await admin.register(adminPaymentOrderRoutes, services);
      await admin.register(adminExportRoutes, services);
      await admin.register(adminRecoveryRoutes, services);
      await admin.register(adminTelegramSettingsRoutes, services);
      await admin.register(adminMailRoutes, services);
      // A reset or confirmation sent again as a new link: the outbox hides links (decision 0130).
      await admin.register(adminNewLinkRoutes, services);
      await admin.register(adminSignUpSettingsRoutes, services);
      await admin.register(adminPromptHelpRoutes, services);
      await admin.register(adminReferralRoutes, services);
      await admin.register(adminSecondFactorRoutes, services);
      // Prompt screening: its settings, the moderation log and its review (decision 0089).
      await admin.register(adminModerationRoutes, services);
      await admin.register(adminVideoStorageRoutes, services);
      await admin.register(adminAuditRoutes, services);
      await admin.register(adminLegalRoutes, services);
      await admin.register(adminShowcaseRoutes, services);
      // Explore's moderation: approve, hide, restore, feature, reports, delete (decision 0164).
      await admin.register(adminExploreRoutes, services);
    }),
    { prefix: ADMIN_PREFIX },
  );
  await app.register(telegramTestRoutes, services);

  const documents = deps.webDir ? await registerStaticSpa(app, deps.webDir, config.publicUrl) : undefined;
  registerNotFoundHandler(app, documents);
  return app;
}

/** buildApp(deps): the HTTP application. main.ts runs it; tests build it with their own deps. */
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/connect.js";
import { LIVE_EVENTS_CHANNEL, LiveEvents } from "./events/live-events.js";
import { SETTINGS_GROUP } from "./events/fresh-cache.js";
import { createReadCaches } from "./events/read-caches.js";
import { readSettings, type Settings } from "./features/settings/service.js";
import { eventRoutes } from "./features/events/routes.js";
import { sql } from "drizzle-orm";
import { adminKieApiRoutes } from "./features/admin/kie-apis-routes.js";
import { adminRecoveryRoutes } from "./features/admin/recovery-routes.js";
import { adminTransactionRoutes } from "./features/admin/transactions-routes.js";
import { adminUserRoutes } from "./features/admin/users-routes.js";
import { adminTelegramSettingsRoutes, telegramTestRoutes } from "./features/notifications/telegram-routes.js";
import { googleAuthRoutes } from "./features/auth/google-routes.js";
import { DEFAULT_NOTIFICATION_OPTIONS, type NotificationSenderOptions } from "./jobs/notification-sender.js";
import { accountStatsRoutes } from "./features/account-stats/routes.js";
import { contactRoutes } from "./features/contact/routes.js";
import { creemRoutes } from "./features/payments/creem-routes.js";
import { createPaypalContext, registerPaypal } from "./features/payments/paypal-routes.js";
import { paypalConnection } from "./features/payments/paypal-service.js";
import { BackgroundJobs } from "./jobs/background-jobs.js";
import { paymentMethodRoutes } from "./features/packages/payment-methods-routes.js";
import { adminCreditPackageRoutes, creditPackageRoutes } from "./features/packages/routes.js";
import { showcaseRoutes } from "./features/showcase/routes.js";
import { authRoutes, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from "./features/auth/routes.js";
import { adminSettingsRoutes } from "./features/settings/routes.js";
import { apiTokenRoutes, DEFAULT_TOKEN_CREATION_RATE_LIMIT } from "./features/api-tokens/routes.js";
import { automationDocsRoutes } from "./features/automation/docs-routes.js";
import { DEFAULT_AUTOMATION_RATE_LIMITS, registerAutomationApi, type AutomationRateLimits } from "./features/automation/routes.js";
import { frameworkErrors, registerErrorHandler } from "./http/errors.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { registerInputGuard } from "./http/input-guard.js";
import { registerNotFoundHandler } from "./http/not-found.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerRouteAccess, useScopeAccess } from "./http/route-access.js";
import { registerRouteContracts, useNonApiScope } from "./http/route-contract.js";
import { registerOpenApi } from "./http/openapi.js";
import { healthRoutes } from "./http/health-routes.js";
import { ADMIN_PREFIX, adminScope } from "./http/admin-scope.js";
import { registerStaticSpa } from "./http/static-spa.js";
import type { SecretBox } from "./lib/secret-box.js";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { callbackRoutes } from "./features/videos/callback-routes.js";
import type { VideoContext } from "./features/videos/context.js";
import { VideoProvider } from "./features/videos/provider.js";
import { DEFAULT_GENERATE_RATE_LIMIT, videoRoutes } from "./features/videos/routes.js";
import { registerUploads } from "./features/videos/upload-routes.js";
import { DEFAULT_UPLOAD_RATE_LIMIT, type UploadLimits } from "./features/videos/upload-service.js";
import type { UploadSweepOptions } from "./jobs/upload-sweep.js";
import { MemoryRateLimitStore, RateLimiter, rateLimitStoreFor, type RateLimitRule, type RateLimitStore } from "./http/rate-limit.js";
import { DiskBlobStore } from "./integrations/storage/blob-store.js";
import { S3BlobStore } from "./integrations/storage/s3-blob-store.js";
import { UploadStore } from "./integrations/storage/uploads.js";
import { DEFAULT_WORKER_OPTIONS, type TaskWorkerOptions } from "./jobs/task-worker.js";
import { createKieSimulator } from "./simulator/index.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every background job; main.ts starts them (BACKGROUND_WORKERS), tests run them by hand. */
    jobs: BackgroundJobs;
    liveEvents: LiveEvents;
  }
}

/** Where the simulator is: mounted in this app by default, or elsewhere (tests run it standalone). */
export interface SimulatorLocation {
  /** How this process reaches it over HTTP. */
  baseUrl: string;
  /** How browsers reach its files (result URLs carry this). */
  publicBaseUrl: string;
  apiKey: string;
  /** Mounted under /simulator/kie when given. */
  plugin?: FastifyPluginAsync;
}

export const SIMULATOR_PREFIX = "/simulator/kie";

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database's LISTEN (Database.listen): live updates and their SSE stream need it. */
  listen?: Database["listen"];
  secretBox: SecretBox;
  logger?: Logger;
  /** The built SPA (dist/web); without it only the API is served. */
  webDir?: string;
  rateLimits?: Partial<AuthRateLimits>;
  simulator?: SimulatorLocation;
  /** Where the simulator's callbacks reach this app (default: this process on loopback). */
  callbackBaseUrl?: string;
  worker?: Partial<TaskWorkerOptions>;
  generateRateLimit?: RateLimitRule;
  /** Where rate-limit counters live (rateLimitStoreFor(database)); in memory when not given. */
  rateLimitStore?: RateLimitStore;
  notifications?: Partial<NotificationSenderOptions>;
  /** Per API token on /api/n8n/*, and API token creations per user. */
  automationRateLimits?: Partial<AutomationRateLimits & { tokenCreation: RateLimitRule }>;
  /** Per-user upload rate limit and quota (defaults: DEFAULT_UPLOAD_RATE_LIMIT, UPLOAD_QUOTA_MB). */
  uploadLimits?: Partial<UploadLimits>;
  uploadSweep?: Partial<UploadSweepOptions>;
}

/** What the app takes from an open database: queries, its LISTEN, and where rate limits count. */
export function databaseDeps(database: Database): Pick<AppDeps, "db" | "listen" | "rateLimitStore"> {
  return { db: database.db, listen: database.listen, rateLimitStore: rateLimitStoreFor(database) };
}

/** This process, as seen from itself. */
function loopbackBaseUrl(config: Config): string {
  const host = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

function defaultSimulator(config: Config, secretBox: SecretBox): SimulatorLocation & { close(): void } {
  const publicBaseUrl = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  const apiKey = secretBox.derive("kie-simulator");
  const simulator = createKieSimulator({
    publicBaseUrl,
    apiKey,
    delayMs: config.simulator.delayMs,
    hdDelayMs: config.simulator.hdDelayMs,
    uploadDir: path.join(config.dataDir, "simulator-uploads"),
  });
  return { baseUrl: `${loopbackBaseUrl(config)}${SIMULATOR_PREFIX}`, publicBaseUrl, apiKey, plugin: simulator.plugin, close: () => simulator.close() };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, secretBox } = deps;
  const rateLimitStore = deps.rateLimitStore ?? new MemoryRateLimitStore();
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }) as unknown as FastifyInstance;

  registerErrorHandler(app);
  // Each route's zod contract validates its input and serialises its answers, and the same
  // declarations make the OpenAPI document (decision 0040).
  registerRouteContracts(app);
  await registerOpenApi(app);
  registerJsonBodyParser(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(fastifyCookie);

  // Live updates: the database announces changes; this process listens while it runs, for the
  // event streams and to keep its read caches right (decisions 0026 and 0031).
  const liveEvents = new LiveEvents((payload) => db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`));
  app.decorate("liveEvents", liveEvents);
  const caches = createReadCaches(liveEvents);
  // A person's write (session or API token) is answered once this process has heard the database
  // announce it: their next request then never reads a cache from before their own change.
  app.addHook("onSend", async (request, _reply, payload) => {
    const person = request.user ?? request.tokenUser;
    if (person && request.method !== "GET" && request.method !== "HEAD") await liveEvents.settle();
    return payload;
  });
  // Who may call each route: declared at registration, decided on the matched route (decision 0032).
  registerRouteAccess(app, { db, sessions: caches.sessions, publicOrigin: new URL(config.publicUrl).origin });
  if (deps.listen) {
    const listen = deps.listen;
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook("onReady", async () => {
      stopListening = await listen(LIVE_EVENTS_CHANNEL, {
        onPayload: (payload) => liveEvents.receive(payload),
        onConnected: (up) => {
          liveEvents.setConnected(up);
          app.log[up ? "info" : "warn"](up ? "live events connected" : "live events disconnected; pages poll until it is back");
        },
      });
    });
    app.addHook("onClose", async () => {
      liveEvents.setConnected(false);
      await stopListening?.();
    });
  }
  await app.register(eventRoutes, { db, events: liveEvents, caches });

  await app.register(healthRoutes, { db });

  await app.register(authRoutes, {
    db,
    rateLimitStore,
    secureCookies: config.secureCookies,
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      registerPerIp: { ...DEFAULT_AUTH_RATE_LIMITS.registerPerIp, max: config.registerLimitPerIp },
      loginPerIp: { ...DEFAULT_AUTH_RATE_LIMITS.loginPerIp, max: config.loginLimitPerIp },
      ...deps.rateLimits,
    },
  });
  await app.register(googleAuthRoutes, { db, config, secretBox, sessions: caches.sessions });
  await app.register(contactRoutes, { contact: config.contact });
  await app.register(showcaseRoutes);

  let simulator = deps.simulator;
  let closeSimulator = () => {};
  if (!simulator) {
    const builtIn = defaultSimulator(config, secretBox);
    simulator = builtIn;
    closeSimulator = builtIn.close;
  }
  const simulatorPlugin = simulator.plugin;
  if (simulatorPlugin) {
    // The simulator checks its own API key: to this app its routes are public.
    await app.register(
      async (sim) => {
        useScopeAccess(sim, "public");
        useNonApiScope(sim, "a fake of KIE's API, documented by KIE");
        await sim.register(simulatorPlugin);
      },
      { prefix: SIMULATOR_PREFIX },
    );
  }
  // Frozen: every generation shares the one object.
  const readSettingsCached = () => caches.settings.get(SETTINGS_GROUP, async () => Object.freeze(await readSettings(db, secretBox))) as Promise<Settings>;
  const provider = new VideoProvider({ db, secretBox, config, simulator, readSettings: readSettingsCached, accountsCache: caches.kieAccounts });
  const workerOptions = { ...DEFAULT_WORKER_OPTIONS, taskTimeoutMs: config.taskTimeoutMs, ...deps.worker };
  const uploads = new UploadStore(config.s3 ? new S3BlobStore(config.s3) : new DiskBlobStore(path.join(config.dataDir, "uploads")), config.publicUrl);
  const paypal = createPaypalContext({ db, config, secretBox });
  const jobs = new BackgroundJobs(
    { db, secretBox, provider, uploads, paypal: () => paypalConnection(paypal), log: app.log, workerLogger: deps.logger },
    {
      worker: workerOptions,
      notifications: { ...DEFAULT_NOTIFICATION_OPTIONS, telegramBaseUrl: config.telegramBaseUrl, ...deps.notifications },
      uploadSweep: deps.uploadSweep,
    },
  );
  app.decorate("jobs", jobs);
  const callbackBaseUrl = deps.callbackBaseUrl ?? loopbackBaseUrl(config);
  const ctx: VideoContext = {
    db,
    config,
    secretBox,
    provider,
    caches,
    readSettings: readSettingsCached,
    uploads,
    simulatorFiles: simulator,
    firstCheckMs: workerOptions.pollScheduleMs[0] ?? 3_000,
    wake: () => jobs.taskWorker.wake(),
    callbackUrlFor: (source) =>
      source === "simulator"
        ? `${callbackBaseUrl}/api/callbacks/kie`
        : config.publicUrlExplicit
          ? `${config.publicUrl}/api/callbacks/kie`
          : undefined,
  };
  // One generation budget per user, for the web and the automation API together.
  const generateLimiter = new RateLimiter("generate", deps.generateRateLimit ?? DEFAULT_GENERATE_RATE_LIMIT, rateLimitStore);
  await app.register(videoRoutes, { ctx, generateLimiter });
  // Uploaded reference images: per-user rate limit and quota, unused ones swept (decision 0034).
  await registerUploads(app, {
    db,
    uploads: ctx.uploads,
    rateLimitStore,
    limits: { perUser: DEFAULT_UPLOAD_RATE_LIMIT, quotaBytes: config.uploadQuotaBytes, ...deps.uploadLimits },
    sweepIntervalMs: jobs.uploadSweep.opts.intervalMs,
  });
  await app.register(callbackRoutes, { db, wake: ctx.wake });
  // Buying credits (issue 5): packages, stats and transactions, Creem, PayPal.
  await app.register(creditPackageRoutes, { db });
  await app.register(paymentMethodRoutes, { db, config, secretBox });
  await app.register(accountStatsRoutes, { db });
  await registerPaypal(app, { ctx: paypal, rateLimitStore });
  await app.register(creemRoutes, { db, config, secretBox, rateLimitStore });
  // The automation API (issue 6): API tokens (session) and /api/n8n/* (bearer token only).
  const { tokenCreation, ...automationLimits } = deps.automationRateLimits ?? {};
  await app.register(apiTokenRoutes, { db, rateLimitStore, creationRateLimit: tokenCreation ?? DEFAULT_TOKEN_CREATION_RATE_LIMIT });
  await registerAutomationApi(app, {
    ctx,
    rateLimits: { ...DEFAULT_AUTOMATION_RATE_LIMITS, ...automationLimits },
    rateLimitStore,
    generateLimiter,
  });
  await app.register(automationDocsRoutes, { config });
  // Running the business (issues 4 and 7): every /api/admin route in one admin-only scope.
  await app.register(
    adminScope({ db, sessions: caches.sessions }, async (admin) => {
      await admin.register(adminUserRoutes, { db });
      await admin.register(adminSettingsRoutes, { db, secretBox });
      await admin.register(adminCreditPackageRoutes, { db });
      await admin.register(adminKieApiRoutes, { ctx });
      await admin.register(adminTransactionRoutes, { ctx });
      await admin.register(adminRecoveryRoutes, { ctx });
      await admin.register(adminTelegramSettingsRoutes, { db, secretBox });
    }),
    { prefix: ADMIN_PREFIX },
  );
  await app.register(telegramTestRoutes, { db, secretBox, rateLimitStore, telegramBaseUrl: config.telegramBaseUrl });
  app.addHook("onClose", async () => {
    await jobs.stop();
    closeSimulator();
  });

  const indexHtml = deps.webDir ? await registerStaticSpa(app, deps.webDir) : undefined;
  registerNotFoundHandler(app, indexHtml);
  return app;
}

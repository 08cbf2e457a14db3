/**
 * Every service of the process, built once from the app's dependencies and handed to each feature
 * plugin as one typed object. Each plugin declares the part it uses (its own options type), so
 * unrelated features share no grab-bag context; this file is the only place that knows them all.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/connect.js";
import { SETTINGS_GROUP } from "./events/fresh-cache.js";
import { LIVE_EVENTS_CHANNEL, LiveEvents } from "./events/live-events.js";
import { createReadCaches, type ReadCaches } from "./events/read-caches.js";
import { readVendorModelTable } from "./features/vendor-models/mappings.js";
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from "./features/auth/routes.js";
import { resetLinksPerAccountLimiter } from "./features/auth/sign-in-conditions.js";
import { DEFAULT_TOKEN_CREATION_RATE_LIMIT } from "./features/api-tokens/routes.js";
import { DEFAULT_AUTOMATION_RATE_LIMITS, type AutomationRateLimits } from "./features/automation/routes.js";
import { planServices, type PlanServices } from "./features/subscriptions/plan-services.js";
import { createPaypalContext } from "./features/payments/paypal-routes.js";
import { paypalConnection, type PaypalContext } from "./features/payments/paypal-service.js";
import { readSettingsFromDatabase, type Settings } from "./features/settings/service.js";
import { CaptchaCheck } from "./features/sign-up-protection/captcha.js";
import type { GenerateDeps } from "./features/videos/generate-service.js";
import { VideoVendors, type KeySource } from "./features/videos/video-vendors.js";
import { markVendorModelGone } from "./features/vendor-models/retired.js";
import { notifyModelRetired } from "./features/notifications/outbox.js";
import { DEFAULT_GENERATE_RATE_LIMIT } from "./features/videos/routes.js";
import { DEFAULT_UPLOAD_RATE_LIMIT, imageUploadLimiter, type UploadLimits } from "./features/videos/upload-service.js";
import { DEFAULT_WEBHOOK_SEND_RATE_LIMIT } from "./features/webhooks/routes.js";
import {
  MemoryRateLimitStore,
  RateLimiter,
  rateLimitStoreFor,
  type RateLimitRule,
  type RateLimitStore,
} from "./http/rate-limit.js";
import { DiskBlobStore } from "./integrations/storage/blob-store.js";
import { S3BlobStore } from "./integrations/storage/s3-blob-store.js";
import { UploadStore } from "./integrations/storage/uploads.js";
import { cachedModelHealth } from "./features/videos/model-health.js";
import type { ModelHealth } from "../shared/schemas/model-health.js";
import { DiskVideoStore, S3VideoStore, type VideoStore } from "./integrations/storage/video-store.js";
import { signedUntil, VideoUrlSigner } from "./features/videos/video-files.js";
import { refundedCredits, toAutomationStatus } from "./features/automation/video-status.js";
import type { RenderTaskStatus } from "./features/webhooks/deliveries.js";
import { type WebhookSenderOptions } from "./jobs/webhook-sender.js";
import { internalFileUrl } from "./features/videos/video-deps.js";
import type { VideoArchiverOptions } from "./jobs/video-archiver.js";
import type { VideoJoinerOptions } from "./jobs/video-joiner.js";
import { backgroundJobs, type BackgroundJobs } from "./jobs/background-jobs.js";
import { DEFAULT_ARCHIVER_OPTIONS } from "./jobs/video-archiver.js";
import { InlineVideoKeeper } from "./features/videos/inline-video.js";
import type { NotificationSenderOptions } from "./jobs/notification-sender.js";
import type { MailSenderOptions } from "./jobs/mail-sender.js";
import { mailEnvironmentOf } from "./features/mail/mail-server.js";
import { Mailer } from "./features/mail/outbox.js";
import { unsubscribeKey } from "./features/mail/unsubscribe.js";
import { DEFAULT_WORKER_OPTIONS, type TaskWorkerOptions } from "./jobs/task-worker.js";
import type { UploadSweepOptions } from "./jobs/upload-sweep.js";
import type { SecretBox } from "./lib/secret-box.js";
import { createKieSimulator } from "./simulator/index.js";
import type { ScreeningDeps } from "./features/moderation/screening.js";
import type { FirstFrameDeps } from "./features/first-frames/first-frame-service.js";
import { DEFAULT_FIRST_FRAME_WORKER_OPTIONS, type FirstFrameWorkerOptions } from "./jobs/first-frame-worker.js";

/** Where the simulator is: mounted in this app by default, or elsewhere (tests run it standalone). */
interface SimulatorLocation {
  /** How this process reaches it over HTTP. */
  baseUrl: string;
  /** How browsers reach its files (result URLs carry this). */
  publicBaseUrl: string;
  apiKey: string;
  /** Mounted under /simulator/kie when given. */
  plugin?: FastifyPluginAsync;
}

export const SIMULATOR_PREFIX = "/simulator/kie";

const WEBHOOK_LINK_SECONDS = 3 * 24 * 3600;

/** What buildApp takes: main.ts gives the real ones, tests their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** The database's LISTEN (Database.listen): live updates and their SSE stream need it. */
  listen?: Database["listen"];
  /** New connections to the database (Database.onConnect): the end of an outage (decision 0057). */
  onDatabaseConnect?: Database["onConnect"];
  /** The database pool's use, for /metrics (Database.poolStats). */
  databasePool?: Database["poolStats"];
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
  mail?: Partial<MailSenderOptions>;
  /** Per API token on /api/n8n/*, and API token creations per user. */
  automationRateLimits?: Partial<AutomationRateLimits & { tokenCreation: RateLimitRule }>;
  /** Per-user upload rate limit and quota (defaults: DEFAULT_UPLOAD_RATE_LIMIT, UPLOAD_QUOTA_MB). */
  uploadLimits?: Partial<UploadLimits>;
  uploadSweep?: Partial<UploadSweepOptions>;
  archiver?: Partial<VideoArchiverOptions>;
  /** The joiner of last-frame extensions (decision 0159): tests give it no FFmpeg, or a failing one. */
  joiner?: Partial<VideoJoinerOptions>;
  webhooks?: Partial<WebhookSenderOptions>;
  /** Test events and resends per person (default DEFAULT_WEBHOOK_SEND_RATE_LIMIT). */
  webhookSendRateLimit?: RateLimitRule;
  /** The first-frame worker's options over its defaults (decision 0161). */
  firstFrameWorker?: Partial<FirstFrameWorkerOptions>;
  /** Wraps the configured video store (tests inject failures and pauses through it). */
  wrapVideoStore?: (store: VideoStore) => VideoStore;
}

/** What the app takes from an open database: queries, its LISTEN, and where rate limits count. */
export function databaseDeps(
  database: Database,
): Pick<AppDeps, "db" | "listen" | "onDatabaseConnect" | "databasePool" | "rateLimitStore"> {
  return {
    db: database.db,
    listen: database.listen,
    onDatabaseConnect: database.onConnect,
    databasePool: database.poolStats,
    rateLimitStore: rateLimitStoreFor(database),
  };
}

export interface Services {
  config: Config;
  db: Db;
  secretBox: SecretBox;
  /** Where every rate limit counts. */
  rateLimitStore: RateLimitStore;
  /** The resolved rate limits and quotas of each feature. */
  limits: {
    auth: AuthRateLimits;
    automation: AutomationRateLimits;
    tokenCreation: RateLimitRule;
    /** sweepIntervalMs: how often unused uploads are swept (a refused upload says when it fits). */
    uploads: UploadLimits & { sweepIntervalMs: number };
    webhookSends: RateLimitRule;
  };
  /** One generation budget per user, for the web and the automation API together. */
  generateLimiter: RateLimiter;
  /** How each model is doing (decision 0097), read at most every 30 s. */
  modelHealth: () => Promise<ModelHealth[]>;
  /** The database's change announcements, heard by this process (decisions 0026 and 0031). */
  liveEvents: LiveEvents;
  caches: ReadCaches;
  /** The admin settings through the settings cache, frozen: every reader shares the one object. */
  readSettings(): Promise<Settings>;
  provider: VideoVendors;
  uploads: UploadStore;
  /** Archived videos (decision 0043), and the signer of their URLs. */
  videoStore: VideoStore;
  /** Keeps a video a vendor hands over inline in the video store (decision 0176). */
  inlineVideos: InlineVideoKeeper;
  videoUrls: VideoUrlSigner;
  paypal: PaypalContext;
  /** The plans' providers and their timed work (issue 69). */
  plans: PlanServices;
  /** What a generation needs beyond its input (web and automation alike). */
  generation: GenerateDeps;
  /** Prompt screening (decision 0089), which every generation goes through. */
  screening: ScreeningDeps;
  /** A first frame made from text (decision 0161). */
  firstFrames: FirstFrameDeps;
  /** Result files of the simulator are fetched from its internal address, not the public one. */
  simulatorFiles: { publicBaseUrl: string; baseUrl: string };
  /** Origins provider files may be fetched from though not on the public internet: our simulator, and a KIE_BASE_URL the operator chose. */
  trustedFileOrigins: readonly string[];
  /** The built-in simulator's routes, when this process serves it. */
  simulatorPlugin?: FastifyPluginAsync;
  jobs: BackgroundJobs;
  /** Writes mail into the outbox (decision 0085); the mail sender job sends it. */
  mailer: Mailer;
  /** The unsubscribe links' key (features/mail/unsubscribe.ts). */
  unsubscribeKey: string;
  /** Cloudflare Turnstile on sign-up, reset and sign-in after failures, while the admin has it on (decision 0091). */
  captcha: CaptchaCheck;
  /** Stops the jobs and the built-in simulator. */
  close(): Promise<void>;
}

/** This process, as seen from itself. */
function loopbackBaseUrl(config: Config): string {
  const host = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

function builtInSimulator(
  config: Config,
  secretBox: SecretBox,
  readSettings: () => Promise<Settings>,
): SimulatorLocation & { close(): void } {
  const publicBaseUrl = `${config.publicUrl}${SIMULATOR_PREFIX}`;
  const apiKey = secretBox.derive("kie-simulator");
  const simulator = createKieSimulator({
    publicBaseUrl,
    apiKey,
    delayMs: config.simulator.delayMs,
    hdDelayMs: config.simulator.hdDelayMs,
    linkTtlMs: config.simulator.linkTtlMs,
    uploadDir: path.join(config.dataDir, "simulator-uploads"),
    // Signed like KIE's once the admin sets its webhook key, so the demo shows that path too.
    webhookHmacKey: async () => (await readSettings()).kieWebhookHmacKey,
  });
  return {
    baseUrl: `${loopbackBaseUrl(config)}${SIMULATOR_PREFIX}`,
    publicBaseUrl,
    apiKey,
    plugin: simulator.plugin,
    close: () => simulator.close(),
  };
}

export function buildServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const { config, db, secretBox } = deps;
  const rateLimitStore = deps.rateLimitStore ?? new MemoryRateLimitStore();
  const liveEvents = new LiveEvents((payload) => db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`));
  const caches = createReadCaches(liveEvents);
  const readVendorModelsCached = async () =>
    (await caches.vendorModels.get(SETTINGS_GROUP, () => readVendorModelTable(db)))!;
  const readSettingsCached = () =>
    caches.settings.get(SETTINGS_GROUP, async () =>
      Object.freeze(await readSettingsFromDatabase(db, secretBox)),
    ) as Promise<Settings>;

  let simulator = deps.simulator;
  let closeSimulator = () => {};
  if (!simulator) {
    const builtIn = builtInSimulator(config, secretBox, readSettingsCached);
    simulator = builtIn;
    closeSimulator = () => builtIn.close();
  }
  const provider = new VideoVendors({
    db,
    secretBox,
    config,
    simulator,
    readSettings: readSettingsCached,
    accountsCache: caches.vendorAccounts,
    readVendorModels: readVendorModelsCached,
  });
  const uploads = new UploadStore(
    config.s3 ? new S3BlobStore(config.s3) : new DiskBlobStore(path.join(config.dataDir, "uploads")),
    config.publicUrl,
  );
  const defaultVideoStore = config.s3
    ? new S3VideoStore(config.s3, path.join(config.dataDir, "video-copies"))
    : new DiskVideoStore(path.join(config.dataDir, "videos"));
  const videoStore = deps.wrapVideoStore ? deps.wrapVideoStore(defaultVideoStore) : defaultVideoStore;
  // The archiver's size limit and frame-taking hold for a video handed over inline too (decision 0176).
  const archiverLimits = { ...DEFAULT_ARCHIVER_OPTIONS, ...deps.archiver };
  const inlineVideos = new InlineVideoKeeper(
    { db, videoStore, log },
    {
      maxBytes: archiverLimits.maxBytes,
      ffmpegPath: archiverLimits.ffmpegPath,
      frameTimeoutMs: archiverLimits.frameTimeoutMs,
    },
  );
  const simulatorFiles = { publicBaseUrl: simulator.publicBaseUrl, baseUrl: simulator.baseUrl };
  const trustedFileOrigins = [simulator.baseUrl, simulator.publicBaseUrl, config.kie.baseUrl].map(
    (url) => new URL(url).origin,
  );
  const mailUnsubscribeKey = unsubscribeKey(secretBox);
  const mailer = new Mailer({
    publicUrl: config.publicUrl,
    unsubscribeKey: mailUnsubscribeKey,
    // Called only after start-up, when the jobs exist: the mail sender sends now, not at its next tick.
    onQueued: () => jobs.mailSender.wake(),
  });
  const paypal = createPaypalContext({ db, config, secretBox, mailer });
  const plans = planServices({ db, config, secretBox, mailer });
  const worker = { ...DEFAULT_WORKER_OPTIONS, taskTimeoutMs: config.taskTimeoutMs, ...deps.worker };
  const videoUrls = new VideoUrlSigner(secretBox.derive("video-urls"));
  // A webhook's body is fixed when its event is fanned out and retried for about 27 hours: its links outlive that.
  const renderTaskStatus: RenderTaskStatus = async (reader, task) =>
    toAutomationStatus(task, task.status === "failed" ? await refundedCredits(reader, task.id) : 0, (url) =>
      videoUrls.sign(url, config.publicUrl, signedUntil(WEBHOOK_LINK_SECONDS)),
    );
  const callbackBaseUrl = deps.callbackBaseUrl ?? loopbackBaseUrl(config);
  /** Where KIE's callbacks go for a key's source: the simulator reaches this process; KIE only a public URL. */
  const callbackUrlFor = (source: KeySource) =>
    source === "simulator"
      ? `${callbackBaseUrl}/api/callbacks/kie`
      : config.publicUrlExplicit
        ? `${config.publicUrl}/api/callbacks/kie`
        : undefined;
  const authLimits: AuthRateLimits = {
    ...DEFAULT_AUTH_RATE_LIMITS,
    registerPerIp: { ...DEFAULT_AUTH_RATE_LIMITS.registerPerIp, max: config.registerLimitPerIp },
    loginPerIp: { ...DEFAULT_AUTH_RATE_LIMITS.loginPerIp, max: config.loginLimitPerIp },
    ...deps.rateLimits,
  };
  const jobs = backgroundJobs(
    {
      db,
      passwordResetPerAccount: resetLinksPerAccountLimiter(authLimits.passwordResetPerAccount, rateLimitStore),
      secretBox,
      provider,
      callbackUrlFor,
      uploads,
      paypal: () => paypalConnection(paypal),
      videoStore,
      inlineVideos,
      fetchUrlFor: (url) => internalFileUrl({ simulatorFiles }, url),
      uploadQuotaBytes: deps.uploadLimits?.quotaBytes ?? config.uploadQuotaBytes,
      trustedOrigins: trustedFileOrigins,
      renderTaskStatus,
      mailEnvironment: mailEnvironmentOf(config),
      mailer,
      applyDueChanges: (now, jobLog) => plans.applyDueChanges(now, jobLog),
      log,
    },
    {
      taskWorker: worker,
      notificationSender: { telegramBaseUrl: config.telegramBaseUrl, ...deps.notifications },
      mailSender: deps.mail,
      uploadSweep: deps.uploadSweep,
      videoArchiver: deps.archiver,
      videoJoiner: deps.joiner,
      webhookSender: { allowLocal: config.webhooksAllowLocal, ...deps.webhooks },
      firstFrameWorker: deps.firstFrameWorker,
    },
  );
  // The triggers that write webhook events announce them: deliver now rather than at the next scan.
  liveEvents.onWebhookEvents(() => jobs.webhookSender.wake());

  const screening: ScreeningDeps = {
    db,
    readSettings: readSettingsCached,
    config,
    simulatedVideos: () => provider.isSimulated(),
    simulator: { baseUrl: simulator.baseUrl, apiKey: simulator.apiKey },
    log,
  };
  const generation: GenerateDeps = {
    db,
    provider,
    uploads,
    firstCheckMs: worker.pollScheduleMs[0] ?? 3_000,
    wake: () => jobs.taskWorker.wake(),
    mailer,
    callbackUrlFor,
    log,
    screening,
    readSettings: readSettingsCached,
    linkedImages: {
      allowLocal: config.imageUrlsAllowLocal,
      // Each linked image counts as one of the person's uploads (decision 0134).
      uploadLimiter: imageUploadLimiter(deps.uploadLimits?.perUser ?? DEFAULT_UPLOAD_RATE_LIMIT, rateLimitStore),
    },
    retireVendorModel: async (gone) => {
      if (!(await markVendorModelGone(db, gone, notifyModelRetired))) return;
      // This process skips it from the next video on; the others when the change is announced.
      caches.vendorModels.delete(SETTINGS_GROUP);
      caches.settings.delete(SETTINGS_GROUP);
      log.warn({ ...gone }, "vendor no longer knows a model id; its mapping is marked gone");
    },
  };

  const generateLimiter = new RateLimiter(
    "generate",
    deps.generateRateLimit ?? DEFAULT_GENERATE_RATE_LIMIT,
    rateLimitStore,
  );
  const firstFrames: FirstFrameDeps = {
    db,
    provider,
    uploads,
    mailer,
    screening,
    readSettings: readSettingsCached,
    // Counted in the person's one generation budget, with their videos.
    limiter: generateLimiter,
    firstCheckMs:
      (deps.firstFrameWorker?.pollScheduleMs ?? DEFAULT_FIRST_FRAME_WORKER_OPTIONS.pollScheduleMs)[0] ?? 2_000,
    wake: () => jobs.firstFrameWorker.wake(),
    log,
  };

  const { tokenCreation, ...automation } = deps.automationRateLimits ?? {};
  const limits: Services["limits"] = {
    auth: authLimits,
    automation: { ...DEFAULT_AUTOMATION_RATE_LIMITS, ...automation },
    tokenCreation: tokenCreation ?? DEFAULT_TOKEN_CREATION_RATE_LIMIT,
    uploads: {
      perUser: DEFAULT_UPLOAD_RATE_LIMIT,
      quotaBytes: config.uploadQuotaBytes,
      ...deps.uploadLimits,
      sweepIntervalMs: jobs.uploadSweep.opts.intervalMs,
    },
    webhookSends: deps.webhookSendRateLimit ?? DEFAULT_WEBHOOK_SEND_RATE_LIMIT,
  };

  return {
    config,
    db,
    secretBox,
    rateLimitStore,
    limits,
    generateLimiter,
    modelHealth: cachedModelHealth(db),
    liveEvents,
    caches,
    readSettings: readSettingsCached,
    provider,
    uploads,
    videoStore,
    inlineVideos,
    videoUrls,
    paypal,
    plans,
    generation,
    screening,
    firstFrames,
    simulatorFiles,
    trustedFileOrigins,
    simulatorPlugin: simulator.plugin,
    jobs,
    mailer,
    unsubscribeKey: mailUnsubscribeKey,
    captcha: new CaptchaCheck({ readSettings: readSettingsCached, turnstile: config.turnstile, log }),
    close: async () => {
      await jobs.stop();
      closeSimulator();
    },
  };
}

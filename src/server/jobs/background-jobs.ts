/**
 * Every background job of the process, built in one place (app.ts hands in what they need) and
 * started in one place (main.ts, when BACKGROUND_WORKERS is on; tests drive them by hand):
 * the task worker, the video archiver and retention sweep, the Telegram outbox, the webhook outbox, the PayPal re-check,
 * the two image sweeps and the sweep of expired Idempotency-Keys.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Logger } from "pino";
import type { Db } from "../db/connect.js";
import type { VideoProvider } from "../features/videos/provider.js";
import type { PaypalClient } from "../integrations/paypal/client.js";
import type { UploadStore } from "../integrations/storage/uploads.js";
import type { SecretBox } from "../lib/secret-box.js";
import { IdempotencyKeySweep } from "./idempotency-key-sweep.js";
import { NotificationSender, type NotificationSenderOptions } from "./notification-sender.js";
import { PaypalRecheck, type PaypalRecheckOptions } from "./paypal-recheck.js";
import type { JobState } from "./job-loop.js";
import { TaskWorker, type TaskWorkerOptions } from "./task-worker.js";
import { TemporaryImageSweep, type TemporaryImageSweepOptions } from "./temporary-image-sweep.js";
import { UploadSweep, type UploadSweepOptions } from "./upload-sweep.js";
import { VideoArchiver, type VideoArchiverDeps, type VideoArchiverOptions } from "./video-archiver.js";
import { VideoRetention, type VideoRetentionOptions } from "./video-retention.js";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookSender, type WebhookSenderOptions } from "./webhook-sender.js";
import type { RenderTaskStatus } from "../features/webhooks/deliveries.js";
import type { ProviderKey } from "../features/videos/provider.js";

export interface BackgroundJobDeps {
  db: Db;
  /** Where KIE's callbacks (the 4K one here) go for a key's source. */
  callbackUrlFor: (source: ProviderKey["source"]) => string | undefined;
  secretBox: SecretBox;
  provider: VideoProvider;
  uploads: UploadStore;
  /** The PayPal client with the current credentials, or undefined when PayPal has none. */
  paypal: () => Promise<PaypalClient | undefined>;
  log: FastifyBaseLogger;
  /** The task worker's logger (pino), when given. */
  workerLogger?: Logger;
  archive: Omit<VideoArchiverDeps, "db" | "log">;
  /** How a webhook shows a task (the automation API's view, links signed). */
  renderTaskStatus: RenderTaskStatus;
}

export interface BackgroundJobOptions {
  worker: TaskWorkerOptions;
  notifications: NotificationSenderOptions;
  paypalRecheck?: Partial<PaypalRecheckOptions>;
  temporaryImageSweep?: Partial<TemporaryImageSweepOptions>;
  uploadSweep?: Partial<UploadSweepOptions>;
  archiver?: Partial<VideoArchiverOptions>;
  retention?: Partial<VideoRetentionOptions>;
  webhooks: Partial<WebhookSenderOptions> & Pick<WebhookSenderOptions, "allowLocal">;
}

export class BackgroundJobs {
  readonly taskWorker: TaskWorker;
  readonly notificationSender: NotificationSender;
  readonly paypalRecheck: PaypalRecheck;
  readonly temporaryImageSweep: TemporaryImageSweep;
  readonly uploadSweep: UploadSweep;
  readonly videoArchiver: VideoArchiver;
  readonly videoRetention: VideoRetention;
  readonly idempotencyKeySweep: IdempotencyKeySweep;
  readonly webhookSender: WebhookSender;

  constructor(deps: BackgroundJobDeps, opts: BackgroundJobOptions) {
    const { db, log } = deps;
    this.taskWorker = new TaskWorker(db, deps.provider, opts.worker, deps.workerLogger, deps.callbackUrlFor);
    this.notificationSender = new NotificationSender(db, deps.secretBox, opts.notifications, log.child({ job: "notifications" }));
    this.paypalRecheck = new PaypalRecheck(db, deps.paypal, opts.paypalRecheck, log.child({ job: "paypal-recheck" }));
    this.temporaryImageSweep = new TemporaryImageSweep(deps.uploads, opts.temporaryImageSweep ?? {}, log.child({ job: "temporary-image-sweep" }));
    this.uploadSweep = new UploadSweep(db, deps.uploads, opts.uploadSweep ?? {}, log.child({ job: "upload-sweep" }));
    this.videoArchiver = new VideoArchiver({ db, ...deps.archive, log: log.child({ job: "video-archiver" }) }, opts.archiver);
    this.idempotencyKeySweep = new IdempotencyKeySweep(db, log.child({ job: "idempotency-key-sweep" }));
    this.webhookSender = new WebhookSender(
      db,
      deps.secretBox,
      deps.renderTaskStatus,
      { ...DEFAULT_WEBHOOK_OPTIONS, ...opts.webhooks },
      log.child({ job: "webhook-sender" }),
    );
    this.videoRetention = new VideoRetention(db, deps.archive.store, opts.retention ?? {}, log.child({ job: "video-retention" }));
  }

  private get named() {
    return {
      taskWorker: this.taskWorker,
      videoArchiver: this.videoArchiver,
      videoRetention: this.videoRetention,
      notificationSender: this.notificationSender,
      webhookSender: this.webhookSender,
      paypalRecheck: this.paypalRecheck,
      temporaryImageSweep: this.temporaryImageSweep,
      uploadSweep: this.uploadSweep,
      idempotencyKeySweep: this.idempotencyKeySweep,
    };
  }

  private get all() {
    return Object.values(this.named);
  }

  /** Each job's state (/healthz): "off" when the process runs none (BACKGROUND_WORKERS=false). */
  states(): Record<string, JobState> {
    return Object.fromEntries(Object.entries(this.named).map(([name, job]) => [name, job.loop.state]));
  }

  start(): void {
    for (const job of this.all) job.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((job) => job.stop()));
  }
}

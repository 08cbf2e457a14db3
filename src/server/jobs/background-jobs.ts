/**
 * Every background job of the process, built in one place (services.ts hands in what they need) and
 * started in one place (main.ts, when BACKGROUND_WORKERS is on; tests drive them by hand):
 * the task worker, the video archiver, the joiner of extensions (decision 0159) and retention sweep, the Telegram outbox, the mail outbox, the queued password resets, the webhook outbox, the PayPal re-check,
 * the two image sweeps, the sweep of expired Idempotency-Keys, the discount codes of unpaid purchases given back, the credits' expiry, the wrong codes' sweep, the referral rewards' release and the model health watch. Each is defined through defineJob
 * (decision 0067) and built as `new Job(deps, options)`: every job takes the part of `deps` it declares.
 */
import { CodeSweep } from "./code-sweep.js";
import { CreditExpiry } from "./credit-expiry.js";
import { DiscountReservationSweep } from "./discount-reservation-sweep.js";
import { FirstFrameWorker } from "./first-frame-worker.js";
import { PlanPeriods } from "./plan-periods.js";
import { ReferralRewards } from "./referral-rewards.js";
import type { JobControl } from "./define-job.js";
import { IdempotencyKeySweep } from "./idempotency-key-sweep.js";
import { MailSender } from "./mail-sender.js";
import { ModelWatch } from "./model-watch.js";
import { VendorModelCheck } from "./vendor-model-check.js";
import type { JobState } from "./job-loop.js";
import { NotificationSender } from "./notification-sender.js";
import { PasswordResetRequests } from "./password-reset-requests.js";
import { PaypalRecheck } from "./paypal-recheck.js";
import { TaskWorker } from "./task-worker.js";
import { TemporaryImageSweep } from "./temporary-image-sweep.js";
import { UploadSweep } from "./upload-sweep.js";
import { VideoArchiver } from "./video-archiver.js";
import { VideoJoiner } from "./video-joiner.js";
import { VideoRetention } from "./video-retention.js";
import { WebhookSender } from "./webhook-sender.js";

type DepsOf<Job extends abstract new (deps: never, options?: never) => unknown> = ConstructorParameters<Job>[0];
type OptionsOf<Job extends abstract new (deps: never, options?: never) => unknown> = ConstructorParameters<Job>[1];

/** What the jobs need, all together (each job's own deps type says which part it uses). */
export type BackgroundJobDeps = DepsOf<typeof TaskWorker> &
  DepsOf<typeof NotificationSender> &
  DepsOf<typeof MailSender> &
  DepsOf<typeof PasswordResetRequests> &
  DepsOf<typeof PaypalRecheck> &
  DepsOf<typeof TemporaryImageSweep> &
  DepsOf<typeof UploadSweep> &
  DepsOf<typeof VideoArchiver> &
  DepsOf<typeof VideoJoiner> &
  DepsOf<typeof VideoRetention> &
  DepsOf<typeof IdempotencyKeySweep> &
  DepsOf<typeof DiscountReservationSweep> &
  DepsOf<typeof CreditExpiry> &
  DepsOf<typeof CodeSweep> &
  DepsOf<typeof PlanPeriods> &
  DepsOf<typeof ReferralRewards> &
  DepsOf<typeof WebhookSender> &
  DepsOf<typeof ModelWatch> &
  DepsOf<typeof VendorModelCheck> &
  DepsOf<typeof FirstFrameWorker>;

/** Each job's options over its defaults, by the job's name in /healthz. */
export interface BackgroundJobOptions {
  taskWorker?: OptionsOf<typeof TaskWorker>;
  notificationSender?: OptionsOf<typeof NotificationSender>;
  mailSender?: OptionsOf<typeof MailSender>;
  passwordResetRequests?: OptionsOf<typeof PasswordResetRequests>;
  paypalRecheck?: OptionsOf<typeof PaypalRecheck>;
  temporaryImageSweep?: OptionsOf<typeof TemporaryImageSweep>;
  uploadSweep?: OptionsOf<typeof UploadSweep>;
  videoArchiver?: OptionsOf<typeof VideoArchiver>;
  videoJoiner?: OptionsOf<typeof VideoJoiner>;
  videoRetention?: OptionsOf<typeof VideoRetention>;
  idempotencyKeySweep?: OptionsOf<typeof IdempotencyKeySweep>;
  discountReservationSweep?: OptionsOf<typeof DiscountReservationSweep>;
  creditExpiry?: OptionsOf<typeof CreditExpiry>;
  codeSweep?: OptionsOf<typeof CodeSweep>;
  planPeriods?: OptionsOf<typeof PlanPeriods>;
  referralRewards?: OptionsOf<typeof ReferralRewards>;
  webhookSender?: OptionsOf<typeof WebhookSender>;
  modelWatch?: OptionsOf<typeof ModelWatch>;
  vendorModelCheck?: OptionsOf<typeof VendorModelCheck>;
  firstFrameWorker?: OptionsOf<typeof FirstFrameWorker>;
}

export function backgroundJobs(deps: BackgroundJobDeps, options: BackgroundJobOptions = {}) {
  const jobs = {
    taskWorker: new TaskWorker(deps, options.taskWorker),
    videoArchiver: new VideoArchiver(deps, options.videoArchiver),
    videoJoiner: new VideoJoiner(deps, options.videoJoiner),
    videoRetention: new VideoRetention(deps, options.videoRetention),
    notificationSender: new NotificationSender(deps, options.notificationSender),
    mailSender: new MailSender(deps, options.mailSender),
    passwordResetRequests: new PasswordResetRequests(deps, options.passwordResetRequests),
    webhookSender: new WebhookSender(deps, options.webhookSender),
    paypalRecheck: new PaypalRecheck(deps, options.paypalRecheck),
    temporaryImageSweep: new TemporaryImageSweep(deps, options.temporaryImageSweep),
    uploadSweep: new UploadSweep(deps, options.uploadSweep),
    idempotencyKeySweep: new IdempotencyKeySweep(deps, options.idempotencyKeySweep),
    discountReservationSweep: new DiscountReservationSweep(deps, options.discountReservationSweep),
    creditExpiry: new CreditExpiry(deps, options.creditExpiry),
    codeSweep: new CodeSweep(deps, options.codeSweep),
    planPeriods: new PlanPeriods(deps, options.planPeriods),
    referralRewards: new ReferralRewards(deps, options.referralRewards),
    modelWatch: new ModelWatch(deps, options.modelWatch),
    vendorModelCheck: new VendorModelCheck(deps, options.vendorModelCheck),
    firstFrameWorker: new FirstFrameWorker(deps, options.firstFrameWorker),
  } satisfies Record<keyof BackgroundJobOptions, JobControl>;
  const all: JobControl[] = Object.values(jobs);
  return {
    ...jobs,
    /** Each job's state (/healthz): "off" when the process runs none (BACKGROUND_WORKERS=false). */
    states: (): Record<string, JobState> =>
      Object.fromEntries(Object.entries(jobs).map(([name, job]) => [name, job.state])),
    start: (): void => all.forEach((job) => job.start()),
    stop: async (): Promise<void> => {
      await Promise.all(all.map((job) => job.stop()));
    },
  };
}

export type BackgroundJobs = ReturnType<typeof backgroundJobs>;

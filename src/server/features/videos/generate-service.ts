/**
 * Making a video: take the credits (guarded), record the task and its usage row in one database
 * statement, then submit to the provider, failing over between keys. If no key takes it, the
 * task is failed and refunded at once and the caller is told why. Our own uploads among the
 * images are marked used in the same transaction, so the sweep keeps them (decision 0034).
 * Before any of it, and before the prompt is screened or a linked image fetched, a person who
 * could not be charged is refused by a cheap read (decision 0134).
 */
import { paymentHoldError } from "../payments/payment-hold.js";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import { VendorError } from "../../integrations/video/errors.js";
import type { VideoJob } from "../../integrations/video/port.js";
import { forCustomers } from "./customer-wording.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { GenerateVideoInput, GenerateVideoResult } from "../../../shared/schemas/videos.js";
import type { ModelId } from "../../../shared/catalogue.js";
import {
  type FailureKind,
  insufficientCreditsMessage,
  isContentRefusal,
  modelLabel,
  TASK_FAILURES,
} from "../../../shared/videos.js";
import { NOT_ON_HOLD, spendOnVideo, type VideoReservation } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import type { KeySource, VideoVendors } from "./video-vendors.js";
import { failTask, type TaskRow } from "./task-state.js";
import { markUploadsUsed, ownUploadNames } from "./upload-service.js";
import { countLinkedImages, discardImages, keepLinkedImages, type LinkedImageOptions } from "./linked-images.js";
import { claimInFlightSlot, inFlightRefusal } from "./in-flight.js";
import { assertModelOffered } from "./model-offer.js";
import type { Settings } from "../settings/service.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { screenRequest, type ScreeningDeps } from "../moderation/screening.js";
import { quoteNow, type Quote, type QuotedVideo } from "./quote.js";

export interface GenerateDeps {
  db: Db;
  provider: VideoVendors;
  uploads: UploadStore;
  /** Callback URL for a key's source, when the provider can reach us. */
  callbackUrlFor(source: KeySource): string | undefined;
  /** A vendor said it no longer knows this model: take it off sale (model-offer.ts). */
  retireModel?(model: ModelId, message: string): Promise<void>;
  /** First status check after submission. */
  firstCheckMs: number;
  /** Tell the background worker there is new work. */
  wake(): void;
  /** The low-balance notice a spend may write (decision 0086). */
  mailer: Mailer;
  /** Prompt screening (decision 0089): every prompt and watermark, before anything is reserved. */
  screening: ScreeningDeps;
  /** The admin's settings (cached): which models are offered now. */
  readSettings(): Promise<Settings>;
  /** How linked reference images are fetched (decision 0094) and counted (decision 0134). */
  linkedImages: LinkedImageOptions;
  log?: Pick<FastifyBaseLogger, "warn">;
}

/**
 * How a video is asked for (decision 0139): the website's form, the automation API, or an
 * extension of a finished video (decision 0050), made with the key that made it, through KIE's
 * extend. Its price is quoted for this channel (quote.ts).
 */
export type GenerateChannel = { channel: "web" | "api" } | { channel: "extend"; extend: TaskRow };

/** Where a video's task and usage rows say it came from: an extension is asked for on the website. */
const viaOf = (channel: GenerateChannel["channel"]): "web" | "api" => (channel === "api" ? "api" : "web");

/** Placeholder task id until the provider answers; a task stuck with it was interrupted. */
export const UNSUBMITTED_PREFIX = "unsubmitted_";

export async function generateVideo(
  deps: GenerateDeps,
  userId: string,
  input: GenerateVideoInput,
  opts: GenerateChannel & {
    linkTask?: LinkTask;
    callbackUrl?: string;
    /** Temporary uploads made for this request (the API's base64 images): removed if it is refused before anything is recorded. */
    temporaryImages?: readonly string[];
  },
): Promise<GenerateVideoResult> {
  const { db } = deps;
  const extend = opts.channel === "extend" ? opts.extend : undefined;
  const made = [...(opts.temporaryImages ?? [])];
  let reservation: VideoReservation;
  let reserved: { id: string; remaining: number };
  try {
    // The price is ours to work out, from what is asked and how (decision 0139).
    const price = await quoteNow(deps, { channel: opts.channel, video: input });
    // Nothing is screened (a paid call), fetched or decoded for someone the charge would refuse (decision 0134).
    await refuseUnchargeable(deps, userId, input.model, price.total);
    // Each linked image is one of the person's image uploads, counted before any is fetched (decision 0134).
    await countLinkedImages(deps.uploads, userId, input.imageUrls, deps.linkedImages);
    // Refused here, nothing is charged and nothing reaches a provider (decision 0089).
    await screenRequest(deps.screening, {
      userId,
      source: viaOf(opts.channel),
      prompt: input.prompt,
      watermark: input.watermark,
    });
    // Linked images are fetched, checked by their bytes and stored before anything is charged (decision 0094).
    const images = await keepLinkedImages(deps.uploads, input.imageUrls, deps.linkedImages);
    made.push(...images.stored);
    reservation = reservationFor(userId, input, images.urls, { ...opts, extend, price });
    reserved = await reserve(deps, reservation, { userId, model: input.model, linkTask: opts.linkTask });
  } catch (err) {
    // Nothing was recorded: no task will ever show the copies made for this request.
    await discardImages(deps.uploads, made);
    throw err;
  }
  const uhd = reservation.uhd;
  const cost = reservation.cost;

  let lastError: VendorError | undefined;
  const options = {
    durationSeconds: input.durationSeconds,
    resolution: input.resolution,
    aspectRatio: input.aspectRatio,
    audio: input.audio,
  };
  const job: VideoJob = {
    model: input.model,
    mode: input.mode,
    prompt: input.prompt,
    images: reservation.task.imageUrls.map((url) => ({ url, read: () => deps.uploads.readByUrl(url) })),
    ...options,
    seed: input.seeds,
    watermark: input.watermark,
  };
  // An extension continues a task its vendor knows under one account: only that key can extend it.
  const groups = extend
    ? [[await deps.provider.keyOf(extend)]]
    : await deps.provider.candidatesFor(input.model, options);
  vendors: for (const group of groups) {
    for (const key of group) {
      try {
        const callBackUrl = deps.callbackUrlFor(key.source);
        const made = extend
          ? await key.maker.extend!({
              vendorTaskId: extend.taskId,
              model: input.model,
              prompt: input.prompt,
              seed: input.seeds,
              watermark: input.watermark,
              callBackUrl,
            })
          : { ...(await key.maker.submit({ ...job, callBackUrl })), surface: key.maker.surface };
        const taskId = made.vendorTaskId;
        // The task and its usage row learn the vendor's id together, in one statement. Only a task
        // still unsubmitted and unrefunded learns it: past the grace the worker has failed and
        // refunded it, and bringing it back would deliver a video whose credits were given back.
        const learned = rowsOf<{ id: string }>(
          await db.execute(sql`
            with task as (
              update video_tasks set task_id = ${taskId}, status = 'generating', provider_source = ${key.source}, provider_surface = ${made.surface},
                vendor = ${key.vendor}, vendor_model = ${key.maker.vendorModel(job)},
                kie_api_id = ${key.kieApiId ?? null}::uuid, next_check_at = ${new Date(Date.now() + deps.firstCheckMs).toISOString()}::timestamptz
              where id = ${reserved.id} and task_id = ${reservation.task.taskId} and status in ('generating', 'pending') and not refunded
              returning id
            ), usage as (
              update transactions set kie_task_id = ${taskId} where video_task_id in (select id from task)
            )
            select id from task`),
        );
        if (key.kieApiId) await deps.provider.recordAccountUse(key.kieApiId, input.model, options);
        if (learned.length === 0) {
          // No vendor offers a way to cancel a task (kie-2026.md, video-vendors-2026.md), so it may
          // still make this video: the log names it for an operator; the person keeps the refund.
          deps.log?.warn(
            {
              videoTaskId: reserved.id,
              providerTaskId: taskId,
              vendor: key.vendor,
              source: key.source,
              kieApiId: key.kieApiId,
            },
            "provider accepted a video after its task was failed and refunded; left failed",
          );
          throw refusal(undefined, cost + (uhd?.cost ?? 0), input.model).error;
        }
        deps.wake();
        return { taskId, creditsUsed: cost + (uhd?.cost ?? 0), remainingCredits: reserved.remaining };
      } catch (err) {
        if (!(err instanceof VendorError)) {
          // (A task accepted too late is failed already: this finds nothing to do.)
          await failTask(db, reserved.id, TASK_FAILURES.notSubmitted, null, null);
          throw err;
        }
        lastError = err;
        if (key.kieApiId && (err.kind === "insufficient_credits" || err.kind === "unauthorized")) {
          await deps.provider.markAccount(key.kieApiId, err.kind);
        }
        if (err.kind === "model_retired") await deps.retireModel?.(input.model, err.message);
        // Key problems move on to the vendor's next key; a vendor that is down (or whose keys are
        // all refused) to the next vendor. A refusal would repeat anywhere, and after a timeout
        // the vendor may have taken the video: a second try could make it twice.
        if (err.tryAnotherKey) continue;
        if (err.tryAnotherVendor) continue vendors;
        break vendors;
      }
    }
  }

  // failTask gives back the video's credits and a 4K upgrade's together. No mail: this request's
  // answer tells the person (decision 0086).
  const refused = refusal(lastError, cost + (uhd?.cost ?? 0), input.model);
  await failTask(db, reserved.id, refused.reason, refused.kind ?? null, null);
  throw refused.error;
}

class NotReserved extends Error {}

const ACCOUNT_DISABLED = "This account has been disabled.";

function tooFewCredits(required: number, model: ModelId, balance: number): AppError {
  return new AppError("insufficient_credits", insufficientCreditsMessage(required, model, balance), {
    params: { required, balance, model: modelLabel(model) },
  });
}

/**
 * The refusal the charge of `request` would give if it were made now (refuseUnchargeable), its
 * price quoted for its channel. The API asks it before decoding a base64 image (decision 0134).
 */
export async function refuseEarly(
  deps: Pick<GenerateDeps, "db" | "readSettings">,
  userId: string,
  request: { channel: GenerateChannel["channel"]; video: QuotedVideo },
): Promise<void> {
  const price = await quoteNow(deps, request);
  await refuseUnchargeable(deps, userId, request.video.model, price.total);
}

/**
 * A model not offered, then the refusal the charge would give if it were made now, read without
 * locks (decision 0134): the in-flight limit, a disabled account, a payment hold, too few credits
 * for `required`, in the order `reserve` meets them. Two reads; the charging transaction checks
 * everything again. generateVideo asks it first.
 */
async function refuseUnchargeable(
  deps: Pick<GenerateDeps, "db" | "readSettings">,
  userId: string,
  model: ModelId,
  required: number,
): Promise<void> {
  const { db } = deps;
  assertModelOffered(await deps.readSettings(), model);
  const busy = await inFlightRefusal(db, userId);
  if (busy) throw busy;
  const [user] = await db
    .select({ credits: users.credits, isActive: users.isActive, held: sql<boolean>`not (${NOT_ON_HOLD})` })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) throw new AppError("forbidden", ACCOUNT_DISABLED);
  const hold = user.held ? await paymentHoldError(db, userId) : undefined;
  if (hold) throw hold;
  if (user.credits < required) throw tooFewCredits(required, model, user.credits);
}

/** The charge and the task row to record, in the ledger's shape; `imageUrls` are the images as kept. */
function reservationFor(
  userId: string,
  input: GenerateVideoInput,
  imageUrls: string[],
  opts: { channel: GenerateChannel["channel"]; price: Quote; callbackUrl?: string; extend?: TaskRow },
): VideoReservation {
  const label = modelLabel(input.model);
  const via = opts.channel === "api" ? ", API" : "";
  return {
    userId,
    cost: opts.price.credits,
    uhd: input.upgrade4k ? { cost: opts.price.uhd, description: `4K upgrade (${label}${via})` } : undefined,
    description: `${opts.extend ? "Video extension" : "Video generation"} (${label}${via})`,
    task: {
      taskId: `${UNSUBMITTED_PREFIX}${crypto.randomUUID()}`,
      prompt: input.prompt,
      imageUrls,
      model: input.model,
      mode: input.mode,
      aspectRatio: input.aspectRatio,
      watermark: input.watermark ?? null,
      seeds: input.seeds ?? null,
      enableFallback: input.enableFallback,
      createdVia: viaOf(opts.channel),
      callbackUrl: opts.callbackUrl ?? null,
      extendedFrom: opts.extend?.taskId ?? null,
      keepExtendable: input.keepExtendable,
      durationSeconds: input.durationSeconds,
      resolution: input.resolution,
      audio: input.audio,
      // If this process dies before the provider answers, the worker fails and refunds it then.
      nextCheckAt: new Date(Date.now() + 2 * 60_000),
    },
  };
}

/**
 * The charge and the task row in one transaction, with our own uploads marked used and the
 * in-flight slot claimed; when the spend is refused, the reason (disabled, on hold, too few credits).
 */
async function reserve(
  deps: GenerateDeps,
  reservation: VideoReservation,
  opts: { userId: string; model: GenerateVideoInput["model"]; linkTask?: LinkTask },
): Promise<{ id: string; remaining: number }> {
  const { db } = deps;
  const { userId } = opts;
  const uploadNames = ownUploadNames(deps.uploads, reservation.task.imageUrls ?? []);
  const reserved = await db
    .transaction(async (tx) => {
      if (uploadNames.length > 0) await markUploadsUsed(tx, deps.uploads, uploadNames);
      // At most N videos in flight per person (decision 0093): checked with their row locked, before the charge.
      await claimInFlightSlot(tx, userId);
      // The charge, and the low-balance notice when it crosses the line (decision 0086).
      const spent = await spendOnVideo(tx, reservation, deps.mailer);
      // Not spent: undo the marks too (the caller is told why below).
      if (!spent) throw new NotReserved();
      // An Idempotency-Key learns its video with the charge (decision 0046).
      await opts.linkTask?.(tx, spent.id);
      return spent;
    })
    .catch((err: unknown) => {
      if (err instanceof NotReserved) return undefined;
      throw err;
    });
  if (reserved) return reserved;

  const [user] = await db
    .select({ credits: users.credits, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) throw new AppError("forbidden", ACCOUNT_DISABLED);
  const hold = await paymentHoldError(db, userId);
  if (hold) throw hold;
  throw tooFewCredits(reservation.cost + (reservation.uhd?.cost ?? 0), opts.model, user.credits);
}

/** Why an extension was refused (the provider's rule, decision 0050), in the customer's words. */
export const EXTEND_AFTER_HD = "A video cannot be extended after its 1080p version was made.";

/** What the user is told when no key took the video; their credits are back by then. */
function refusal(
  err: VendorError | undefined,
  cost: number,
  model: ModelId,
): { reason: string; error: AppError; kind?: FailureKind } {
  const refunded = `Your ${cost} credit${cost === 1 ? " was" : "s were"} refunded.`;
  switch (err?.kind) {
    case "rejected":
      if (/after 1080P generation cannot be extended/i.test(err.message)) {
        const reason = EXTEND_AFTER_HD;
        return {
          reason,
          error: new AppError(
            "unprocessable",
            `This video cannot be extended after its 1080p version was made. ${refunded}`,
            reasoned("extend_refused", { detail: reason }),
          ),
        };
      }
      return {
        reason: forCustomers(err.message),
        // Refused for its content (decision 0082): the person's prompt, not a failure of the service.
        ...(isContentRefusal(err.message) ? { kind: "refused" as const } : {}),
        error: new AppError(
          "unprocessable",
          `The video was refused: ${forCustomers(err.message)} ${refunded}`,
          reasoned("video_refused", { detail: forCustomers(err.message) }),
        ),
      };
    case "model_retired":
      return {
        reason: "The video service no longer offers this model",
        error: new AppError(
          "conflict",
          `${modelLabel(model)} is no longer offered by its video service and was taken off sale. Choose another model. ${refunded}`,
          reasoned("model_unavailable", { model: modelLabel(model), models: "" }),
        ),
      };
    case "rate_limited":
      return {
        reason: "The video service was busy",
        error: new AppError(
          "service_unavailable",
          `The video service is busy right now. Please try again in a minute. ${refunded}`,
          {
            headers: { "retry-after": "60" },
            ...reasoned("provider_busy"),
          },
        ),
      };
    default:
      return {
        reason: forCustomers(err?.message ?? "The video service is unavailable"),
        error: new AppError(
          "service_unavailable",
          `Video generation is temporarily unavailable. Please try again later. ${refunded}`,
          reasoned("generation_unavailable"),
        ),
      };
  }
}

/**
 * Making a video (decision 0139): who asks, what and through which channel; the price is quoted
 * here (quote.ts), never by the caller. Four steps, each in its own file:
 * 1. screen (generate-screen.ts): a person who could not be charged is refused by a cheap read
 *    (decision 0134), then the prompt is screened and linked images fetched and kept;
 * 2. reserve (generate-reserve.ts): the credits taken (guarded) and the task and its usage row
 *    recorded in one transaction, our own uploads among the images marked used (decision 0034);
 * 3. submit (generate-submit.ts): to the port, failing over between keys and vendors; if no key
 *    takes it, the task is failed and refunded at once and the caller is told why;
 * 4. record (generate-record.ts): the vendor's id, on the task and its usage row together.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import type { LinkTask } from "../../http/idempotency.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { GenerateVideoInput, GenerateVideoResult } from "../../../shared/schemas/videos.js";
import type { Mailer } from "../mail/outbox.js";
import type { ScreeningDeps } from "../moderation/screening.js";
import type { Settings } from "../settings/service.js";
import { screen } from "./generate-screen.js";
import type { DraftOf } from "../../../shared/drafts.js";
import { resolveDraft } from "./draft-request.js";
import type { VideoReservation } from "../credits/ledger.js";
import { reservationFor, reserve, variantSeeds, viaOf, type Reserved } from "./generate-reserve.js";
import { submitWithFailover } from "./generate-submit.js";
import { discardImages, type LinkedImageOptions } from "./linked-images.js";
import { quoteNow } from "./quote.js";
import type { TaskRow } from "./task-state.js";
import type { RetiredVendorModel } from "../vendor-models/retired.js";
import type { KeySource, VideoVendors } from "./video-vendors.js";

// Where the worker and the recovery read it from since before the split.
export { UNSUBMITTED_PREFIX } from "./generate-reserve.js";

export interface GenerateDeps {
  db: Db;
  provider: VideoVendors;
  uploads: UploadStore;
  /** Callback URL for a key's source, when the provider can reach us. */
  callbackUrlFor(source: KeySource): string | undefined;
  /**
   * A vendor said it no longer knows the id it was sent: that mapping is marked gone (decision
   * 0173), so failover skips it; the model goes off sale only when no vendor is left for it.
   */
  retireVendorModel?(gone: RetiredVendorModel): Promise<void>;
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
 * extend, or from its last frame (decision 0159): a new image-to-video video submitted like any
 * other. Its price is quoted for this channel (quote.ts).
 */
export type GenerateChannel =
  | { channel: "web" | "api" }
  | { channel: "extend"; extend: TaskRow; method?: "native" | "last_frame"; via?: "web" | "api" };

export async function generateVideo(
  deps: GenerateDeps,
  userId: string,
  asked: GenerateVideoInput & { draftOf?: DraftOf },
  opts: GenerateChannel & {
    linkTask?: LinkTask;
    callbackUrl?: string;
    /** Temporary uploads made for this request (the API's base64 images): removed if it is refused before anything is recorded. */
    temporaryImages?: readonly string[];
  },
): Promise<GenerateVideoResult> {
  const extend = opts.channel === "extend" ? opts.extend : undefined;
  // A draft (decision 0178) is made, priced and recorded as its draft model and resolution.
  const input = await resolveDraft(deps, asked, viaOf(opts.channel));
  // Variants (decision 0162): several videos of one prompt, each its own task with its own seed.
  const count = extend ? 1 : (input.variants ?? 1);
  const batchId = count > 1 ? crypto.randomUUID() : undefined;
  const made = [...(opts.temporaryImages ?? [])];
  let reservations;
  let reserved;
  try {
    // The price is ours to work out, from what is asked and how (decision 0139); each variant is charged as one video.
    const price = await quoteNow(
      deps,
      opts.channel === "extend"
        ? { channel: "extend", video: input, via: opts.via }
        : { channel: opts.channel, video: input },
    );
    const imageUrls = await screen(deps, userId, input, {
      via: viaOf(opts.channel),
      required: price.total * count,
      made,
      videos: count,
    });
    reservations = variantSeeds(input.model, input.seeds, count).map((seeds) =>
      reservationFor(userId, { ...input, seeds }, imageUrls, {
        channel: opts.channel,
        price,
        callbackUrl: opts.callbackUrl,
        extend,
      }),
    );
    reserved = await reserve(deps, reservations, {
      userId,
      model: input.model,
      linkTask: opts.linkTask,
      batchId,
      // Explore's Remix button is the website's (decision 0164).
      remixOf: opts.channel === "web" ? input.remixOf : undefined,
    });
  } catch (err) {
    // Nothing was recorded: no task will ever show the copies made for this request.
    await discardImages(deps.uploads, made);
    throw err;
  }
  // Only a native extension goes to the parent's vendor as one; one from the last frame is a new video.
  const native = opts.channel === "extend" && opts.method !== "last_frame" ? extend : undefined;
  if (!batchId) return submitWithFailover(deps, input, reservations[0]!, reserved[0]!, native);
  return submitVariants(deps, input, reservations, reserved, batchId);
}

/**
 * Each variant submitted on its own (decision 0162): one a vendor refuses is failed and refunded
 * alone (submitWithFailover), the others go on. All refused, the first refusal is the answer (every
 * charge is back by then); else the videos started, and the balance after any refund.
 */
async function submitVariants(
  deps: GenerateDeps,
  input: GenerateVideoInput,
  reservations: VideoReservation[],
  reserved: Reserved[],
  batchId: string,
): Promise<GenerateVideoResult> {
  const outcomes = await Promise.allSettled(
    reservations.map((reservation, i) =>
      submitWithFailover(deps, { ...input, seeds: reservation.task.seeds ?? undefined }, reservation, reserved[i]!),
    ),
  );
  const started = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  if (started.length === 0) throw (outcomes[0] as PromiseRejectedResult).reason;
  const refunded = started.length < outcomes.length;
  const [user] = refunded
    ? await deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, reservations[0]!.userId))
    : [];
  return {
    taskId: started[0]!.taskId,
    taskIds: started.map((s) => s.taskId),
    batchId,
    creditsUsed: started.reduce((sum, s) => sum + s.creditsUsed, 0),
    // After the last charge (the lowest balance), or as it is after a refund.
    remainingCredits: user?.credits ?? reserved.at(-1)!.remaining,
  };
}

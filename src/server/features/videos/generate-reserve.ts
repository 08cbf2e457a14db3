/**
 * Step 2 of making a video (generate-service.ts): the charge and the task row, recorded in one
 * transaction with our own uploads marked used (decision 0034) and the in-flight slot claimed
 * (decision 0093). The task waits under a placeholder id until a vendor answers.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { users, videoTasks } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import type { GenerateVideoInput } from "../../../shared/schemas/videos.js";
import type { DraftOf } from "../../../shared/drafts.js";
import { MODEL_CATALOGUE, type ModelId } from "../../../shared/catalogue.js";
import type { ExploreMode } from "../../../shared/schemas/explore.js";
import { modelLabel } from "../../../shared/videos.js";
import { spendOnVideo, type VideoReservation } from "../credits/ledger.js";
import { paymentHoldError } from "../payments/payment-hold.js";
import type { GenerateChannel, GenerateDeps } from "./generate-service.js";
import { ACCOUNT_DISABLED, tooFewCredits } from "./generate-screen.js";
import { claimInFlightSlot } from "./in-flight.js";
import { remixableVideoId } from "./explore-visibility.js";
import { offeredModels } from "./model-offer.js";
import type { Quote } from "./quote.js";
import type { TaskRow } from "./task-state.js";
import { markUploadsUsed, ownUploadNames } from "./upload-service.js";
import { drawWelcomeLast, drewWelcomeCredits, unmarkable, welcomeRefusal, WELCOME_WATERMARK } from "./welcome-mark.js";

/** Placeholder task id until the provider answers; a task stuck with it was interrupted. */
export const UNSUBMITTED_PREFIX = "unsubmitted_";

/** Where a video's task and usage rows say it came from: an extension is asked for on the website. */
export const viaOf = (channel: GenerateChannel["channel"]): "web" | "api" => (channel === "api" ? "api" : "web");

/** A seed drawn evenly from a model's range. */
export const randomSeed = (range: { min: number; max: number }): number =>
  range.min + crypto.randomInt(range.max - range.min + 1);

/**
 * The seed of each of `count` variants (decision 0162): none where the model takes no seed (its
 * vendor varies the videos); one video keeps the seed asked (or none); several get distinct seeds
 * in the model's range, from the one asked (then the next ones, wrapping round) or from a random one.
 */
export function variantSeeds(model: ModelId, asked: number | undefined, count: number): (number | undefined)[] {
  const range = MODEL_CATALOGUE[model].seed;
  if (!range) return Array.from({ length: count }, () => undefined);
  if (count <= 1) return [asked];
  const size = range.max - range.min + 1;
  const start = asked ?? randomSeed(range);
  return Array.from({ length: count }, (_, i) => range.min + ((start - range.min + i) % size));
}

/** The charge and the task row to record, in the ledger's shape; `imageUrls` are the images as kept. */
export function reservationFor(
  userId: string,
  input: GenerateVideoInput & { draftOf?: DraftOf },
  imageUrls: string[],
  opts: { channel: GenerateChannel["channel"]; price: Quote; callbackUrl?: string; extend?: TaskRow },
): VideoReservation {
  const label = modelLabel(input.model);
  const via = opts.channel === "api" ? ", API" : "";
  return {
    userId,
    cost: opts.price.credits,
    uhd: input.upgrade4k ? { cost: opts.price.uhd, description: `4K upgrade (${label}${via})` } : undefined,
    description: `${opts.extend ? "Video extension" : input.draftOf ? "Video draft" : "Video generation"} (${label}${via})`,
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
      draftOfModel: input.draftOf?.model ?? null,
      draftOfResolution: input.draftOf?.resolution ?? null,
      // If this process dies before the provider answers, the worker fails and refunds it then.
      nextCheckAt: new Date(Date.now() + 2 * 60_000),
    },
  };
}

class NotReserved extends Error {}

/** What was reserved: the task, the balance left, and whether welcome credits marked it (decision 0155). */
export interface Reserved {
  id: string;
  remaining: number;
  /** Paid (partly) with welcome credits while the admin marks them: watermarked, 720p, KIE only. */
  welcomeMarked?: boolean;
}

/**
 * The charges and the task rows in one transaction, with our own uploads marked used and the
 * in-flight slots claimed; when a spend is refused, the reason (disabled, on hold, too few credits).
 * Variants (decision 0162) are several reservations of one request, all reserved or none: every
 * charge in the same transaction, the in-flight limit counting them all, each task given the
 * request's `batchId`. While the admin marks welcome videos, a video whose charge drew on welcome
 * credits is marked (our watermark on the task), or refused and rolled back when it could not be
 * (welcome-mark.ts).
 */
export async function reserve(
  deps: GenerateDeps,
  reservations: readonly VideoReservation[],
  opts: {
    userId: string;
    model: GenerateVideoInput["model"];
    linkTask?: LinkTask;
    batchId?: string;
    /** The share id of the Explore video this remixes (decision 0164): recorded only while it is listed. */
    remixOf?: string;
  },
): Promise<Reserved[]> {
  const { db } = deps;
  const { userId } = opts;
  const first = reservations[0];
  if (!first) throw new Error("nothing to reserve");
  const uploadNames = ownUploadNames(deps.uploads, first.task.imageUrls ?? []);
  const settings = await deps.readSettings();
  const marking = settings.welcomeVideosWatermarked;
  const cannotMark = marking
    ? unmarkable({ model: opts.model, resolution: first.task.resolution, upgrade4k: !!first.uhd })
    : undefined;
  const reserved = await db
    .transaction(async (tx): Promise<Reserved[]> => {
      if (uploadNames.length > 0) await markUploadsUsed(tx, deps.uploads, uploadNames);
      // At most N videos in flight per person (decision 0093): checked with their row locked, before the charge;
      // the variants of one request count together (decision 0162).
      await claimInFlightSlot(tx, userId, reservations.length);
      // A video welcome credits cannot pay for is paid with the others first (decision 0155).
      if (cannotMark) await drawWelcomeLast(tx);
      // A remix counts for the video it remixes only while that video is in Explore (and not the person's own).
      const remixOf = opts.remixOf
        ? await remixableVideoId(tx, opts.remixOf, userId, settings.exploreMode as ExploreMode)
        : undefined;
      const made: Reserved[] = [];
      for (const reservation of reservations) {
        // The charge, and the low-balance notice when it crosses the line (decision 0086).
        const spent = await spendOnVideo(tx, reservation, deps.mailer);
        // Not spent: undo the marks and every variant charged before it (the caller is told why below).
        if (!spent) throw new NotReserved();
        // The draws of its usage rows are written by now: did welcome credits pay for any of it?
        const welcomeMarked = marking && (await drewWelcomeCredits(tx, spent.id));
        if (welcomeMarked && cannotMark) throw welcomeRefusal(cannotMark, opts.model, offeredModels(settings));
        if (welcomeMarked || opts.batchId || remixOf)
          await tx
            .update(videoTasks)
            .set({
              ...(welcomeMarked ? { welcomeMarked: true, watermark: WELCOME_WATERMARK } : {}),
              ...(opts.batchId ? { batchId: opts.batchId } : {}),
              ...(remixOf ? { remixOf } : {}),
            })
            .where(eq(videoTasks.id, spent.id));
        made.push({ ...spent, welcomeMarked });
      }
      // An Idempotency-Key learns its (first) video with the charge (decision 0046).
      await opts.linkTask?.(tx, made[0]!.id);
      return made;
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
  const required = reservations.reduce((sum, r) => sum + r.cost + (r.uhd?.cost ?? 0), 0);
  throw tooFewCredits(required, opts.model, user.credits);
}

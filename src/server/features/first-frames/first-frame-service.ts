/**
 * A first frame made from text (issue 71, decision 0161). In the order a video's request goes
 * (decision 0139): the switch, a cheap refusal of someone the charge would refuse, the prompt
 * screened (decision 0089), then one transaction that claims a place in the person's fair use
 * (their videos and images being made, decision 0093) and charges the first-frame price with the
 * image task and its usage row (the ledger's spendOnImage); then the image model on KIE's Market
 * is asked, key after key. A task no key took is failed and refunded at once, a refusal of the
 * prompt said in the product's words; a taken one is watched by the first-frame worker.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Db, type Queryable, type Tx } from "../../db/connect.js";
import { imageTasks, users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { tooManyRequests, type RateLimiter } from "../../http/rate-limit.js";
import { KieError } from "../../integrations/kie/errors.js";
import { imageJobBody } from "../../integrations/kie/market-images.js";
import { VendorError } from "../../integrations/video/errors.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import { creditsText } from "../../../shared/credits-text.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { resolvePrices, surchargeCost } from "../../../shared/prices.js";
import type { CreateFirstFrameInput, FirstFrameView } from "../../../shared/schemas/first-frames.js";
import { isContentRefusal } from "../../../shared/videos.js";
import { NOT_ON_HOLD, spendOnImage } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import { screenRequest, type ScreeningDeps } from "../moderation/screening.js";
import { paymentHoldError } from "../payments/payment-hold.js";
import type { Settings } from "../settings/service.js";
import { inFlightOf } from "../videos/in-flight.js";
import type { VideoVendors } from "../videos/video-vendors.js";
import { failImageTask, FIRST_FRAME_FAILURES, firstFrameView } from "./first-frame-state.js";

export interface FirstFrameDeps {
  db: Db;
  provider: Pick<VideoVendors, "imageKeys" | "markAccount">;
  uploads: UploadStore;
  mailer: Mailer;
  screening: ScreeningDeps;
  readSettings(): Promise<Settings>;
  /** The person's generation budget, shared with their videos. */
  limiter: Pick<RateLimiter, "hit">;
  /** The first check of a new task. */
  firstCheckMs: number;
  /** New work for the first-frame worker. */
  wake(): void;
  log?: Pick<FastifyBaseLogger, "warn">;
}

/** A task the vendor never took is failed by the worker after this long (this process died meanwhile). */
export const UNSUBMITTED_GRACE_MS = 2 * 60_000;

const FIRST_FRAME_OFF = "Making a first frame from text is turned off on this site right now. Upload an image instead.";

/** The first-frame price on the website, from the admin's price table. */
function firstFramePrice(settings: Pick<Settings, "prices">): number {
  return surchargeCost(resolvePrices(settings.prices), "first_frame", "web");
}

export async function startFirstFrame(
  deps: FirstFrameDeps,
  userId: string,
  input: CreateFirstFrameInput,
): Promise<{ firstFrame: FirstFrameView; remainingCredits: number }> {
  const settings = await deps.readSettings();
  if (!settings.firstFrameEnabled) throw new AppError("conflict", FIRST_FRAME_OFF, reasoned("first_frame_off"));
  const wait = await deps.limiter.hit(userId);
  if (wait) throw tooManyRequests(wait, "requests to make videos or images");
  const cost = firstFramePrice(settings);
  // Nothing is screened (a paid call) for someone the charge would refuse (decision 0134).
  await refuseUnchargeable(deps.db, userId, cost);
  await screenRequest(deps.screening, { userId, source: "web", prompt: input.prompt });

  const reserved = await deps.db.transaction(async (tx) => {
    await claimPlace(tx, userId);
    return spendOnImage(
      tx,
      {
        userId,
        cost,
        description: `First frame from text (${settings.firstFrameModel})`,
        prompt: input.prompt,
        aspectRatio: input.aspectRatio,
        vendorModel: settings.firstFrameModel,
        nextCheckAt: new Date(Date.now() + UNSUBMITTED_GRACE_MS),
      },
      deps.mailer,
    );
  });
  if (!reserved) throw await whyNotCharged(deps.db, userId, cost);

  await submit(deps, reserved.id, { ...input, model: settings.firstFrameModel, cost });
  const [row] = await deps.db.select().from(imageTasks).where(eq(imageTasks.id, reserved.id));
  return { firstFrame: firstFrameView(row!, deps.uploads), remainingCredits: reserved.remaining };
}

/** One of the person's own image tasks; another person's id is not found. */
export async function readFirstFrame(
  db: Db,
  uploads: UploadStore,
  userId: string,
  id: string,
): Promise<FirstFrameView> {
  const [row] = await db
    .select()
    .from(imageTasks)
    .where(and(eq(imageTasks.id, id), eq(imageTasks.userId, userId)));
  if (!row) throw new AppError("not_found", "First frame not found");
  return firstFrameView(row, uploads);
}

/** The Market's answer, key after key: key trouble moves on; anything else ends it. */
async function submit(
  deps: FirstFrameDeps,
  imageTaskId: string,
  asked: CreateFirstFrameInput & { model: string; cost: number },
): Promise<void> {
  let lastError: VendorError | undefined;
  for (const key of await deps.provider.imageKeys(0)) {
    try {
      const { taskId } = await key.client.createJob(imageJobBody(asked.model, asked));
      const [taken] = await deps.db
        .update(imageTasks)
        .set({
          taskId,
          providerSource: key.source,
          vendorAccountId: key.vendorAccountId ?? null,
          nextCheckAt: new Date(Date.now() + deps.firstCheckMs),
        })
        .where(and(eq(imageTasks.id, imageTaskId), eq(imageTasks.status, "generating")))
        .returning({ id: imageTasks.id });
      if (!taken)
        deps.log?.warn({ imageTaskId, taskId }, "the image model took a first frame after it was failed and refunded");
      deps.wake();
      return;
    } catch (err) {
      if (!(err instanceof VendorError)) {
        await failImageTask(deps.db, imageTaskId, FIRST_FRAME_FAILURES.failed, null);
        throw err;
      }
      lastError = err;
      if (key.vendorAccountId && (err.kind === "insufficient_credits" || err.kind === "unauthorized"))
        await deps.provider.markAccount(key.vendorAccountId, err.kind);
      if (err.tryAnotherKey) continue;
      break;
    }
  }
  const refused = lastError?.kind === "rejected" && isContentRefusal(lastError.message);
  await failImageTask(
    deps.db,
    imageTaskId,
    refused ? FIRST_FRAME_FAILURES.refused : FIRST_FRAME_FAILURES.failed,
    refused ? "refused" : null,
  );
  const back = `${creditsText(asked.cost)} ${asked.cost === 1 ? "was" : "were"} refunded.`;
  if (refused)
    throw new AppError(
      "unprocessable",
      `The image model declined this prompt under its content rules. Your ${back} Describe the scene differently and try again.`,
      reasoned("first_frame_refused", { credits: asked.cost }),
    );
  if (lastError instanceof KieError && lastError.kind === "rate_limited")
    throw new AppError(
      "service_unavailable",
      `The image service is busy right now. Your ${back} Please try again in a minute.`,
      {
        headers: { "retry-after": "60" },
        ...reasoned("provider_busy"),
      },
    );
  throw new AppError(
    "service_unavailable",
    `Images cannot be made right now. Your ${back} Please try again later.`,
    reasoned("generation_unavailable"),
  );
}

/**
 * Fair use (decision 0093) counts a person's images being made with their videos: with their row
 * locked, so their parallel requests take turns here, as claimInFlightSlot does for a video.
 */
async function claimPlace(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
  const refusal = await placeRefusal(tx, userId);
  if (refusal) throw refusal;
}

async function placeRefusal(db: Queryable, userId: string): Promise<AppError | undefined> {
  const count = await inFlightOf(db, userId);
  const res = await db.execute(
    sql`select count(*)::int as n from image_tasks where user_id = ${userId} and status = 'generating'`,
  );
  const images = Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
  const limit = count.own ?? count.default;
  const busy = count.now + images;
  if (busy < limit) return undefined;
  return new AppError(
    "too_many_in_flight",
    `You already have ${busy} video${busy === 1 ? "" : "s"} or images being made, and an account can have at most ${limit} at a time. ` +
      "Wait for one to finish, then try again. Nothing was charged.",
    { headers: { "retry-after": "60" }, params: { inFlight: busy, limit } },
  );
}

/** The refusal the charge would give now, read without locks (decision 0134); the charge decides. */
async function refuseUnchargeable(db: Db, userId: string, cost: number): Promise<void> {
  const busy = await placeRefusal(db, userId);
  if (busy) throw busy;
  const [user] = await db
    .select({ credits: users.credits, isActive: users.isActive, held: sql<boolean>`not (${NOT_ON_HOLD})` })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) throw new AppError("forbidden", "This account has been disabled.");
  const hold = user.held ? await paymentHoldError(db, userId) : undefined;
  if (hold) throw hold;
  if (user.credits < cost) throw tooFewCredits(cost, user.credits);
}

async function whyNotCharged(db: Db, userId: string, cost: number): Promise<AppError> {
  const [user] = await db
    .select({ credits: users.credits, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.isActive) return new AppError("forbidden", "This account has been disabled.");
  return (await paymentHoldError(db, userId)) ?? tooFewCredits(cost, user.credits);
}

function tooFewCredits(required: number, balance: number): AppError {
  return new AppError(
    "insufficient_credits",
    `You need ${creditsText(required)} to make a first frame. You have ${creditsText(balance)}.`,
    { params: { required, balance } },
  );
}

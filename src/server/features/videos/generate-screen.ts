/**
 * Step 1 of making a video (generate-service.ts): the screen, before anything is charged. A person
 * the charge would refuse is refused by a cheap read first (decision 0134), then the linked images
 * are counted, the prompt screened (decision 0089) and the images fetched, checked and stored
 * (decision 0094).
 */
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import type { GenerateVideoInput } from "../../../shared/schemas/videos.js";
import type { ModelId } from "../../../shared/catalogue.js";
import { insufficientCreditsMessage, modelLabel } from "../../../shared/videos.js";
import { NOT_ON_HOLD } from "../credits/ledger.js";
import { paymentHoldError } from "../payments/payment-hold.js";
import { screenRequest } from "../moderation/screening.js";
import { countLinkedImages, keepLinkedImages } from "./linked-images.js";
import { inFlightRefusal } from "./in-flight.js";
import { assertModelOffered } from "./model-offer.js";
import { quoteNow, type QuotedVideo } from "./quote.js";
import type { GenerateChannel, GenerateDeps } from "./generate-service.js";

export const ACCOUNT_DISABLED = "This account has been disabled.";

export function tooFewCredits(required: number, model: ModelId, balance: number): AppError {
  return new AppError("insufficient_credits", insufficientCreditsMessage(required, model, balance), {
    params: { required, balance, model: modelLabel(model) },
  });
}

/**
 * Everything before the charge, in this order: the refusal the charge of `required` credits would
 * give now, the linked images counted, the prompt screened, the images kept. Gives the images'
 * URLs as kept; each copy it stores is pushed onto `made` at once, so a later refusal removes it.
 */
export async function screen(
  deps: GenerateDeps,
  userId: string,
  input: GenerateVideoInput,
  opts: { via: "web" | "api"; required: number; made: string[]; videos?: number },
): Promise<string[]> {
  // Nothing is screened (a paid call), fetched or decoded for someone the charge would refuse (decision 0134).
  await refuseUnchargeable(deps, userId, input.model, opts.required, opts.videos);
  // Each linked image is one of the person's image uploads, counted before any is fetched (decision 0134).
  await countLinkedImages(deps.uploads, userId, input.imageUrls, deps.linkedImages);
  // Refused here, nothing is charged and nothing reaches a provider (decision 0089).
  await screenRequest(deps.screening, { userId, source: opts.via, prompt: input.prompt, watermark: input.watermark });
  // Linked images are fetched, checked by their bytes and stored before anything is charged (decision 0094).
  const images = await keepLinkedImages(deps.uploads, input.imageUrls, deps.linkedImages);
  opts.made.push(...images.stored);
  return images.urls;
}

/**
 * The refusal the charge of `request` would give if it were made now (refuseUnchargeable), its
 * price quoted for its channel. The API asks it before decoding a base64 image (decision 0134).
 */
export async function refuseEarly(
  deps: Pick<GenerateDeps, "db" | "readSettings">,
  userId: string,
  request: { channel: GenerateChannel["channel"]; video: QuotedVideo; variants?: number },
): Promise<void> {
  const price = await quoteNow(deps, request);
  // Variants (decision 0162): each is charged as one video, and each takes a place in flight.
  const videos = request.variants ?? 1;
  await refuseUnchargeable(deps, userId, request.video.model, price.total * videos, videos);
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
  videos = 1,
): Promise<void> {
  const { db } = deps;
  assertModelOffered(await deps.readSettings(), model);
  const busy = await inFlightRefusal(db, userId, videos);
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

/**
 * A request with `draft: true` (issue 74 §3, decision 0178), made as its draft: the model's draft
 * resolution or its cheaper sibling (shared/drafts.ts), charged at the draft's price, recording
 * what its final is. Where the final's model takes a seed and none was asked, one is picked now and
 * kept as the draft's, so its final (draft-service.ts) re-runs with the same.
 */
import { MODEL_CATALOGUE } from "../../../shared/catalogue.js";
import { draftProblem, usableDraft, type DraftOf } from "../../../shared/drafts.js";
import { resolvePrices } from "../../../shared/prices.js";
import type { GenerateVideoInput } from "../../../shared/schemas/videos.js";
import { modelLabel } from "../../../shared/videos.js";
import { AppError } from "../../http/errors.js";
import type { Settings } from "../settings/service.js";
import { randomSeed } from "./generate-reserve.js";

/** What of a request (the web's or the API's) its draft is worked out from. */
type Draftable = Pick<
  GenerateVideoInput,
  | "model"
  | "mode"
  | "imageUrls"
  | "durationSeconds"
  | "resolution"
  | "aspectRatio"
  | "audio"
  | "seeds"
  | "variants"
  | "draft"
> & { watermark?: string };

/**
 * The request as it is made: itself without `draft`, else its draft with `draftOf` (refused with a
 * 400 a person can act on where there is none, or where the admin's prices make it no cheaper).
 */
export async function resolveDraft<T extends Draftable>(
  deps: { readSettings(): Promise<Pick<Settings, "prices">> },
  input: T,
  via: "web" | "api",
): Promise<T & { draftOf?: DraftOf }> {
  if (!input.draft) return input;
  const asked = {
    durationSeconds: input.durationSeconds,
    resolution: input.resolution,
    aspectRatio: input.aspectRatio,
    audio: input.audio,
  };
  const imageCount = input.imageUrls.length;
  const problem = draftProblem(input.model, input.mode, asked, imageCount);
  if (problem) throw new AppError("invalid_input", problem);
  const prices = resolvePrices((await deps.readSettings()).prices);
  const plan = usableDraft(prices, via, input.model, input.mode, asked, imageCount);
  if (!plan)
    throw new AppError(
      "invalid_input",
      `A draft of ${modelLabel(input.model)} costs no less than the video itself now: leave draft out`,
    );
  const finalSeed = MODEL_CATALOGUE[input.model].seed;
  // One video with no seed asked: one picked now, so the final re-runs with the same (variants get theirs from it).
  const seeds =
    input.seeds ??
    (finalSeed && MODEL_CATALOGUE[plan.model].seed && (input.variants ?? 1) <= 1 ? randomSeed(finalSeed) : undefined);
  return {
    ...input,
    model: plan.model,
    ...plan.options,
    seeds: MODEL_CATALOGUE[plan.model].seed ? seeds : undefined,
    // A sibling that takes no watermark is asked none.
    watermark: MODEL_CATALOGUE[plan.model].watermark ? input.watermark : undefined,
    draft: false,
    draftOf: { model: input.model, resolution: input.resolution },
  };
}

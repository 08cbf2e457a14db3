/**
 * Videos paid with welcome credits (issue 70, decision 0155): while the admin marks them
 * (admin_settings.welcome_videos_watermarked), a video whose usage drew on a `welcome` lot carries
 * the site's watermark and stays 720p. What was drawn is known in the transaction that charges it
 * (the ledger's trigger writes credit_lot_draws as the usage row is inserted), so the charge is
 * refused there, rolled back, when the video could not be marked: a model or a vendor without a
 * watermark, a resolution above 720p, a 4K version. Such a video draws on welcome credits last
 * (`veo.draw_last_kind`), so bought credits pay for it when they can. A marked video is sent with
 * our watermark (the person's own text gives way: the mark says where it was made), to KIE only
 * (Google's Gemini API has no watermark field), and gets no 1080p file.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { BRAND } from "../../../shared/brand.js";
import { MODEL_CATALOGUE, MODELS, type ModelId } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { modelLabel } from "../../../shared/videos.js";
import type { Vendor } from "../../integrations/video/port.js";

/** The watermark a marked video carries: the site's name. */
export const WELCOME_WATERMARK = BRAND;

/** The vendors that put a watermark on a video (KIE's Veo, on either surface). */
export const WATERMARKING_VENDORS: readonly Vendor[] = ["kie"];

/** The models a marked video can be made with. */
const WATERMARK_MODELS: readonly ModelId[] = MODELS.filter((m) => MODEL_CATALOGUE[m].watermark);

/** A resolution above 720p ("768p", "1080p", "4k"). */
const aboveWelcomeResolution = (resolution: string | null | undefined): boolean =>
  resolution != null && (/^4k$/i.test(resolution) || Number.parseInt(resolution, 10) > 720);

/** Why a video could not be paid with welcome credits while they are marked, or undefined when it can be. */
export function unmarkable(video: {
  model: ModelId;
  resolution?: string | null;
  upgrade4k?: boolean;
}): "model" | "resolution" | undefined {
  if (!MODEL_CATALOGUE[video.model]?.watermark) return "model";
  if (video.upgrade4k || aboveWelcomeResolution(video.resolution)) return "resolution";
  return undefined;
}

/** In `tx`, every spend draws on welcome lots after all the others (veo_keep_credit_lots.sql). */
export async function drawWelcomeLast(tx: Queryable): Promise<void> {
  await tx.execute(sql`select set_config('veo.draw_last_kind', 'welcome', true)`);
}

/**
 * True when a usage row of the video (its own, or its 4K upgrade's with `upgrade` '4k') drew on a
 * welcome lot. Read in the charging transaction, after the row is inserted.
 */
export async function drewWelcomeCredits(
  tx: Queryable,
  videoTaskId: string,
  upgrade: "any" | "4k" = "any",
): Promise<boolean> {
  const res = await tx.execute(sql`
    select exists (
      select 1 from transactions t
      join credit_lot_draws d on d.transaction_id = t.id
      join credit_lots l on l.id = d.lot_id
      where t.video_task_id = ${videoTaskId} and t.type = 'usage' and l.kind = 'welcome'
        and (${upgrade} = 'any' or t.upgrade = ${upgrade})
    ) as drew`);
  return rowsOf<{ drew: boolean }>(res)[0]?.drew === true;
}

const BUY_MORE = "Buy credits on the pricing page to make videos without a watermark.";

/**
 * A video the welcome credits cannot pay for, refused before anything is charged; `offered`: the
 * models on offer now, of which those that take a watermark are named.
 */
export function welcomeRefusal(
  why: "model" | "resolution",
  model: ModelId,
  offered: readonly ModelId[] = MODELS,
): AppError {
  if (why === "model") {
    const models = WATERMARK_MODELS.filter((m) => offered.includes(m))
      .map(modelLabel)
      .join(", ");
    return new AppError(
      "conflict",
      `Videos paid with welcome credits carry a watermark, which ${modelLabel(model)} cannot add. Choose ${models}, or buy credits on the pricing page.`,
      reasoned("welcome_credits_model", { model: modelLabel(model), models }),
    );
  }
  return new AppError(
    "conflict",
    `Videos paid with welcome credits are 720p with a watermark: 1080p and 4K are not offered for them. ${BUY_MORE}`,
    reasoned("welcome_credits_720p"),
  );
}

/** An upgrade (1080p, 4K) of a video marked as paid with welcome credits. */
export const welcomeVideoUpgradeRefusal = (): AppError =>
  new AppError(
    "conflict",
    `This video was paid with welcome credits: it stays 720p with a watermark. ${BUY_MORE}`,
    reasoned("welcome_video_720p"),
  );

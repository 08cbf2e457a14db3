/**
 * Extending a finished video with a new prompt (decision 0050): a new task linked to its parent,
 * made with the key that made the parent, at the model's price plus the extension surcharge. KIE
 * cannot extend a video after its 1080p version was made, so only videos whose 1080p is held (kept
 * extendable) or was never asked for are offered; if KIE refuses anyway, the credits come back.
 */
import type { GenerateVideoResult } from "../../../shared/schemas/videos.js";
import type { ExtendVideoInput } from "../../../shared/schemas/videos.js";
import { MODEL_CATALOGUE, optionsFor, type AspectRatio, type ModelId } from "../../../shared/catalogue.js";
import { modelLabel } from "../../../shared/videos.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import { generateVideo, type GenerateDeps } from "./generate-service.js";
import { EXTEND_AFTER_HD } from "./generate-submit.js";
import { getOwnTask } from "./queries.js";
import type { TaskReads } from "./video-deps.js";
import { reasoned } from "../../../shared/error-reasons.js";

const NOT_EXTENDABLE = `${EXTEND_AFTER_HD} Tick “Keep extendable” when you make a video you may extend.`;

export async function extendVideo(
  ctx: TaskReads & { generation: GenerateDeps },
  userId: string,
  taskId: string,
  input: ExtendVideoInput,
  linkTask?: LinkTask,
): Promise<GenerateVideoResult> {
  const parent = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  if (parent.status !== "completed" || parent.videoExpired)
    throw new AppError("conflict", "Only a finished video can be extended.", reasoned("extend_needs_finished_video"));
  if (parent.hdStatus !== "held" && parent.hdStatus !== "none")
    throw new AppError("conflict", NOT_EXTENDABLE, reasoned("extend_after_hd"));
  const model = parent.model as ModelId;
  if (!MODEL_CATALOGUE[model].upgrades.extend)
    throw new AppError(
      "conflict",
      `${modelLabel(model)} videos cannot be extended.`,
      reasoned("upgrade_not_offered", { model: modelLabel(model) }),
    );
  // The model's default options; priced by generateVideo for the extend channel (quote.ts, decision 0139).
  const options = optionsFor(model, {});
  return generateVideo(
    ctx.generation,
    userId,
    {
      prompt: input.prompt,
      model,
      mode: "text",
      ...options,
      aspectRatio: parent.aspectRatio as AspectRatio,
      imageUrls: [],
      watermark: input.watermark,
      seeds: input.seeds,
      upgrade4k: false,
      keepExtendable: input.keepExtendable,
      enableFallback: false,
    },
    { channel: "extend", extend: parent, linkTask },
  );
}

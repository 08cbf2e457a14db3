/**
 * A draft's final (issue 74 §3, decision 0178; the draft itself: draft-request.ts). "Make it final" (POST /api/videos/{taskId}/final) re-runs a finished
 * draft through the normal generation path: same prompt, seed, images, mode, shape, length and
 * sound, on the final's model and resolution, charged as a new video.
 */
import { combinationProblem, MODEL_CATALOGUE, optionsProblem, type ModelId } from "../../../shared/catalogue.js";
import type { GenerateVideoInput, GenerateVideoResult } from "../../../shared/schemas/videos.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { AspectRatio, GenerationMode, Resolution } from "../../../shared/catalogue.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import { generateVideo, type GenerateDeps } from "./generate-service.js";
import { getOwnTask } from "./queries.js";
import type { TaskRow } from "./task-state.js";
import type { TaskReads } from "./video-deps.js";

const NOT_A_DRAFT = "This video is not a draft: only a draft can be made final.";
const DRAFT_NOT_FINISHED = "Only a finished draft can be made final: wait until it is ready.";

/** The final of a finished draft, as a generation request: the draft's own choices, the final's model and resolution. */
function finalRequest(draft: TaskRow): GenerateVideoInput {
  if (!draft.draftOfModel || !draft.draftOfResolution)
    throw new AppError("conflict", NOT_A_DRAFT, reasoned("final_needs_draft"));
  if (draft.status !== "completed")
    throw new AppError("conflict", DRAFT_NOT_FINISHED, reasoned("final_needs_finished_draft"));
  const model = draft.draftOfModel as ModelId;
  const m = MODEL_CATALOGUE[model];
  const input: GenerateVideoInput = {
    prompt: draft.prompt,
    model,
    mode: draft.mode as GenerationMode,
    imageUrls: draft.imageUrls ?? [],
    aspectRatio: draft.aspectRatio as AspectRatio,
    durationSeconds: draft.durationSeconds ?? m.durations.default,
    resolution: draft.draftOfResolution as Resolution,
    audio: draft.audio ?? m.audio !== "never",
    // Our welcome watermark is the site's, not the person's: the final is marked (or not) on its own charge.
    watermark: m.watermark && !draft.welcomeMarked ? (draft.watermark ?? undefined) : undefined,
    seeds: m.seed ? (draft.seeds ?? undefined) : undefined,
    upgrade4k: false,
    keepExtendable: m.upgrades.extend && draft.keepExtendable,
    enableFallback: false,
  };
  const problem =
    combinationProblem({ model, mode: input.mode, imageCount: input.imageUrls.length }) ?? optionsProblem(model, input);
  if (problem) throw new AppError("conflict", `This draft cannot be made final: ${problem.message}.`);
  return input;
}

/** POST /api/videos/{taskId}/final: the final of the person's finished draft, started and charged as a new video. */
export async function makeFinal(
  ctx: TaskReads & { generation: GenerateDeps },
  userId: string,
  taskId: string,
  linkTask?: LinkTask,
  via: "web" | "api" = "web",
): Promise<GenerateVideoResult> {
  const draft = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId);
  return generateVideo(ctx.generation, userId, finalRequest(draft), { channel: via, linkTask });
}

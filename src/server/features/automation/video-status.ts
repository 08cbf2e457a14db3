/** GET /api/n8n/video-status/{taskId}: a task as the automation API reports it. */
import { and, eq, sum } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { transactions } from "../../db/schema.js";
import { POLL_SECONDS } from "../../../shared/automation.js";
import type { AutomationVideoStatus } from "../../../shared/schemas/automation.js";
import { isDeclined, videoFailureOf, videoFailureSentence } from "../../../shared/video-failures.js";
import { modelLabel } from "../../../shared/videos.js";
import type { Vendor } from "../../../shared/model-description.js";
import { MODEL_CATALOGUE, type ModelId, type Resolution } from "../../../shared/catalogue.js";
import type { TaskRow } from "../videos/task-state.js";

type StatusFields = Pick<
  TaskRow,
  | "taskId"
  | "status"
  | "resultUrls"
  | "hdVideoUrl"
  | "hdStatus"
  | "uhdVideoUrl"
  | "aspectRatio"
  | "errorMessage"
  | "videoExpired"
> &
  // The model names the sentence of a failed video, its failure kind tells a declined prompt.
  Partial<Pick<TaskRow, "failureKind" | "model">> &
  // The resolution a model other than Veo3 made the video in.
  Partial<Pick<TaskRow, "resolution">> &
  // An extension says how it was made, and a last-frame one its joined video (decision 0159).
  Partial<Pick<TaskRow, "extendMethod" | "joinStatus" | "joinedVideoUrl">> &
  // Who made it (decision 0175).
  Partial<Pick<TaskRow, "vendor">> &
  // A draft says what its final is (decision 0178).
  Partial<Pick<TaskRow, "draftOfModel" | "draftOfResolution">>;

const VIDEO_EXPIRED = "This video expired before it could be saved";

/**
 * `refunded`: credits given back for this task (the sum of its refund rows). `link` turns a stored
 * URL into one the caller can fetch (our archived files: absolute and signed).
 */
export function toAutomationStatus(
  task: StatusFields,
  refunded: number,
  link: (url: string) => string = (url) => url,
): AutomationVideoStatus {
  const base = {
    taskId: task.taskId,
    videoUrl: null,
    hdVideoUrl: null,
    videoUrl4k: null,
    resolution: null,
    ...(task.extendMethod ? { extendMethod: task.extendMethod as "native" | "last_frame", joinedVideoUrl: null } : {}),
    ...(task.vendor ? { vendor: task.vendor as Vendor } : {}),
    ...(task.draftOfModel && task.draftOfResolution
      ? { draftOf: { model: task.draftOfModel as ModelId, resolution: task.draftOfResolution as Resolution } }
      : {}),
  };
  if (task.status === "failed") {
    return { ...base, success: false, status: "failed", message: failureMessage(task, refunded) };
  }
  if (task.status !== "completed") {
    const message = `The video is being generated. Check again in ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds.`;
    return { ...base, success: true, status: "processing", message };
  }
  if (task.videoExpired) return { ...base, success: true, status: "completed", message: VIDEO_EXPIRED };
  const hd = task.hdVideoUrl ? link(task.hdVideoUrl) : null;
  const uhd = task.uhdVideoUrl ? link(task.uhdVideoUrl) : null;
  const video = task.resultUrls?.[0];
  const resolution = uhd ? "4k" : hd ? "1080p" : (madeIn(task) ?? "720p");
  return {
    ...base,
    success: true,
    status: "completed",
    videoUrl: video ? link(video) : null,
    hdVideoUrl: hd,
    videoUrl4k: uhd,
    ...(task.extendMethod === "last_frame" && task.joinStatus === "ready" && task.joinedVideoUrl
      ? { joinedVideoUrl: link(task.joinedVideoUrl) }
      : {}),
    resolution,
    message:
      task.hdStatus === "pending" && !hd && !uhd
        ? "The 720p video is ready; the 1080p version is still being processed"
        : `The video is ready in ${resolution === "4k" ? "4K" : resolution}`,
  };
}

/**
 * The resolution a video was made in where the vendor makes it as asked: every model but Veo3,
 * whose 720p comes first and whose 1080p and 4K follow as their own files.
 */
function madeIn(task: StatusFields): Resolution | undefined {
  if (!task.model || !task.resolution || !(task.model in MODEL_CATALOGUE)) return undefined;
  return MODEL_CATALOGUE[task.model as ModelId].family === "veo" ? undefined : (task.resolution as Resolution);
}

/**
 * A failed video in our words (decision 0163): a declined prompt titled as such, what happened
 * and what to do next, then what was refunded; never the vendor's own sentence.
 */
function failureMessage(task: StatusFields, refunded: number): string {
  const failure = videoFailureOf(task.errorMessage, { refused: task.failureKind === "refused" });
  const title = isDeclined(failure) ? "Prompt declined" : "Video generation failed";
  const refund =
    refunded > 0 ? `${refunded} credit${refunded === 1 ? " was" : "s were"} refunded.` : "No credits were refunded.";
  return `${title}: ${videoFailureSentence(failure, task.model ? modelLabel(task.model) : undefined)} ${refund}`;
}

/** What the ledger gave back for a task (failTask and admin refunds write refund rows). */
export async function refundedCredits(db: Queryable, videoTaskId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(transactions.amount) })
    .from(transactions)
    .where(and(eq(transactions.videoTaskId, videoTaskId), eq(transactions.type, "refund")));
  return Number(row?.total ?? 0);
}

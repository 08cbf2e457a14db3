/** POST /api/force-update-hd: asks the provider for a finished video's 1080p file now, instead of waiting for the worker. */
import { and, eq, inArray, sql } from "drizzle-orm";
import { videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { VendorError } from "../../integrations/video/errors.js";
import type { VideoVendors } from "./video-vendors.js";
import { getOwnTask } from "./queries.js";
import { markHdReady } from "./task-state.js";
import type { TaskReads } from "./video-deps.js";
import { welcomeVideoUpgradeRefusal } from "./welcome-mark.js";

const NOT_ELIGIBLE_FOR_HD = "Video not found or not eligible for HD processing";

export interface ForceHdResult {
  success: boolean;
  hdVideoUrl: string | null;
  message: string;
}

export async function forceHd(
  ctx: TaskReads & { provider: VideoVendors },
  userId: string,
  taskId: string,
): Promise<ForceHdResult> {
  const task = await getOwnTask(ctx.db, ctx.caches.tasks, userId, taskId, NOT_ELIGIBLE_FOR_HD);
  // Every aspect ratio has a 1080p version now (issue 22), 9:16 videos made before it too.
  if (task.status !== "completed") throw notFound(NOT_ELIGIBLE_FOR_HD);
  if (task.hdVideoUrl) return { success: true, hdVideoUrl: task.hdVideoUrl, message: "HD video is ready" };
  // Paid with welcome credits while they are marked: it stays 720p (decision 0155).
  if (task.welcomeMarked) throw welcomeVideoUpgradeRefusal();
  // Held (kept extendable, decision 0050) or never asked for: from now on the worker fetches it too.
  if (task.hdStatus === "held" || task.hdStatus === "none") {
    await ctx.db
      .update(videoTasks)
      .set({ hdStatus: "pending", hdAttempts: 0, nextCheckAt: sql`now() + interval '10 seconds'` })
      .where(and(eq(videoTasks.id, task.id), inArray(videoTasks.hdStatus, ["held", "none"])));
  }
  try {
    const maker = await ctx.provider.makerFor(task);
    if (!maker.hd1080) throw notFound(NOT_ELIGIBLE_FOR_HD);
    const hd = await maker.hd1080(task.taskId);
    if (hd.ready) {
      await markHdReady(ctx.db, task.id, hd.url);
      return { success: true, hdVideoUrl: hd.url, message: "HD video is ready" };
    }
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    // Busy or unreachable: still processing, as far as the person can tell; anything else: not eligible.
    if (err.kind !== "rate_limited" && err.kind !== "unavailable") throw notFound(NOT_ELIGIBLE_FOR_HD);
  }
  return { success: false, hdVideoUrl: null, message: "1080p video is still being processed. Please try again later." };
}

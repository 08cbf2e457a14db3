/**
 * The 4K version of a finished video for programs (POST /api/n8n/videos/{taskId}/upgrade-4k and
 * the MCP tool upgrade_video): the website's upgrade (videos/uhd.ts requestUhd: one charge, the
 * checks under the task's row lock) at the 4K surcharge's API price.
 */
import type { AutomationUpgradeResult } from "../../../shared/schemas/automation.js";
import { modelLabel } from "../../../shared/videos.js";
import { quoteNow } from "../videos/quote.js";
import { getOwnTask } from "../videos/queries.js";
import type { VideoRouteDeps } from "../videos/routes.js";
import { NOT_UPGRADABLE, requestUhd } from "../videos/uhd.js";
import type { TaskReads } from "../videos/video-deps.js";

type UpgradeDeps = TaskReads & Pick<VideoRouteDeps, "generation" | "readSettings">;

export async function upgradeTo4kFromApi(
  deps: UpgradeDeps,
  userId: string,
  taskId: string,
): Promise<AutomationUpgradeResult> {
  const task = await getOwnTask(deps.db, deps.caches.tasks, userId, taskId, NOT_UPGRADABLE);
  const { total: cost } = await quoteNow(deps, { channel: "4k", via: "api" });
  const settings = await deps.readSettings();
  const { remaining } = await requestUhd(
    deps.db,
    userId,
    taskId,
    cost,
    `4K upgrade (${modelLabel(task.model)})`,
    deps.generation.mailer,
    settings.welcomeVideosWatermarked,
  );
  deps.generation.wake();
  return { success: true, taskId, uhdStatus: "pending", creditsUsed: cost, remainingCredits: remaining };
}

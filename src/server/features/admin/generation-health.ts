/**
 * Is generation failing now (issue 38, decision 0074)? Read from the videos themselves, so every
 * server process agrees: of the last finished videos of the past hour, more than half failed for
 * the provider's reasons, or the latest one did (the last provider call failed). Refused prompts
 * are the person's, not the provider's: they count as finished, never as failures.
 */
import { and, desc, gte, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import type { GenerationProblem } from "../../../shared/schemas/admin-setup.js";
import { REQUEST_REFUSAL } from "../../../shared/videos.js";
import { settingsHref } from "../../../shared/settings-sections.js";

/** How many of the latest finished videos are looked at, and how far back. */
const RECENT_VIDEOS = 10;
const RECENT_MS = 60 * 60 * 1000;

/** Where the admin fixes the provider. */
export const PROVIDER_SETTINGS_HREF = settingsHref("kie-token-title");

/** Refused prompts are marked since decision 0082 (failure_kind 'refused'); older rows are told by their message. */
const isProviderFailure = (v: { errorMessage: string | null; failureKind: string | null }): boolean =>
  v.failureKind !== "refused" && !REQUEST_REFUSAL.test(v.errorMessage ?? "");

export async function generationProblem(db: Queryable, now = new Date()): Promise<GenerationProblem | null> {
  const recent = await db
    .select({
      status: videoTasks.status,
      errorMessage: videoTasks.errorMessage,
      failureKind: videoTasks.failureKind,
      createdAt: videoTasks.createdAt,
    })
    .from(videoTasks)
    .where(
      and(
        inArray(videoTasks.status, ["completed", "failed"]),
        gte(videoTasks.createdAt, new Date(now.getTime() - RECENT_MS)),
      ),
    )
    .orderBy(desc(videoTasks.createdAt), desc(videoTasks.id))
    .limit(RECENT_VIDEOS);
  const failures = recent.filter((v) => v.status === "failed" && isProviderFailure(v));
  const latest = failures[0];
  if (!latest) return null;
  const latestFailed = recent[0] === latest;
  if (!latestFailed && failures.length * 2 <= recent.length) return null;
  return {
    reason: latest.errorMessage ?? "The video service is unavailable",
    failed: failures.length,
    finished: recent.length,
    lastFailedAt: latest.createdAt.toISOString(),
    href: PROVIDER_SETTINGS_HREF,
  };
}

/** Videos for Explore's tests (decision 0164): made through the app, or written as rows when only the feed's order matters. */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { ExploreMode } from "../../src/shared/schemas/explore.js";
import type { SharingView } from "../../src/shared/schemas/videos.js";
import type { Client } from "./test-app.js";
import { runWorkerUntil, taskRow, userWithCredits, type VideoTestApp } from "./video-app.js";

/** A finished video of a new person (kept in our store, its frame taken), made through the app. */
export async function finishedVideo(
  t: VideoTestApp,
  opts: { prompt?: string; model?: string; aspectRatio?: string; credits?: number; remixOf?: string } = {},
) {
  const db = t.database.db;
  const u = await userWithCredits(t.app, db, opts.credits ?? 50);
  const res = await u.client.post("/api/generate-video", {
    prompt: opts.prompt ?? `A heron lands on a misty lake ${crypto.randomUUID().slice(0, 6)}`,
    model: opts.model ?? "veo3_fast",
    aspectRatio: opts.aspectRatio ?? "16:9",
    ...(opts.remixOf === undefined ? {} : { remixOf: opts.remixOf }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db, taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  await t.app.liveEvents.settle();
  return { u, taskId };
}

/** PUT /api/videos/:taskId/sharing as the web app sends it. */
export async function setSharing(
  client: Client,
  taskId: string,
  body: { isPublic: boolean; hidePrompt?: boolean; explore?: boolean },
) {
  const res = await client.put(`/api/videos/${taskId}/sharing`, body);
  return { res, view: res.statusCode === 200 ? res.json<SharingView>() : undefined };
}

/** Shares and publishes: the video's share id and its Explore status. */
export async function publish(client: Client, taskId: string, hidePrompt = false) {
  const { res, view } = await setSharing(client, taskId, { isPublic: true, explore: true, hidePrompt });
  expect(res.statusCode, res.body).toBe(200);
  return { shareId: new URL(view!.shareUrl!).pathname.slice(3), explore: view!.explore };
}

export async function setExploreMode(t: VideoTestApp, mode: ExploreMode): Promise<void> {
  await updateSettings(t.database.db, t.secretBox, { exploreMode: mode });
  await t.app.liveEvents.settle();
}

/**
 * A listed video written as a row (for the feed's order and pages): finished, shared and listed at
 * `publishedAt`, with a result URL of the provider's (not archived, so no frame).
 */
export async function listedRow(
  t: VideoTestApp,
  userId: string,
  opts: {
    publishedAt: Date;
    model?: string;
    aspectRatio?: string;
    featuredAt?: Date;
    prompt?: string;
    status?: "listed" | "pending" | "hidden";
  },
) {
  const [row] = await t.database.db
    .insert(videoTasks)
    .values({
      userId,
      taskId: `explore_${crypto.randomUUID()}`,
      prompt: opts.prompt ?? "a listed row",
      model: opts.model ?? "veo3_fast",
      aspectRatio: opts.aspectRatio ?? "16:9",
      status: "completed",
      completedAt: opts.publishedAt,
      resultUrls: ["https://videos.example.test/720p.mp4"],
      isPublic: true,
      shareId: crypto.randomBytes(12).toString("base64url"),
      exploreStatus: opts.status ?? "listed",
      explorePublishedAt: opts.publishedAt,
      exploreFeaturedAt: opts.featuredAt ?? null,
    })
    .returning();
  return row!;
}

/** Rows recorded as remixes of `id` (what "most remixed" counts). */
export async function remixesOf(t: VideoTestApp, userId: string, id: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await t.database.db.insert(videoTasks).values({
      userId,
      taskId: `remix_${crypto.randomUUID()}`,
      prompt: "a remix",
      model: "veo3_fast",
      aspectRatio: "16:9",
      status: "completed",
      remixOf: id,
    });
}

export async function exploreStatusOf(t: VideoTestApp, taskId: string) {
  const [row] = await t.database.db
    .select({ status: videoTasks.exploreStatus, publishedAt: videoTasks.explorePublishedAt })
    .from(videoTasks)
    .where(eq(videoTasks.taskId, taskId));
  return row!;
}

/**
 * Who sees a video (issue 72, decision 0164): private (not shared), unlisted (shared: its link
 * /v/<shareId>) or public (shared and listed in Explore). The owner publishes through the sharing
 * route (share-service.ts); an admin approves, hides and restores (features/explore). What Explore
 * shows is decided when it is read: a video deleted, expired, no longer shared or of a disabled
 * account leaves the feed, its page's Remix and the remix count at once, whatever its status says.
 */
import { and, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import type { ExploreMode, ExploreStatus } from "../../../shared/schemas/explore.js";

/**
 * The outer row's columns in a correlated subquery, named with their table: drizzle writes a
 * column of a one-table select without it, and inside the subquery that would name its own.
 */
export const outerId = sql.raw(`"video_tasks"."id"`);
const outerUserId = sql.raw(`"video_tasks"."user_id"`);

/** A finished video still kept, shared by its link, of an account still active. */
export const liveSharedVideo: SQL = and(
  eq(videoTasks.status, "completed"),
  eq(videoTasks.videoExpired, false),
  isNull(videoTasks.deletedAt),
  eq(videoTasks.isPublic, true),
  isNotNull(videoTasks.shareId),
  sql`cardinality(${videoTasks.resultUrls}) > 0`,
  sql`exists (select 1 from users u where u.id = ${outerUserId} and u.is_active)`,
)!;

/** What Explore shows now (while the admin has it on). */
export const listedInExplore: SQL = and(liveSharedVideo, eq(videoTasks.exploreStatus, "listed"))!;

/**
 * How many videos were made with this one's Remix button: every video recorded as its remix (by
 * someone else; decision 0164) that did not fail. Read where `video_tasks` is the remixed video.
 */
export const remixCountSql = sql<number>`(select count(*) from video_tasks r where r.remix_of = ${outerId} and r.status <> 'failed')::int`;

/** The row id of the video listed in Explore under this share id, unless it is the person's own. */
export async function remixableVideoId(
  db: Queryable,
  shareId: string,
  userId: string,
  mode: ExploreMode,
): Promise<string | undefined> {
  if (mode === "off") return undefined;
  const [row] = await db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(and(eq(videoTasks.shareId, shareId), listedInExplore, ne(videoTasks.userId, userId)))
    .limit(1);
  return row?.id;
}

/** Whether this video (by row id) is in Explore now: its share page offers Remix and Report. */
export async function isListedInExplore(db: Queryable, id: string, mode: ExploreMode): Promise<boolean> {
  if (mode === "off") return false;
  const [row] = await db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(and(eq(videoTasks.id, id), listedInExplore))
    .limit(1);
  return row !== undefined;
}

/** What a change of sharing does to the video's place in Explore. */
export type ExploreChange = { kind: "keep" } | { kind: "off" } | { kind: "publish"; status: "pending" | "listed" };

/**
 * The Explore columns of one sharing update, written in the same statement as the sharing itself
 * and decided on the row as it is then (not as it was read): an admin's 'hidden' is never
 * changed by its owner; publishing keeps a status the video already has (and its time). The
 * publication time of a hidden video keeps its owner's wish: cleared when they take it off, set
 * when they publish it again, so an admin's restore lists it only if its owner still wants it.
 */
export function exploreColumns(change: ExploreChange): {
  exploreStatus?: SQL;
  explorePublishedAt?: SQL;
  exploreFeaturedAt?: null;
} {
  const hidden = sql`${videoTasks.exploreStatus} = 'hidden'`;
  switch (change.kind) {
    case "keep":
      return {};
    case "off":
      return {
        exploreStatus: sql`case when ${hidden} then 'hidden' end`,
        explorePublishedAt: sql`null`,
        exploreFeaturedAt: null,
      };
    case "publish":
      return {
        exploreStatus: sql`coalesce(${videoTasks.exploreStatus}, ${change.status satisfies ExploreStatus}::text)`,
        explorePublishedAt: sql`case when ${videoTasks.exploreStatus} is null then now() else coalesce(${videoTasks.explorePublishedAt}, now()) end`,
      };
  }
}

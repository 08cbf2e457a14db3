/**
 * Explore's public feed and a video's remix details (issue 72, decision 0164): the videos listed
 * now (videos/explore-visibility.ts decides which, when read), newest or most remixed first, by
 * model and shape, 24 a page with a keyset cursor. A prompt its owner hid is never sent.
 */
import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { ASPECT_RATIOS, MODELS, MODES, RESOLUTIONS } from "../../../shared/catalogue.js";
import {
  EXPLORE_PAGE_SIZE,
  type ExploreFeed,
  type ExploreQuery,
  type ExploreVideo,
} from "../../../shared/schemas/explore.js";
import type { Settings } from "../settings/service.js";
import { listedInExplore, outerId, remixCountSql } from "../videos/explore-visibility.js";
import { sharePosterPath, signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import { cursorTimeText, decodeCursor, encodeCursor, type CursorOrder } from "./cursor.js";

export interface ExploreDeps {
  db: Db;
  config: { publicUrl: string };
  videoUrls: VideoUrlSigner;
  readSettings(): Promise<Pick<Settings, "exploreMode">>;
}

/** The feed's video links last a day, ending on the hour: the answer stays the same while cached. */
const PUBLIC_LINK_SECONDS = 24 * 3600;
export const VIDEO_NOT_FOUND = "This video is not in Explore.";

/** The video's frame kept beside its 720p copy (decision 0083): served by its share id. */
const hasPosterSql = sql<boolean>`exists (select 1 from video_files f where f.video_task_id = ${outerId} and f.quality = '720p' and f.status = 'archived' and f.poster_blob_name is not null)`;

const feedColumns = {
  id: videoTasks.id,
  shareId: videoTasks.shareId,
  prompt: videoTasks.prompt,
  sharePromptHidden: videoTasks.sharePromptHidden,
  model: videoTasks.model,
  mode: videoTasks.mode,
  aspectRatio: videoTasks.aspectRatio,
  durationSeconds: videoTasks.durationSeconds,
  resolution: videoTasks.resolution,
  audio: videoTasks.audio,
  resultUrls: videoTasks.resultUrls,
  featuredAt: videoTasks.exploreFeaturedAt,
  publishedAt: videoTasks.explorePublishedAt,
  createdAt: videoTasks.createdAt,
  remixCount: remixCountSql,
  hasPoster: hasPosterSql,
  publishedKey: cursorTimeText(videoTasks.explorePublishedAt),
  featuredKey: cursorTimeText(videoTasks.exploreFeaturedAt),
};

type ExploreRow = {
  id: string;
  shareId: string | null;
  prompt: string;
  sharePromptHidden: boolean;
  model: string;
  mode: string;
  aspectRatio: string;
  durationSeconds: number | null;
  resolution: string | null;
  audio: boolean | null;
  resultUrls: string[] | null;
  featuredAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  remixCount: number;
  hasPoster: boolean;
  publishedKey: string;
  featuredKey: string;
};

/** A value of the catalogue's list, or `fallback` for one it no longer has (never a broken answer). */
const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** The 720p video's link: our copy, signed and bound to its share (unsharing ends it); a provider's link as it is. */
export function exploreVideoUrl(
  deps: Pick<ExploreDeps, "videoUrls">,
  resultUrl: string,
  shareId: string | undefined,
  ttlSeconds = PUBLIC_LINK_SECONDS,
): string {
  return deps.videoUrls.sign(resultUrl, "", signedUntil(ttlSeconds), shareId);
}

function toExploreVideo(deps: Pick<ExploreDeps, "videoUrls">, row: ExploreRow): ExploreVideo {
  const shareId = row.shareId ?? "";
  return {
    id: shareId,
    videoUrl: exploreVideoUrl(deps, row.resultUrls?.[0] ?? "", shareId),
    posterUrl: row.hasPoster ? sharePosterPath(shareId) : null,
    prompt: row.sharePromptHidden ? null : row.prompt,
    model: oneOf(MODELS, row.model, "veo3"),
    mode: oneOf(MODES, row.mode, "text"),
    aspectRatio: oneOf(ASPECT_RATIOS, row.aspectRatio, "16:9"),
    durationSeconds: row.durationSeconds,
    resolution: row.resolution === null ? null : oneOf(RESOLUTIONS, row.resolution, "720p"),
    audio: row.audio,
    remixCount: row.remixCount,
    featured: row.featuredAt !== null,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

/** The page's order, the condition after the cursor, and the cursor of its last row. */
function feedOrder(query: ExploreQuery): {
  order: CursorOrder;
  orderBy: SQL[];
  after(cursor: { t: string; c?: number; id: string }): SQL;
  cursorOf(row: ExploreRow): { t: string; c?: number; id: string };
} {
  if (query.sort === "remixed")
    return {
      order: "r",
      orderBy: [desc(remixCountSql), desc(videoTasks.explorePublishedAt), desc(videoTasks.id)],
      after: (c) =>
        sql`(${remixCountSql}, ${videoTasks.explorePublishedAt}, ${videoTasks.id}) < (${c.c ?? 0}::int, ${c.t}::timestamptz, ${c.id}::uuid)`,
      cursorOf: (row) => ({ t: row.publishedKey, c: row.remixCount, id: row.id }),
    };
  // The featured row: the latest featured first.
  if (query.featured)
    return {
      order: "f",
      orderBy: [desc(videoTasks.exploreFeaturedAt), desc(videoTasks.id)],
      after: (c) => sql`(${videoTasks.exploreFeaturedAt}, ${videoTasks.id}) < (${c.t}::timestamptz, ${c.id}::uuid)`,
      cursorOf: (row) => ({ t: row.featuredKey, id: row.id }),
    };
  return {
    order: "n",
    orderBy: [desc(videoTasks.explorePublishedAt), desc(videoTasks.id)],
    after: (c) => sql`(${videoTasks.explorePublishedAt}, ${videoTasks.id}) < (${c.t}::timestamptz, ${c.id}::uuid)`,
    cursorOf: (row) => ({ t: row.publishedKey, id: row.id }),
  };
}

/** GET /api/explore. */
export async function readFeed(deps: ExploreDeps, query: ExploreQuery): Promise<ExploreFeed> {
  const order = feedOrder(query);
  // A cursor is checked before anything else: a bad one is 400 whatever the mode.
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, order.order);
  const { exploreMode } = await deps.readSettings();
  if (exploreMode === "off") return { enabled: false, videos: [], nextCursor: null };
  const rows: ExploreRow[] = await deps.db
    .select(feedColumns)
    .from(videoTasks)
    .where(
      and(
        listedInExplore,
        isNotNull(videoTasks.explorePublishedAt),
        query.featured ? isNotNull(videoTasks.exploreFeaturedAt) : undefined,
        query.model ? eq(videoTasks.model, query.model) : undefined,
        query.shape ? eq(videoTasks.aspectRatio, query.shape) : undefined,
        cursor ? order.after(cursor) : undefined,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(EXPLORE_PAGE_SIZE + 1);
  const page = rows.slice(0, EXPLORE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    enabled: true,
    videos: page.map((row) => toExploreVideo(deps, row)),
    nextCursor:
      rows.length > EXPLORE_PAGE_SIZE && last ? encodeCursor({ o: order.order, ...order.cursorOf(last) }) : null,
  };
}

/** GET /api/explore/:id: a video listed now, by its share id; anything else is 404. */
export async function readExploreVideo(deps: ExploreDeps, shareId: string): Promise<ExploreVideo> {
  const { exploreMode } = await deps.readSettings();
  if (exploreMode === "off") throw notFound(VIDEO_NOT_FOUND);
  const [row] = await deps.db
    .select(feedColumns)
    .from(videoTasks)
    .where(and(eq(videoTasks.shareId, shareId), listedInExplore))
    .limit(1);
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return toExploreVideo(deps, row);
}

/**
 * The admin's Explore tab (issue 72, decision 0164): the videos waiting for approval, reported,
 * listed, featured or hidden, with counts per filter, and what an admin does to one. Every action
 * is recorded in the audit log in its own transaction, on the video's row locked for it.
 * Hiding (and restoring, and dismissing) resolves the video's open reports; a hidden video stays
 * hidden whatever its owner does until an admin restores it. Delete is its owner's delete (files
 * and all; videos/video-removal.ts).
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Db, type Queryable } from "../../db/connect.js";
import { exploreReports, users, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { ASPECT_RATIOS, MODELS } from "../../../shared/catalogue.js";
import {
  EXPLORE_MODES,
  EXPLORE_PAGE_SIZE,
  EXPLORE_STATUSES,
  type AdminExploreAction,
  type AdminExplorePage,
  type AdminExploreVideo,
  type ExploreMode,
  type ExploreReportReason,
  type ExploreStatus,
} from "../../../shared/schemas/explore.js";
import type { AuditAction } from "../../../shared/audit.js";
import { fieldChanges, recordAudit, type AuditActor } from "../audit/audit-log.js";
import type { Settings } from "../settings/service.js";
import { liveSharedVideo, outerId, remixCountSql } from "../videos/explore-visibility.js";
import { markVideosDeleted, removeBlobs } from "../videos/video-removal.js";
import { sharePosterPath, type VideoUrlSigner } from "../videos/video-files.js";
import { cursorTimeText, decodeCursor, encodeCursor } from "./cursor.js";
import { exploreVideoUrl } from "./feed.js";

export interface AdminExploreDeps {
  db: Db;
  videoUrls: VideoUrlSigner;
  videoStore: VideoStore;
  readSettings(): Promise<Pick<Settings, "exploreMode">>;
}

type Filter = keyof AdminExplorePage["counts"];

/** The admin's links last an hour. */
const ADMIN_LINK_SECONDS = 3600;
/** The latest reports shown with each video. */
const REPORTS_SHOWN = 20;
const NOT_FOUND = "Video not found";

const openReportsSql = sql<number>`(select count(*) from explore_reports er where er.video_task_id = ${outerId} and er.resolved_at is null)::int`;
const hasOpenReports = sql`exists (select 1 from explore_reports er where er.video_task_id = ${outerId} and er.resolved_at is null)`;

/** What each filter shows: never a deleted video; listed and featured as the public sees them. */
const FILTERS: Record<Filter, SQL> = {
  pending: eq(videoTasks.exploreStatus, "pending"),
  reported: and(inArray(videoTasks.exploreStatus, ["pending", "listed"]), hasOpenReports)!,
  listed: and(eq(videoTasks.exploreStatus, "listed"), liveSharedVideo)!,
  featured: and(eq(videoTasks.exploreStatus, "listed"), liveSharedVideo, isNotNull(videoTasks.exploreFeaturedAt))!,
  hidden: eq(videoTasks.exploreStatus, "hidden"),
};

/** The list's order: the latest published first (a pending video by when it was sent). */
const timeKey = sql`coalesce(${videoTasks.explorePublishedAt}, ${videoTasks.createdAt})`;

const columns = {
  id: videoTasks.id,
  taskId: videoTasks.taskId,
  shareId: videoTasks.shareId,
  isPublic: videoTasks.isPublic,
  owner: users.username,
  prompt: videoTasks.prompt,
  sharePromptHidden: videoTasks.sharePromptHidden,
  resultUrls: videoTasks.resultUrls,
  model: videoTasks.model,
  aspectRatio: videoTasks.aspectRatio,
  status: videoTasks.exploreStatus,
  featuredAt: videoTasks.exploreFeaturedAt,
  publishedAt: videoTasks.explorePublishedAt,
  remixCount: remixCountSql,
  openReports: openReportsSql,
  hasPoster: sql<boolean>`exists (select 1 from video_files f where f.video_task_id = ${outerId} and f.quality = '720p' and f.status = 'archived' and f.poster_blob_name is not null)`,
  key: cursorTimeText(timeKey),
};
type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Queryable, where: SQL | undefined, limit: number) {
  return db
    .select(columns)
    .from(videoTasks)
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .where(and(isNull(videoTasks.deletedAt), isNotNull(videoTasks.exploreStatus), where))
    .orderBy(desc(timeKey), desc(videoTasks.id))
    .limit(limit);
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

async function withReports(db: Queryable, deps: AdminExploreDeps, rows: Row[]): Promise<AdminExploreVideo[]> {
  const reports =
    rows.length === 0
      ? []
      : rowsOf<{
          video_task_id: string;
          reason: string;
          details: string | null;
          created_at: string;
          resolved: boolean;
        }>(
          await db.execute(sql`
            select video_task_id, reason, details, created_at, resolved
            from (
              select video_task_id, reason, details, created_at, resolved_at is not null as resolved,
                row_number() over (partition by video_task_id order by created_at desc, id desc) as n
              from explore_reports
              where video_task_id in (${sql.join(
                rows.map((r) => sql`${r.id}::uuid`),
                sql`, `,
              )})
            ) latest
            where n <= ${REPORTS_SHOWN}
            order by created_at desc`),
        );
  return rows.map((row) => {
    const shared = row.isPublic && row.shareId ? row.shareId : undefined;
    return {
      taskId: row.taskId,
      shareId: shared ?? null,
      owner: row.owner,
      prompt: row.prompt,
      promptHidden: row.sharePromptHidden,
      videoUrl: exploreVideoUrl(deps, row.resultUrls?.[0] ?? "", shared, ADMIN_LINK_SECONDS),
      posterUrl: shared && row.hasPoster ? sharePosterPath(shared) : null,
      model: oneOf(MODELS, row.model, "veo3"),
      aspectRatio: oneOf(ASPECT_RATIOS, row.aspectRatio, "16:9"),
      status: oneOf(EXPLORE_STATUSES, row.status, "pending"),
      featured: row.featuredAt !== null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      remixCount: row.remixCount,
      openReports: row.openReports,
      reports: reports
        .filter((r) => r.video_task_id === row.id)
        .map((r) => ({
          reason: r.reason as ExploreReportReason,
          details: r.details,
          createdAt: new Date(r.created_at).toISOString(),
          resolved: r.resolved,
        })),
    };
  });
}

async function countAll(db: Queryable): Promise<AdminExplorePage["counts"]> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${FILTERS.pending})::int`,
      reported: sql<number>`count(*) filter (where ${FILTERS.reported})::int`,
      listed: sql<number>`count(*) filter (where ${FILTERS.listed})::int`,
      featured: sql<number>`count(*) filter (where ${FILTERS.featured})::int`,
      hidden: sql<number>`count(*) filter (where ${FILTERS.hidden})::int`,
    })
    .from(videoTasks)
    .where(and(isNull(videoTasks.deletedAt), isNotNull(videoTasks.exploreStatus)));
  return row ?? { pending: 0, reported: 0, listed: 0, featured: 0, hidden: 0 };
}

/** GET /api/admin/explore. */
export async function readAdminExplore(
  deps: AdminExploreDeps,
  query: { filter: Filter; cursor?: string },
): Promise<AdminExplorePage> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, "a");
  const after = cursor
    ? sql`(${timeKey}, ${videoTasks.id}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const [rows, counts, settings] = await Promise.all([
    selectRows(deps.db, and(FILTERS[query.filter], after), EXPLORE_PAGE_SIZE + 1),
    countAll(deps.db),
    deps.readSettings(),
  ]);
  const page = rows.slice(0, EXPLORE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    mode: oneOf<ExploreMode>(EXPLORE_MODES, settings.exploreMode, "open"),
    counts,
    videos: await withReports(deps.db, deps, page),
    nextCursor: rows.length > EXPLORE_PAGE_SIZE && last ? encodeCursor({ o: "a", t: last.key, id: last.id }) : null,
  };
}

const conflict = (message: string) => new AppError("conflict", message);

/** What the admin is told after each action. */
const MESSAGES: Record<AdminExploreAction, string> = {
  approve: "Approved: the video is listed in Explore.",
  hide: "Hidden: the video left Explore and stays off until an admin restores it.",
  restore: "Restored.",
  feature: "Featured: the video is in Explore's featured row and on the landing page.",
  unfeature: "No longer featured.",
  dismiss_reports: "The video's reports are dismissed.",
  delete: "The video is deleted, with its files.",
};

/**
 * POST /api/admin/explore/:taskId. The row is locked and read again in the transaction, so an
 * owner's change or another admin's action at the same time is seen, not overwritten; an action
 * the video's state does not allow now is 409 with what it is.
 */
export async function actOnExploreVideo(
  deps: AdminExploreDeps,
  taskId: string,
  input: { action: AdminExploreAction; reason?: string },
  actor: AuditActor,
  log: FastifyBaseLogger,
): Promise<{ message: string; video: AdminExploreVideo | null }> {
  const { action } = input;
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: videoTasks.id,
        status: videoTasks.exploreStatus,
        isPublic: videoTasks.isPublic,
        shareId: videoTasks.shareId,
        featuredAt: videoTasks.exploreFeaturedAt,
        publishedAt: videoTasks.explorePublishedAt,
        prompt: videoTasks.prompt,
        userId: videoTasks.userId,
      })
      .from(videoTasks)
      .where(and(eq(videoTasks.taskId, taskId), isNull(videoTasks.deletedAt)))
      .for("update");
    // Only a video that is (or was put) in Explore, or that was reported there.
    const reported =
      row &&
      (await tx
        .select({ id: exploreReports.id })
        .from(exploreReports)
        .where(eq(exploreReports.videoTaskId, row.id))
        .limit(1));
    if (!row || (row.status === null && !reported?.length)) throw notFound(NOT_FOUND);
    const status = row.status as ExploreStatus | null;
    const isNow = (...allowed: (ExploreStatus | null)[]) => {
      if (!allowed.includes(status))
        throw conflict(
          status === null
            ? "This video is no longer in Explore: its owner took it off."
            : `This video is ${status} now, so it cannot be ${PAST[action]}. Reload the list.`,
        );
    };
    const resolveReports = () =>
      tx
        .update(exploreReports)
        .set({ resolvedAt: new Date() })
        .where(and(eq(exploreReports.videoTaskId, row.id), isNull(exploreReports.resolvedAt)))
        .returning({ id: exploreReports.id });
    const set = (values: Partial<typeof videoTasks.$inferInsert>) =>
      tx.update(videoTasks).set(values).where(eq(videoTasks.id, row.id));
    let after: ExploreStatus | null = status;
    let resolved = 0;
    let files: Awaited<ReturnType<typeof markVideosDeleted>> = [];
    switch (action) {
      case "approve":
        isNow("pending");
        after = "listed";
        // It appears in the feed as new from now.
        await set({ exploreStatus: after, explorePublishedAt: new Date() });
        break;
      case "hide":
        isNow("pending", "listed");
        after = "hidden";
        await set({ exploreStatus: after, exploreFeaturedAt: null });
        resolved = (await resolveReports()).length;
        break;
      case "restore":
        isNow("hidden");
        // Back where it was while its owner still wants it there (shared, and not taken off meanwhile:
        // share-service keeps the owner's wish in its publication time); otherwise simply no longer held.
        after = row.isPublic && row.shareId && row.publishedAt ? "listed" : null;
        await set(after ? { exploreStatus: after } : { exploreStatus: null, explorePublishedAt: null });
        resolved = (await resolveReports()).length;
        break;
      case "feature":
        isNow("listed");
        if (!row.featuredAt) await set({ exploreFeaturedAt: new Date() });
        break;
      case "unfeature":
        isNow("listed");
        if (row.featuredAt) await set({ exploreFeaturedAt: null });
        break;
      case "dismiss_reports":
        resolved = (await resolveReports()).length;
        break;
      case "delete":
        // As its owner's delete (decision 0044): gone from every list, its files after the commit.
        files = await markVideosDeleted(tx, [row.id]);
        resolved = (await resolveReports()).length;
        after = null;
        break;
    }
    const featuredAfter =
      action === "feature" ? true : action === "unfeature" || after !== "listed" ? false : row.featuredAt !== null;
    const changes = fieldChanges(
      { exploreStatus: status, featured: row.featuredAt !== null },
      { exploreStatus: after, featured: featuredAfter },
    );
    await recordAudit(tx, actor, {
      action: `explore.${action}` as AuditAction,
      targetType: "video",
      targetId: taskId,
      targetLabel: row.prompt.length > 80 ? `${row.prompt.slice(0, 80)}…` : row.prompt,
      details: {
        ...(changes.length > 0 ? { changes } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
        ...(resolved > 0 ? { resolvedReports: resolved } : {}),
      },
    });
    return { id: row.id, files };
  });
  if (action === "delete") {
    await removeBlobs(deps.db, deps.videoStore, outcome.files, log);
    return { message: MESSAGES.delete, video: null };
  }
  const [row] = await selectRows(deps.db, eq(videoTasks.id, outcome.id), 1);
  return { message: MESSAGES[action], video: row ? (await withReports(deps.db, deps, [row]))[0]! : null };
}

const PAST: Record<AdminExploreAction, string> = {
  approve: "approved",
  hide: "hidden",
  restore: "restored",
  feature: "featured",
  unfeature: "unfeatured",
  dismiss_reports: "cleared of reports",
  delete: "deleted",
};

/**
 * The landing page's showcase (issue 38, decision 0081). The admin chooses up to SHOWCASE_MAX
 * finished videos: their own (any admin's) or a customer's shared one. What is shown is joined
 * at read time, so a video that is deleted, unshared by its customer or no longer finished leaves
 * the showcase at once (and a customer's video shared again later, under a new link, stays off
 * until the admin chooses it again); a prompt its owner hid is never sent. With nothing chosen, the simulator's
 * sample clips stand in while videos are simulated; a live install shows nothing until chosen.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { showcaseVideos, users, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { MODELS, ASPECT_RATIOS, type AspectRatio, type ModelId } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import {
  SHOWCASE_MAX,
  type AdminShowcase,
  type ShowcaseCandidate,
  type ShowcaseChoice,
  type ShowcaseVideo,
  type ShowcaseView,
} from "../../../shared/schemas/showcase.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";

export interface ShowcaseDeps {
  db: Db;
  config: { publicUrl: string };
  videoUrls: VideoUrlSigner;
  provider: { isSimulated(): Promise<boolean> };
}

/** How many recent candidates the admin's list offers. */
const CANDIDATES_MAX = 48;
/** Public links last a day (ending on the hour, so the answer stays the same for a while). */
const PUBLIC_LINK_SECONDS = 24 * 3600;
const ADMIN_LINK_SECONDS = 3600;

const NOT_FOUND = "Video not found";
const UNAVAILABLE =
  "This video cannot be shown in the showcase: choose a finished video of yours, or one its owner shares.";

/** A video that may be chosen: finished and kept, and an admin's own or shared by its owner. */
const finished = and(
  eq(videoTasks.status, "completed"),
  eq(videoTasks.videoExpired, false),
  isNull(videoTasks.deletedAt),
  isNotNull(videoTasks.resultUrls),
  sql`cardinality(${videoTasks.resultUrls}) > 0`,
)!;
const eligible: SQL = and(finished, or(eq(users.isAdmin, true), eq(videoTasks.isPublic, true)))!;
/** A chosen video still shown: a customer's only while shared under the link it had when chosen. */
const stillShown: SQL = and(
  finished,
  or(
    eq(users.isAdmin, true),
    and(eq(videoTasks.isPublic, true), sql`${videoTasks.shareId} is not distinct from ${showcaseVideos.shareId}`),
  ),
)!;

const columns = {
  id: videoTasks.id,
  taskId: videoTasks.taskId,
  prompt: videoTasks.prompt,
  model: videoTasks.model,
  aspectRatio: videoTasks.aspectRatio,
  resultUrls: videoTasks.resultUrls,
  isPublic: videoTasks.isPublic,
  shareId: videoTasks.shareId,
  sharePromptHidden: videoTasks.sharePromptHidden,
  createdAt: videoTasks.createdAt,
  owner: users.username,
  ownerIsAdmin: users.isAdmin,
};

type Row = {
  id: string;
  taskId: string;
  prompt: string;
  model: string;
  aspectRatio: string;
  resultUrls: string[] | null;
  isPublic: boolean;
  shareId: string | null;
  sharePromptHidden: boolean;
  createdAt: Date;
  owner: string;
  ownerIsAdmin: boolean;
};

const modelOf = (model: string): ModelId =>
  (MODELS as readonly string[]).includes(model) ? (model as ModelId) : "veo3";
const ratioOf = (ratio: string): AspectRatio =>
  (ASPECT_RATIOS as readonly string[]).includes(ratio) ? (ratio as AspectRatio) : "16:9";

/**
 * The video's 720p as a path on this site: our copy signed (bound to its share while shared, so
 * unsharing ends the link too), the simulator's file without the site's address; a provider's
 * link as it is.
 */
function videoUrlOf(deps: ShowcaseDeps, row: Row, ttlSeconds: number): string {
  const url = row.resultUrls?.[0] ?? "";
  const shareId = row.isPublic && row.shareId ? row.shareId : undefined;
  const signed = deps.videoUrls.sign(url, "", signedUntil(ttlSeconds), shareId);
  const base = deps.config.publicUrl;
  return signed.startsWith(`${base}/`) ? signed.slice(base.length) : signed;
}

/** The prompt as it may be shown: never one its owner hid. */
const promptOf = (row: Row): string | null => (row.sharePromptHidden ? null : row.prompt);

async function chosenRows(db: Queryable): Promise<(Row & { caption: string | null })[]> {
  return db
    .select({ ...columns, caption: showcaseVideos.caption })
    .from(showcaseVideos)
    .innerJoin(videoTasks, eq(videoTasks.id, showcaseVideos.videoTaskId))
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .where(stillShown)
    .orderBy(asc(showcaseVideos.position))
    .limit(SHOWCASE_MAX);
}

/** How many chosen videos the showcase shows now: the set-up checklist's step. */
export async function showcaseCount(db: Queryable): Promise<number> {
  return (await chosenRows(db)).length;
}

/** The simulator's sample clips, in English (the web app shows its own words for them). */
const SAMPLE_PROMPTS = [
  "A golden retriever puppy splashes through a shallow mountain stream at sunrise, droplets sparkling in slow motion while birds sing in the pines.",
  "A street food vendor in Hanoi flips crispy pancakes in a sizzling pan at night, crowd chatter and scooters humming past the stall.",
  "Drone shot over turquoise waves crashing on black volcanic rocks in Iceland, wind and surf roaring.",
] as const;

function sampleVideos(): ShowcaseVideo[] {
  return SAMPLE_PROMPTS.map((prompt, index) => ({
    id: `sample-${index + 1}`,
    videoUrl: `/media/showcase/sample-${index + 1}-16x9-720p.mp4`,
    prompt,
    caption: null,
    model: index % 2 === 0 ? "veo3" : "veo3_fast",
    aspectRatio: "16:9",
    sample: true,
  }));
}

/** GET /api/showcase. */
export async function readShowcase(deps: ShowcaseDeps): Promise<ShowcaseView> {
  const rows = await chosenRows(deps.db);
  if (rows.length > 0)
    return {
      source: "chosen",
      videos: rows.map((row) => ({
        id: row.taskId,
        videoUrl: videoUrlOf(deps, row, PUBLIC_LINK_SECONDS),
        prompt: promptOf(row),
        caption: row.caption,
        model: modelOf(row.model),
        aspectRatio: ratioOf(row.aspectRatio),
        sample: false,
      })),
    };
  if (await deps.provider.isSimulated()) return { source: "samples", videos: sampleVideos() };
  return { source: "none", videos: [] };
}

function candidateOf(deps: ShowcaseDeps, row: Row): ShowcaseCandidate {
  return {
    taskId: row.taskId,
    videoUrl: videoUrlOf(deps, row, ADMIN_LINK_SECONDS),
    prompt: promptOf(row),
    promptHidden: row.sharePromptHidden,
    model: modelOf(row.model),
    aspectRatio: ratioOf(row.aspectRatio),
    owner: row.owner,
    ownVideo: row.ownerIsAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/showcase: the choice and the most recent videos that may be chosen. */
export async function readAdminShowcase(deps: ShowcaseDeps, db: Queryable = deps.db): Promise<AdminShowcase> {
  const [chosen, candidates] = await Promise.all([
    chosenRows(db),
    db
      .select(columns)
      .from(videoTasks)
      .innerJoin(users, eq(users.id, videoTasks.userId))
      .where(eligible)
      .orderBy(desc(videoTasks.createdAt))
      .limit(CANDIDATES_MAX),
  ]);
  return {
    max: SHOWCASE_MAX,
    chosen: chosen.map((row): ShowcaseChoice => ({ ...candidateOf(deps, row), caption: row.caption })),
    candidates: candidates.map((row) => candidateOf(deps, row)),
  };
}

/**
 * PUT /api/admin/showcase: the whole choice, in its order, replaces the last one, with its audit
 * record in the same transaction. A video that does not exist is 404; one that may not be shown
 * (not finished, another person's and not shared) is 409 with its reason.
 */
export async function saveShowcase(
  deps: ShowcaseDeps,
  input: { videos: { taskId: string; caption: string | null }[] },
  actor: AuditActor,
): Promise<AdminShowcase> {
  return deps.db.transaction(async (tx) => {
    const taskIds = input.videos.map((v) => v.taskId);
    const found =
      taskIds.length === 0
        ? []
        : await tx
            .select({
              id: videoTasks.id,
              taskId: videoTasks.taskId,
              shareId: videoTasks.shareId,
              allowed: sql<boolean>`coalesce(${eligible}, false)`,
            })
            .from(videoTasks)
            .innerJoin(users, eq(users.id, videoTasks.userId))
            .where(and(inArray(videoTasks.taskId, taskIds), isNull(videoTasks.deletedAt)));
    for (const taskId of taskIds) {
      const row = found.find((f) => f.taskId === taskId);
      if (!row) throw notFound(NOT_FOUND);
      if (!row.allowed) throw new AppError("conflict", UNAVAILABLE, reasoned("showcase_video_unavailable", { taskId }));
    }
    const before = await tx
      .select({ taskId: videoTasks.taskId, caption: showcaseVideos.caption })
      .from(showcaseVideos)
      .innerJoin(videoTasks, eq(videoTasks.id, showcaseVideos.videoTaskId))
      .orderBy(asc(showcaseVideos.position));
    await tx.delete(showcaseVideos);
    if (input.videos.length > 0)
      await tx
        .insert(showcaseVideos)
        .values(
          input.videos.map((v, position) => {
            const row = found.find((f) => f.taskId === v.taskId)!;
            return { videoTaskId: row.id, position, caption: v.caption, shareId: row.shareId };
          }),
        )
        .onConflictDoNothing();
    await recordAudit(tx, actor, {
      action: "showcase.update",
      targetType: "showcase",
      targetLabel: "Landing page showcase",
      details: { before, after: input.videos.map((v) => ({ taskId: v.taskId, caption: v.caption })) },
    });
    return readAdminShowcase(deps, tx);
  });
}

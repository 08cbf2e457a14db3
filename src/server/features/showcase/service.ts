/**
 * The landing page's showcase (issue 38, decision 0081). The admin chooses up to SHOWCASE_MAX
 * finished videos: their own (any admin's) or a customer's shared one. What is shown is joined
 * at read time, so a video that is deleted, unshared by its customer or no longer finished leaves
 * the showcase at once (and a customer's video shared again later, under a new link, stays off
 * until the admin chooses it again); a prompt its owner hid is never sent. With nothing chosen, the simulator's
 * sample clips stand in while videos are simulated; a live install shows nothing until chosen.
 * Each tile carries its video's kept frame as its poster, and each model may have one sample the
 * admin chooses, joined the same way (decision 0166).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { modelSamples, showcaseVideos, users, videoFiles, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { ASPECT_RATIOS, MODEL_CATALOGUE, MODELS, type AspectRatio, type ModelId } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import {
  SHOWCASE_MAX,
  type AdminModelSample,
  type AdminShowcase,
  type ShowcaseCandidate,
  type ShowcaseChoice,
  type ShowcaseVideo,
  type ShowcaseView,
} from "../../../shared/schemas/showcase.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { archivedFileId, sharePosterPath, signedUntil, type VideoUrlSigner } from "../videos/video-files.js";

export interface ShowcaseDeps {
  db: Db;
  config: { publicUrl: string };
  videoUrls: VideoUrlSigner;
  provider: { isSimulated(): Promise<boolean> };
}

/** How many recent candidates the admin's list offers. */
const CANDIDATES_MAX = 48;
/** How many recent videos of one model the sample's chooser offers. */
const MODEL_CANDIDATES_MAX = 12;
/** Public links last a day (ending on the hour, so the answer stays the same for a while). */
const PUBLIC_LINK_SECONDS = 24 * 3600;
const ADMIN_LINK_SECONDS = 3600;

const NOT_FOUND = "Video not found";
const SAMPLE_UNAVAILABLE =
  "This video cannot be this model's sample: choose a finished video of this model, yours or one its owner shares.";
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
const shownWhileSharedAs = (chosenShareId: typeof showcaseVideos.shareId | typeof modelSamples.shareId): SQL =>
  and(
    finished,
    or(
      eq(users.isAdmin, true),
      and(eq(videoTasks.isPublic, true), sql`${videoTasks.shareId} is not distinct from ${chosenShareId}`),
    ),
  )!;
const stillShown = shownWhileSharedAs(showcaseVideos.shareId);
/** A model's sample still shown: as a showcase video is, and still of that model. */
const sampleStillShown: SQL = and(shownWhileSharedAs(modelSamples.shareId), eq(videoTasks.model, modelSamples.model))!;

/** The 720p file whose frame was kept (one per task: video_files_task_quality_idx). */
const keptFrame = and(
  eq(videoFiles.videoTaskId, videoTasks.id),
  eq(videoFiles.quality, "720p"),
  eq(videoFiles.status, "archived"),
  isNotNull(videoFiles.posterBlobName),
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
  posterFileId: videoFiles.id,
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
  posterFileId: string | null;
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

/**
 * The video's kept frame as a path on this site: a shared video's public frame (it dies with the
 * share), else signed for this long; null while it has none (not kept yet, or no frame taken).
 */
function posterUrlOf(deps: ShowcaseDeps, row: Row, ttlSeconds: number): string | null {
  if (!row.posterFileId) return null;
  if (row.isPublic && row.shareId) return sharePosterPath(row.shareId);
  // Only our own copy's frame: a task whose URL is still the provider's has none to show.
  if (!archivedFileId(row.resultUrls?.[0] ?? "")) return null;
  return deps.videoUrls.signPoster(row.posterFileId, signedUntil(ttlSeconds));
}

/** The prompt as it may be shown: never one its owner hid. */
const promptOf = (row: Row): string | null => (row.sharePromptHidden ? null : row.prompt);

async function chosenRows(db: Queryable): Promise<(Row & { caption: string | null })[]> {
  return db
    .select({ ...columns, caption: showcaseVideos.caption })
    .from(showcaseVideos)
    .innerJoin(videoTasks, eq(videoTasks.id, showcaseVideos.videoTaskId))
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .leftJoin(videoFiles, keptFrame)
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

/** A sample clip: its 720p file and the frame committed beside it (scripts/make-sample-posters.mjs). */
function sampleClip(index: number, model: ModelId, aspectRatio: AspectRatio): ShowcaseVideo {
  const variant = (index % SAMPLE_PROMPTS.length) + 1;
  const name = `sample-${variant}-${aspectRatio === "9:16" ? "9x16" : "16x9"}-720p`;
  return {
    id: `sample-${variant}`,
    videoUrl: `/media/showcase/${name}.mp4`,
    posterUrl: `/media/showcase/${name}.jpg`,
    prompt: SAMPLE_PROMPTS[variant - 1]!,
    caption: null,
    model,
    aspectRatio,
    sample: true,
  };
}

function sampleVideos(): ShowcaseVideo[] {
  return SAMPLE_PROMPTS.map((_prompt, index) => sampleClip(index, index % 2 === 0 ? "veo3" : "veo3_fast", "16:9"));
}

/** The clip that stands for a model's sample: its default shape, portrait or not. */
function modelSampleClip(model: ModelId, index: number): ShowcaseVideo {
  const shape = MODEL_CATALOGUE[model].aspectRatios.default;
  return sampleClip(index, model, shape === "9:16" || shape === "3:4" ? "9:16" : "16:9");
}

async function chosenSampleRows(db: Queryable): Promise<Row[]> {
  return db
    .select(columns)
    .from(modelSamples)
    .innerJoin(videoTasks, eq(videoTasks.id, modelSamples.videoTaskId))
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .leftJoin(videoFiles, keptFrame)
    .where(sampleStillShown);
}

function shownVideo(deps: ShowcaseDeps, row: Row, caption: string | null): ShowcaseVideo {
  return {
    id: row.taskId,
    videoUrl: videoUrlOf(deps, row, PUBLIC_LINK_SECONDS),
    posterUrl: posterUrlOf(deps, row, PUBLIC_LINK_SECONDS),
    prompt: promptOf(row),
    caption,
    model: modelOf(row.model),
    aspectRatio: ratioOf(row.aspectRatio),
    sample: false,
  };
}

/** One sample per model, in the catalogue's order: the admin's, else the clip while simulated. */
function modelSampleVideos(deps: ShowcaseDeps, rows: Row[], simulated: boolean): ShowcaseVideo[] {
  return MODELS.flatMap((model, index) => {
    const row = rows.find((r) => r.model === model);
    if (row) return [shownVideo(deps, row, null)];
    return simulated ? [modelSampleClip(model, index)] : [];
  });
}

/** GET /api/showcase. */
export async function readShowcase(deps: ShowcaseDeps): Promise<ShowcaseView> {
  const [rows, sampleRows, simulated] = await Promise.all([
    chosenRows(deps.db),
    chosenSampleRows(deps.db),
    deps.provider.isSimulated(),
  ]);
  const modelSampleList = modelSampleVideos(deps, sampleRows, simulated);
  if (rows.length > 0)
    return {
      source: "chosen",
      videos: rows.map((row) => shownVideo(deps, row, row.caption)),
      modelSamples: modelSampleList,
    };
  if (simulated) return { source: "samples", videos: sampleVideos(), modelSamples: modelSampleList };
  return { source: "none", videos: [], modelSamples: modelSampleList };
}

function candidateOf(deps: ShowcaseDeps, row: Row): ShowcaseCandidate {
  return {
    taskId: row.taskId,
    videoUrl: videoUrlOf(deps, row, ADMIN_LINK_SECONDS),
    posterUrl: posterUrlOf(deps, row, ADMIN_LINK_SECONDS),
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
  const recent = (where: SQL, limit: number) =>
    db
      .select(columns)
      .from(videoTasks)
      .innerJoin(users, eq(users.id, videoTasks.userId))
      .leftJoin(videoFiles, keptFrame)
      .where(where)
      .orderBy(desc(videoTasks.createdAt))
      .limit(limit);
  const [chosen, candidates, samples, ...perModel] = await Promise.all([
    chosenRows(db),
    recent(eligible, CANDIDATES_MAX),
    chosenSampleRows(db),
    ...MODELS.map((model) => recent(and(eligible, eq(videoTasks.model, model))!, MODEL_CANDIDATES_MAX)),
  ]);
  return {
    max: SHOWCASE_MAX,
    chosen: chosen.map((row): ShowcaseChoice => ({ ...candidateOf(deps, row), caption: row.caption })),
    candidates: candidates.map((row) => candidateOf(deps, row)),
    modelSamples: MODELS.map((model, index): AdminModelSample => {
      const sample = samples.find((row) => row.model === model);
      return {
        model,
        chosen: sample ? candidateOf(deps, sample) : null,
        candidates: (perModel[index] ?? []).map((row) => candidateOf(deps, row)),
      };
    }),
  };
}

/**
 * PUT /api/admin/showcase/model-samples/<model>: that model's sample (a finished video of that
 * model the showcase could show), or none; audited like the showcase, in the same transaction.
 */
export async function saveModelSample(
  deps: ShowcaseDeps,
  model: ModelId,
  taskId: string | null,
  actor: AuditActor,
): Promise<AdminShowcase> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ taskId: videoTasks.taskId })
      .from(modelSamples)
      .innerJoin(videoTasks, eq(videoTasks.id, modelSamples.videoTaskId))
      .where(eq(modelSamples.model, model));
    if (taskId === null) await tx.delete(modelSamples).where(eq(modelSamples.model, model));
    else {
      const [row] = await tx
        .select({
          id: videoTasks.id,
          shareId: videoTasks.shareId,
          allowed: sql<boolean>`coalesce(${and(eligible, eq(videoTasks.model, model))}, false)`,
        })
        .from(videoTasks)
        .innerJoin(users, eq(users.id, videoTasks.userId))
        .where(and(eq(videoTasks.taskId, taskId), isNull(videoTasks.deletedAt)));
      if (!row) throw notFound(NOT_FOUND);
      if (!row.allowed)
        throw new AppError("conflict", SAMPLE_UNAVAILABLE, reasoned("showcase_video_unavailable", { taskId }));
      await tx
        .insert(modelSamples)
        .values({ model, videoTaskId: row.id, shareId: row.shareId })
        .onConflictDoUpdate({
          target: modelSamples.model,
          set: { videoTaskId: row.id, shareId: row.shareId, createdAt: new Date() },
        });
    }
    await recordAudit(tx, actor, {
      action: "showcase.update",
      targetType: "showcase",
      targetLabel: `Sample of ${MODEL_CATALOGUE[model].label}`,
      details: { modelSample: model, before: before?.taskId ?? null, after: taskId },
    });
    return readAdminShowcase(deps, tx);
  });
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

/**
 * Failed-video recovery for admins (decision 0022). Re-check asks the provider again about the
 * videos that failed in the last 24 hours: a timeout or a lost callback can mark failed a video
 * that KIE finished after all. Delete removes failed tasks' rows; their ledger rows stay.
 */
import { and, eq, gte, not, like, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import type { DeletedFailedVideos, RecheckReport } from "../../../shared/schemas/admin-recovery.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { takeBackRefund } from "../credits/ledger.js";
import { UNSUBMITTED_PREFIX, type GenerateDeps } from "../videos/generate-service.js";
import type { VideoVendors } from "../videos/video-vendors.js";
import type { Mailer } from "../mail/outbox.js";
import { completeTask } from "../videos/task-state.js";
import { InlineVideoRefused, type InlineVideoKeeper } from "../videos/inline-video.js";
import { pool } from "../../lib/pool.js";

const RECHECK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** One press re-checks at most this many videos (newest first); press again for more. */
const RECHECK_LIMIT = 500;
const RECHECK_CONCURRENCY = 4;

/** "raced": another re-check running at the same moment recovered it first. */
export interface RecoveryDeps {
  db: Db;
  provider: VideoVendors;
  /** When a recovered video's next check is due, and how to wake the worker for it. */
  generation: Pick<GenerateDeps, "firstCheckMs" | "wake">;
  /** A recovered web video is "ready" after all: its person hears so (decision 0086). */
  mailer: Mailer;
  /** Keeps a video handed over inline in our store before its task completes (decision 0176). */
  inlineVideos: Pick<InlineVideoKeeper, "resultUrlsOf">;
}

type Outcome = "recovered" | "chargedAgain" | "refundKept" | "stillFailed" | "unchecked" | "raced";

function failedSinceCondition(since: Date) {
  return and(
    eq(videoTasks.status, "failed"),
    gte(sql`coalesce(${videoTasks.completedAt}, ${videoTasks.createdAt})`, since),
    not(like(videoTasks.taskId, `${UNSUBMITTED_PREFIX}%`)),
  );
}

async function recheckOne(
  ctx: RecoveryDeps,
  task: typeof videoTasks.$inferSelect,
  log?: FastifyBaseLogger,
): Promise<Outcome> {
  let record;
  try {
    record = await (await ctx.provider.makerFor(task)).status(task.taskId);
  } catch (err) {
    log?.warn(
      { taskId: task.taskId, err: err instanceof Error ? err.message : String(err) },
      "re-check: provider not asked",
    );
    return "unchecked";
  }
  if (record.state !== "succeeded") return "stillFailed";
  let resultUrls: string[];
  try {
    // A video handed over inline is kept in our store first, as the task worker keeps it (decision 0176).
    resultUrls = await ctx.inlineVideos.resultUrlsOf(task, record);
  } catch (err) {
    log?.warn(
      { taskId: task.taskId, err: err instanceof Error ? err.message : String(err) },
      "re-check: video not kept",
    );
    return err instanceof InlineVideoRefused ? "stillFailed" : "unchecked";
  }
  return ctx.db.transaction(async (tx): Promise<Outcome> => {
    // Conditional on still being failed: two admins pressing at once recover it once.
    if (
      !(await completeTask(tx, task.id, resultUrls, ctx.generation.firstCheckMs, ctx.mailer, ["failed"], record.cost))
    )
      return "raced";
    if (!task.refunded) return "recovered";
    const taken = await takeBackRefund(tx, task.id, "Video delivered after all (admin re-check): refund taken back");
    return taken ? "chargedAgain" : "refundKept";
  });
}

/** Re-checks and records what it found in the audit log (each recovery commits on its own, so the record follows them). */
export async function recheckFailedVideosAudited(
  ctx: RecoveryDeps,
  actor: AuditActor,
  log?: FastifyBaseLogger,
): Promise<RecheckReport> {
  const report = await recheckFailedVideos(ctx, log);
  const { message: _message, ...figures } = report;
  await recordAudit(ctx.db, actor, { action: "videos.recheck_failed", details: figures });
  return report;
}

async function recheckFailedVideos(
  ctx: RecoveryDeps,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<RecheckReport> {
  const tasks = await ctx.db
    .select()
    .from(videoTasks)
    .where(failedSinceCondition(new Date(now.getTime() - RECHECK_WINDOW_MS)))
    .orderBy(sql`${videoTasks.createdAt} desc`)
    .limit(RECHECK_LIMIT);

  const outcomes: Outcome[] = [];
  await pool(tasks, RECHECK_CONCURRENCY, async (task) => {
    outcomes.push(await recheckOne(ctx, task, log));
  });
  // Recovered 16:9 videos wait for their 1080p version like any other.
  if (outcomes.some((o) => o === "recovered" || o === "chargedAgain" || o === "refundKept")) ctx.generation.wake();

  const n = (o: Outcome) => outcomes.filter((x) => x === o).length;
  const report = {
    checked: tasks.length - n("raced"),
    chargedAgain: n("chargedAgain"),
    refundsKept: n("refundKept"),
    stillFailed: n("stillFailed"),
    unchecked: n("unchecked"),
    recovered: n("recovered") + n("chargedAgain") + n("refundKept"),
  };
  return { message: recheckMessage(report), ...report };
}

function recheckMessage(r: Omit<RecheckReport, "message">): string {
  if (r.checked === 0) return "No failed videos in the last 24 hours";
  const parts = [
    `Checked ${r.checked} failed video${r.checked === 1 ? "" : "s"}: ${r.recovered} recovered, ${r.stillFailed} still failed`,
  ];
  if (r.unchecked > 0) parts.push(`${r.unchecked} could not be checked`);
  if (r.chargedAgain > 0) parts.push(`${r.chargedAgain} refund${r.chargedAgain === 1 ? "" : "s"} taken back`);
  if (r.refundsKept > 0)
    parts.push(`${r.refundsKept} refund${r.refundsKept === 1 ? "" : "s"} left with users who had spent the credits`);
  return parts.join("; ");
}

/** Removes every failed task's row; transactions keep the provider task id (kie_task_id) and stay readable. */
export async function deleteFailedVideos(db: Db, actor: AuditActor): Promise<DeletedFailedVideos> {
  const deleted = await db.transaction(async (tx) => {
    // Rows written before kie_task_id was kept everywhere get it now, before the link is cut.
    await tx.execute(sql`update transactions t set kie_task_id = v.task_id from video_tasks v
      where t.video_task_id = v.id and v.status = 'failed' and t.kie_task_id is null`);
    const rows = await tx.delete(videoTasks).where(eq(videoTasks.status, "failed")).returning({ id: videoTasks.id });
    await recordAudit(tx, actor, { action: "videos.delete_failed", details: { deleted: rows.length } });
    return rows;
  });
  const n = deleted.length;
  return {
    message: n === 0 ? "No failed videos to delete" : `Deleted ${n} failed video${n === 1 ? "" : "s"}`,
    deleted: n,
  };
}

/**
 * The only ways a task leaves "in progress": completed or failed. Each is a conditional update,
 * so a task finishes once however many workers, callbacks or requests race for it; failing
 * refunds the credits in the same database transaction. The person's mail about it (decision
 * 0086, video-notices.ts) is written in that transaction too.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { refundTask } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import { notifyVideoFailed } from "../notifications/outbox.js";
import { refundUhd } from "./uhd.js";
import { mailVideoFailed, mailVideoReady } from "./video-notices.js";
import { type FailureKind, modelLabel } from "../../../shared/videos.js";
import { refundDescription, videoFailureOf } from "../../../shared/video-failures.js";
import { MODEL_CATALOGUE, MODELS } from "../../../shared/catalogue.js";

export const IN_PROGRESS = ["generating", "pending"] as const;

/** The models whose finished videos get a 1080p file afterwards. */
const HD_MODELS = MODELS.filter((m) => MODEL_CATALOGUE[m].upgrades.hd1080);

export type TaskRow = typeof videoTasks.$inferSelect;

/**
 * Stores the result; the task then waits for its 1080p version (every aspect ratio since issue 22).
 * False if it had already finished. `from` is ["failed"] only for the admin re-check of failed videos.
 */
export async function completeTask(
  db: Queryable,
  id: string,
  resultUrls: string[],
  hdFirstCheckMs: number,
  mailer: Mailer,
  from: readonly string[] = IN_PROGRESS,
  /** What the vendor says it charged, in its unit (KIE's creditsConsumed), when it says. */
  vendorCost?: number,
): Promise<boolean> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(videoTasks)
      .set({
        status: "completed",
        resultUrls,
        errorMessage: null,
        failureKind: null,
        completedAt: now,
        leaseUntil: null,
        checkAttempts: 0,
        // A video kept extendable holds its 1080p version until asked for (decision 0050); a model
        // without a 1080p upgrade (every one but Veo, issue 42) has none to fetch, nor has a video
        // paid with welcome credits while they are marked (it stays 720p, decision 0155).
        hdStatus: sql`case when ${videoTasks.welcomeMarked} then 'none' when ${videoTasks.model} not in (${sql.join(
          HD_MODELS.map((m) => sql`${m}`),
          sql`, `,
        )}) or ${videoTasks.vendor} <> 'kie' then 'none' when ${videoTasks.keepExtendable} then 'held' else 'pending' end`,
        ...(vendorCost !== undefined ? { vendorCost: String(vendorCost) } : {}),
        // A 4K version paid for with the video is asked for now too.
        uhdStatus: sql`case when ${videoTasks.uhdStatus} = 'requested' then 'pending' else ${videoTasks.uhdStatus} end`,
        nextCheckAt: new Date(now.getTime() + hdFirstCheckMs),
      })
      .where(and(eq(videoTasks.id, id), inArray(videoTasks.status, [...from])))
      .returning({ userId: videoTasks.userId, createdVia: videoTasks.createdVia, prompt: videoTasks.prompt });
    const task = rows[0];
    if (!task) return false;
    await mailVideoReady(tx, mailer, task);
    return true;
  });
}

/**
 * Marks the task failed and refunds it (and a 4K upgrade paid with it). Returns the video's refunded
 * amount, or undefined if it had already finished. `failureKind` 'refused': the provider refused the
 * prompt for its content (decision 0082); the status is 'failed' all the same, and so is its mail.
 * `mailer` null: the person learns it from the answer to their own request (the provider refused
 * the video when it was submitted), so no mail is written.
 */
export async function failTask(
  db: Db,
  id: string,
  errorMessage: string,
  failureKind: FailureKind | null,
  mailer: Mailer | null,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(videoTasks)
      .set({
        status: "failed",
        errorMessage,
        failureKind,
        completedAt: new Date(),
        leaseUntil: null,
        nextCheckAt: null,
      })
      .where(and(eq(videoTasks.id, id), inArray(videoTasks.status, IN_PROGRESS)))
      .returning({
        userId: videoTasks.userId,
        model: videoTasks.model,
        taskId: videoTasks.taskId,
        createdVia: videoTasks.createdVia,
        prompt: videoTasks.prompt,
      });
    const task = rows[0];
    if (!task) return undefined;
    // The refund row says why in our words, never the vendor's (decision 0163).
    const failure = videoFailureOf(errorMessage, { refused: failureKind === "refused" });
    const refunded = await refundTask(tx, id, refundDescription(failure, modelLabel(task.model)));
    const uhdRefunded = await refundUhd(tx, id, "the video failed");
    await notifyVideoFailed(tx, { ...task, errorMessage, refunded, refused: failureKind === "refused" });
    if (mailer) await mailVideoFailed(tx, mailer, task, refunded + (uhdRefunded ?? 0));
    return refunded;
  });
}

/** Stores the 1080p file; whoever finds it first (worker or a person asking) wins, harmlessly. A pending 4K fetch stays due. */
export async function markHdReady(db: Db, id: string, hdVideoUrl: string): Promise<void> {
  await db
    .update(videoTasks)
    .set({
      hdVideoUrl,
      hdStatus: "ready",
      nextCheckAt: sql`case when ${videoTasks.uhdStatus} = 'pending' then now() else null end`,
      leaseUntil: null,
    })
    .where(eq(videoTasks.id, id));
}

/** Marks a task due now (a callback arrived): the worker re-reads the provider before acting. */
export async function markTaskDue(db: Db, taskId: string): Promise<boolean> {
  const rows = await db
    .update(videoTasks)
    .set({ nextCheckAt: sql`now()` })
    .where(
      and(
        eq(videoTasks.taskId, taskId),
        or(
          inArray(videoTasks.status, IN_PROGRESS),
          eq(videoTasks.hdStatus, "pending"),
          eq(videoTasks.uhdStatus, "pending"),
        ),
      ),
    )
    .returning({ id: videoTasks.id });
  return rows.length > 0;
}

import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { transactions, users, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { refundTask } from "../credits/ledger.js";
import { UHD_OWED } from "./uhd.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { tidyReason } from "../../../shared/schemas/admin-reason.js";

const EXCERPT_MAX = 32;

/** The start of a prompt on one line, "…" where it was cut. */
function promptExcerpt(prompt: string): string {
  const line = tidyReason(prompt);
  const chars = Array.from(line);
  return chars.length <= EXCERPT_MAX
    ? line
    : `${chars
        .slice(0, EXCERPT_MAX - 1)
        .join("")
        .trimEnd()}…`;
}

/** The refund row's words (decision 0076): which video (prompt and the task id's end), by whom, why. */
function refundText(
  video: { prompt: string; taskId: string },
  admin: string,
  reason: string,
  part: RefundPart,
): string {
  const what = part === "4k" ? "the 4K version of video" : "video";
  return `Refund of ${what} “${promptExcerpt(video.prompt)}” (${video.taskId.slice(-8)}) by ${admin}: ${reason}`;
}

type RefundPart = "video" | "4k";

/**
 * Gives a video's 4K charge back, exactly once (the unique index on a task's upgrade refund decides
 * between racing callers). A 4K still being made is given up, so the worker does not refund it again
 * when it ends. Returns the amount, 0 if it was refunded already, undefined if there was no 4K charge.
 */
async function refundFourK(tx: Tx, videoTaskId: string, description: string): Promise<number | undefined> {
  const [charge] = await tx
    .select({ amount: transactions.amount, userId: transactions.userId, kieTaskId: transactions.kieTaskId })
    .from(transactions)
    .where(
      and(eq(transactions.videoTaskId, videoTaskId), eq(transactions.type, "usage"), eq(transactions.upgrade, "4k")),
    )
    .limit(1);
  if (!charge) return undefined;
  const credits = -charge.amount;
  const [refund] = await tx
    .insert(transactions)
    .values({
      userId: charge.userId,
      type: "refund",
      amount: credits,
      description,
      videoTaskId,
      kieTaskId: charge.kieTaskId,
      upgrade: "4k",
    })
    .onConflictDoNothing()
    .returning({ id: transactions.id });
  if (!refund) return 0;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${credits}` })
    .where(eq(users.id, charge.userId));
  await tx
    .update(videoTasks)
    .set({ uhdStatus: "failed", uhdError: "The 4K version was cancelled and its credits refunded." })
    .where(and(eq(videoTasks.id, videoTaskId), inArray(videoTasks.uhdStatus, [...UHD_OWED])));
  return credits;
}

/**
 * Admin refund of a task's usage (or of its 4K upgrade's charge) with a reason, exactly once: a
 * second attempt is a 409. The refund and its audit row commit together.
 */
export async function refundVideo(
  db: Db,
  taskId: string,
  reason: string,
  actor: AuditActor,
  part: RefundPart = "video",
): Promise<number> {
  const [task] = await db
    .select({ id: videoTasks.id, prompt: videoTasks.prompt, username: users.username })
    .from(videoTasks)
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .where(eq(videoTasks.taskId, taskId));
  if (!task) throw notFound("Video not found");
  const description = refundText({ prompt: task.prompt, taskId }, actor.adminUsername, reason, part);
  const amount = await db.transaction(async (tx) => {
    const given =
      part === "4k" ? await refundFourK(tx, task.id, description) : await refundTask(tx, task.id, description);
    if (given === undefined) {
      throw new AppError("not_found", "This video has no 4K charge to refund.", reasoned("no_4k_charge"));
    }
    if (given > 0) {
      await recordAudit(tx, actor, {
        action: "transaction.refund",
        targetType: "video",
        targetId: taskId,
        targetLabel: task.username,
        details: part === "4k" ? { amount: given, reason, part } : { amount: given, reason },
      });
    }
    return given;
  });
  if (amount === 0)
    throw new AppError("conflict", "This video has already been refunded.", reasoned("video_already_refunded"));
  return amount;
}

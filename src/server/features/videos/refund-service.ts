import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { users, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { refundTask } from "../credits/ledger.js";
import { reasoned } from "../../../shared/error-reasons.js";

/** Admin refund of a task's usage, exactly once: a second attempt is a 409. The refund and its audit row commit together. */
export async function refundVideo(db: Db, taskId: string, actor: AuditActor): Promise<number> {
  const [task] = await db
    .select({ id: videoTasks.id, username: users.username })
    .from(videoTasks)
    .innerJoin(users, eq(users.id, videoTasks.userId))
    .where(eq(videoTasks.taskId, taskId));
  if (!task) throw notFound("Video not found");
  const amount = await db.transaction(async (tx) => {
    const given = await refundTask(tx, task.id, `Refund by admin ${actor.adminUsername}`);
    if (given > 0) {
      await recordAudit(tx, actor, {
        action: "transaction.refund",
        targetType: "video",
        targetId: taskId,
        targetLabel: task.username,
        details: { amount: given },
      });
    }
    return given;
  });
  if (amount === 0)
    throw new AppError("conflict", "This video has already been refunded", {}, reasoned("video_already_refunded"));
  return amount;
}

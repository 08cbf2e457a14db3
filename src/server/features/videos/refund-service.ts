import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import { refundTask } from "../credits/ledger.js";

/** Admin refund of a task's usage, exactly once: a second attempt is a 409. */
export async function refundVideo(db: Db, taskId: string, adminUsername: string): Promise<number> {
  const [task] = await db.select({ id: videoTasks.id, refunded: videoTasks.refunded }).from(videoTasks).where(eq(videoTasks.taskId, taskId));
  if (!task) throw notFound("Video not found");
  const amount = await db.transaction((tx) => refundTask(tx, task.id, `Refund by admin ${adminUsername}`));
  if (amount === 0) throw conflict("This video has already been refunded");
  return amount;
}

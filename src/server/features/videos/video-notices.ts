/**
 * The mail a person gets when a video they made on the web finishes (decision 0086): "ready", off
 * by default, or "could not be made" with what was refunded, on by default. Written by task-state
 * in the transaction that finishes the task, so each goes once. Videos made through the API
 * (created_via 'api') send none: their automation hears of them by webhook or polling.
 */
import type { Queryable } from "../../db/connect.js";
import type { Mailer } from "../mail/outbox.js";

interface FinishedTask {
  userId: string;
  createdVia: string;
  prompt: string;
}

export async function mailVideoReady(db: Queryable, mailer: Mailer, task: FinishedTask): Promise<void> {
  if (task.createdVia !== "web") return;
  await mailer.toUser(db, task.userId, {
    kind: "video_ready",
    prompt: task.prompt,
    link: `${mailer.publicUrl}/my-creations`,
  });
}

/** `refunded`: every credit given back for it (the video's and a 4K upgrade paid with it). */
export async function mailVideoFailed(
  db: Queryable,
  mailer: Mailer,
  task: FinishedTask,
  refunded: number,
): Promise<void> {
  if (task.createdVia !== "web") return;
  await mailer.toUser(db, task.userId, {
    kind: "video_failed",
    prompt: task.prompt,
    refunded,
    // The message's button says "Try again".
    link: `${mailer.publicUrl}/generate`,
  });
}

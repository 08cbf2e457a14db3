/**
 * An image task's ends (decision 0161): completed with the kept upload, or failed and refunded
 * exactly once. Each end is a conditional update of the row while it is still `generating`, so a
 * second worker (or a late answer) finds nothing to do; the refund is the ledger's
 * refundImageTask, itself guarded by `image_tasks.refunded` and a unique index.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { imageTasks } from "../../db/schema.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { FirstFrameView } from "../../../shared/schemas/first-frames.js";
import { refundImageTask } from "../credits/ledger.js";

export type ImageTaskRow = typeof imageTasks.$inferSelect;

/** What a failed first frame says (English; the web words `failureKind` in the person's language). */
export const FIRST_FRAME_FAILURES = {
  refused:
    "The image model declined this prompt under its content rules. Describe the scene differently and try again.",
  failed: "The image could not be made. Please try again in a few minutes.",
  timedOut: "The image took too long to make. Please try again in a few minutes.",
  interrupted: "The image was interrupted before the image model took it. Please try again.",
  notImage: "The image model sent back something that is not an image. Please try again.",
  noSpace:
    "The image could not be kept: your unused images already fill your upload space. Remove some, then try again.",
} as const;

/** The row as its owner reads it. */
export function firstFrameView(row: ImageTaskRow, uploads: UploadStore): FirstFrameView {
  return {
    id: row.id,
    status: row.status as FirstFrameView["status"],
    prompt: row.prompt,
    aspectRatio: row.aspectRatio,
    creditsUsed: row.creditsUsed,
    imageUrl: row.status === "completed" && row.uploadName ? uploads.urlOf(row.uploadName) : null,
    error: row.status === "failed" ? row.errorMessage : null,
    failureKind: row.failureKind === "refused" ? "refused" : null,
    refunded: row.refunded,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Fails a task still generating and gives its credits back, in one transaction; true when this
 * call failed it. A task already failed is refunded if it somehow was not (never twice).
 */
export async function failImageTask(
  db: Db,
  imageTaskId: string,
  message: string,
  kind: "refused" | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(imageTasks)
      .set({ status: "failed", errorMessage: message, failureKind: kind, completedAt: new Date(), leaseUntil: null })
      .where(and(eq(imageTasks.id, imageTaskId), eq(imageTasks.status, "generating")))
      .returning({ id: imageTasks.id, creditsUsed: imageTasks.creditsUsed });
    const [row] = await tx
      .select({ status: imageTasks.status, creditsUsed: imageTasks.creditsUsed })
      .from(imageTasks)
      .where(eq(imageTasks.id, imageTaskId));
    if (row?.status === "failed") {
      const credits = row.creditsUsed;
      await refundImageTask(
        tx,
        imageTaskId,
        `Refund: first frame ${kind === "refused" ? "refused" : "failed"} (${credits} credit${credits === 1 ? "" : "s"})`,
      );
    }
    return failed !== undefined;
  });
}

/** Completes a task still generating with its kept upload; false when it had ended already. */
export async function completeImageTask(
  db: Db,
  imageTaskId: string,
  done: { uploadName: string; vendorCost?: number },
): Promise<boolean> {
  const [row] = await db
    .update(imageTasks)
    .set({
      status: "completed",
      uploadName: done.uploadName,
      completedAt: new Date(),
      leaseUntil: null,
      ...(done.vendorCost !== undefined ? { vendorCost: String(done.vendorCost) } : {}),
    })
    .where(and(eq(imageTasks.id, imageTaskId), eq(imageTasks.status, "generating")))
    .returning({ id: imageTasks.id });
  return row !== undefined;
}

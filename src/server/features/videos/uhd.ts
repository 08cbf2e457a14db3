/**
 * 4K upgrades (decision 0049). The surcharge is charged once, when the upgrade is asked for (from
 * the details dialog, or with the video); the worker then asks KIE until the file exists; if KIE
 * says the 4K version is unavailable, or the video itself fails, the surcharge comes back exactly
 * once: every refund goes through one conditional update of uhd_status.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { transactions, users, videoTasks } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { creditsText } from "../../../shared/credits-text.js";
import { NOT_ON_HOLD } from "../credits/ledger.js";
import { noticeLowBalance } from "../credits/low-balance.js";
import type { Mailer } from "../mail/outbox.js";
import { MODEL_CATALOGUE, type ModelId } from "../../../shared/catalogue.js";
import { modelLabel } from "../../../shared/videos.js";
import { paymentHoldError } from "../payments/payment-hold.js";
import { drawWelcomeLast, drewWelcomeCredits, welcomeRefusal, welcomeVideoUpgradeRefusal } from "./welcome-mark.js";

/** Paid for and not yet delivered or refunded. */
export const UHD_OWED = ["requested", "pending"] as const;

export const NOT_UPGRADABLE = "Video not found";

/**
 * Charges `cost` credits for the 4K version of the owner's finished video and queues it. Refuses
 * (nothing charged) a video that is not finished, already has or is getting its 4K version, whose
 * 4K version KIE could not make before (refunded once, not sold again), or whose 720p file expired.
 * A charge that crosses the person's low-balance line writes its notice with it (decision 0086).
 * A video paid with welcome credits while they were marked stays 720p; while they are marked
 * (`marksWelcome`), the surcharge is paid with the other credits, or refused (decision 0155).
 */
export async function requestUhd(
  db: Db,
  userId: string,
  taskId: string,
  cost: number,
  description: string,
  mailer: Mailer,
  marksWelcome = false,
): Promise<{ remaining: number }> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        id: videoTasks.id,
        status: videoTasks.status,
        uhdStatus: videoTasks.uhdStatus,
        uhdError: videoTasks.uhdError,
        videoExpired: videoTasks.videoExpired,
        model: videoTasks.model,
        vendor: videoTasks.vendor,
        welcomeMarked: videoTasks.welcomeMarked,
      })
      .from(videoTasks)
      .where(and(eq(videoTasks.userId, userId), eq(videoTasks.taskId, taskId), isNull(videoTasks.deletedAt)))
      .for("update");
    if (!task) throw notFound(NOT_UPGRADABLE);
    if (task.status !== "completed" || task.videoExpired)
      throw new AppError(
        "conflict",
        "Only a finished video can be upgraded to 4K.",
        reasoned("uhd_needs_finished_video"),
      );
    // 4K exists for Veo made by KIE only (issue 42): other models and Google's Veo have none.
    const model = task.model as ModelId;
    if (!MODEL_CATALOGUE[model]?.upgrades.uhd4k || task.vendor !== "kie")
      throw new AppError(
        "conflict",
        `${modelLabel(model)} videos made this way have no 4K version.`,
        reasoned("upgrade_not_offered", { model: modelLabel(model) }),
      );
    if (task.welcomeMarked) throw welcomeVideoUpgradeRefusal();
    if (task.uhdStatus === "ready")
      throw new AppError("conflict", "This video already has its 4K version.", reasoned("uhd_exists"));
    // KIE's "unavailable" says to try another video; a refunded upgrade is not sold twice.
    if (task.uhdStatus === "failed")
      throw new AppError(
        "conflict",
        `The 4K version of this video could not be made${task.uhdError ? `: ${task.uhdError}` : ""}`,
        reasoned("uhd_failed"),
      );
    if ((UHD_OWED as readonly string[]).includes(task.uhdStatus))
      throw new AppError(
        "conflict",
        "The 4K version of this video is already being made.",
        reasoned("uhd_in_progress"),
      );
    if (marksWelcome) await drawWelcomeLast(tx);
    const [user] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${cost}` })
      .where(and(eq(users.id, userId), sql`${users.credits} >= ${cost}`, eq(users.isActive, true), NOT_ON_HOLD))
      .returning({ credits: users.credits, threshold: users.lowCreditsThreshold });
    if (!user) {
      const hold = await paymentHoldError(tx, userId);
      if (hold) throw hold;
      const [me] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      throw new AppError(
        "insufficient_credits",
        `You need ${creditsText(cost)} for the 4K version. You have ${creditsText(me?.credits ?? 0)}.`,
        {
          params: { required: cost, balance: me?.credits ?? 0 },
        },
      );
    }
    await tx
      .update(videoTasks)
      .set({ uhdStatus: "pending", uhdCredits: cost, uhdAttempts: 0, nextCheckAt: sql`now()` })
      .where(eq(videoTasks.id, task.id));
    await tx.insert(transactions).values({
      userId,
      type: "usage",
      amount: -cost,
      description,
      videoTaskId: task.id,
      kieTaskId: taskId,
      upgrade: "4k",
    });
    // Its draws are written by now: welcome credits do not pay for 4K (rolled back, nothing charged).
    if (marksWelcome && (await drewWelcomeCredits(tx, task.id, "4k"))) throw welcomeRefusal("resolution", model);
    await noticeLowBalance(tx, mailer, {
      userId,
      before: user.credits + cost,
      after: user.credits,
      chosenThreshold: user.threshold,
    });
    return { remaining: user.credits };
  });
}

/** Gives the 4K surcharge back and marks the upgrade failed, once. Returns the amount, or undefined if nothing was owed. */
export async function refundUhd(tx: Queryable, id: string, reason: string): Promise<number | undefined> {
  const [task] = await tx
    .update(videoTasks)
    .set({ uhdStatus: "failed", uhdError: reason })
    .where(and(eq(videoTasks.id, id), inArray(videoTasks.uhdStatus, [...UHD_OWED])))
    .returning({ userId: videoTasks.userId, credits: videoTasks.uhdCredits, taskId: videoTasks.taskId });
  if (!task) return undefined;
  if (task.credits > 0) {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${task.credits}` })
      .where(eq(users.id, task.userId));
    await tx.insert(transactions).values({
      userId: task.userId,
      type: "refund",
      amount: task.credits,
      description: `Refund for the 4K version: ${reason}`.slice(0, 500),
      videoTaskId: id,
      kieTaskId: task.taskId,
      upgrade: "4k",
    });
  }
  return task.credits;
}

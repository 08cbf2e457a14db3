/**
 * The credit ledger. A user's balance changes only here, in the same database transaction as
 * the `transactions` row that explains it, so `users.credits` always equals the sum of amounts.
 */
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/connect.js";
import { creditLots, imageTasks, paymentOrders, transactions, users, videoTasks } from "../../db/schema.js";
import type { Mailer } from "../mail/outbox.js";
import { notifyPurchase } from "../notifications/outbox.js";
import { creditsText } from "../../../shared/credits-text.js";
import { markDiscountPaid } from "../codes/discounts.js";
import { noticeLowBalance } from "./low-balance.js";
import { queueReceipt } from "./receipt-mail.js";
import { holdReferralReward } from "../referrals/rewards.js";

/**
 * Moves a balance from `expected` to `target` (an admin's change, decision 0076) with one
 * adjustment row of the difference: a conditional update, so a balance that changed since the
 * admin saw `expected` is left alone. Returns false then (or for an unknown user): nothing written.
 */
export async function changeBalance(
  tx: Tx,
  userId: string,
  expected: number,
  target: number,
  description: string,
): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ credits: target })
    // A deleted account's balance was forfeited (decision 0087): it never moves again.
    .where(and(eq(users.id, userId), eq(users.credits, expected), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!changed) return false;
  await tx.insert(transactions).values({ userId, type: "adjustment", amount: target - expected, description });
  return true;
}

/**
 * A person may spend only while nothing is owed and no payment of theirs is disputed (decision
 * 0084); part of each spending statement's condition on the `users` row, so a refund or dispute
 * landing at the same moment is either seen or serialised before.
 */
export const NOT_ON_HOLD = sql.raw(
  `users.credits_owed = 0 and not exists (select 1 from payment_orders o where o.user_id = users.id and o.dispute_status = 'open')`,
);

/** A new video task as generation records it before the provider is asked. */
export interface VideoReservation {
  userId: string;
  cost: number;
  /** The usage row's text. */
  description: string;
  task: {
    taskId: string;
    prompt: string;
    imageUrls: string[];
    model: string;
    mode: string;
    aspectRatio: string;
    watermark: string | null;
    seeds: number | null;
    enableFallback: boolean;
    createdVia: string;
    nextCheckAt: Date;
    /** Where the finished video's webhook also goes (automation requests only). */
    callbackUrl?: string | null;
    /** The video an extension continues (its provider task id). */
    extendedFrom?: string | null;
    /** Hold the 1080p version so the video can be extended (decision 0050). */
    keepExtendable?: boolean;
    /** The options chosen (issue 42). */
    durationSeconds?: number | null;
    resolution?: string | null;
    audio?: boolean | null;
    /** A draft (decision 0178): its final's model and resolution. */
    draftOfModel?: string | null;
    draftOfResolution?: string | null;
  };
  /** The 4K upgrade asked for with the video (decision 0049): its own usage row, refundable on its own. */
  uhd?: { cost: number; description: string };
}

/**
 * Takes `cost` credits for a video and records its task (pending) and usage row, all in one
 * statement: never below zero, never for a disabled user, whatever runs concurrently. Returns the
 * task's id and the new balance, or undefined when the user cannot pay (then nothing was written).
 * A spend that crosses the person's low-balance line writes its notice in `tx` (decision 0086).
 */
export async function spendOnVideo(
  tx: Tx,
  r: VideoReservation,
  mailer: Mailer,
): Promise<{ id: string; remaining: number } | undefined> {
  const t = r.task;
  const uhdCost = r.uhd?.cost ?? 0;
  const total = r.cost + uhdCost;
  const res = await tx.execute(sql`
    with spent as (
      update users set credits = credits - ${total}
      where id = ${r.userId} and credits >= ${total} and is_active and ${NOT_ON_HOLD}
      returning credits, low_credits_threshold
    ), task as (
      insert into video_tasks (user_id, task_id, prompt, image_urls, model, mode, aspect_ratio, watermark, seeds, enable_fallback, status, credits_used, created_via, next_check_at, callback_url,
        uhd_status, uhd_credits, extended_from, keep_extendable, duration_seconds, resolution, audio, draft_of_model, draft_of_resolution)
      select ${r.userId}, ${t.taskId}, ${t.prompt}, array(select json_array_elements_text(${JSON.stringify(t.imageUrls)}::json)),
        ${t.model}, ${t.mode}, ${t.aspectRatio}, ${t.watermark}, ${t.seeds}::integer, ${t.enableFallback}, 'pending', ${r.cost}, ${t.createdVia}, ${t.nextCheckAt.toISOString()}::timestamptz,
        ${t.callbackUrl ?? null}::text, ${r.uhd ? "requested" : "none"}, ${uhdCost}::integer, ${t.extendedFrom ?? null}::text, ${t.keepExtendable ?? false}::boolean,
        ${t.durationSeconds ?? null}::integer, ${t.resolution ?? null}::text, ${t.audio ?? null}::boolean,
        ${t.draftOfModel ?? null}::text, ${t.draftOfResolution ?? null}::text
      from spent
      returning id
    ), usage as (
      insert into transactions (user_id, type, amount, description, video_task_id, upgrade)
      select ${r.userId}::uuid, 'usage', ${-r.cost}::integer, ${r.description}::text, id, null::text from task
      union all
      select ${r.userId}::uuid, 'usage', ${-uhdCost}::integer, ${r.uhd?.description ?? ""}::text, id, '4k' from task where ${uhdCost}::integer > 0
    )
    select task.id, spent.credits, spent.low_credits_threshold from task, spent`);
  const row = rowsOf<{ id: string; credits: number; low_credits_threshold: number | null }>(res)[0];
  if (!row) return undefined;
  await noticeLowBalance(tx, mailer, {
    userId: r.userId,
    before: row.credits + total,
    after: row.credits,
    chosenThreshold: row.low_credits_threshold,
  });
  return { id: row.id, remaining: row.credits };
}

/**
 * Gives a task's credits back, exactly once: the conditional update on `refunded` lets one
 * caller through, whoever else tries at the same moment. Returns the amount (0 if it was
 * already refunded or unknown).
 */
export async function refundTask(tx: Tx, videoTaskId: string, description: string): Promise<number> {
  const [task] = await tx
    .update(videoTasks)
    .set({ refunded: true, refundedAt: new Date() })
    .where(and(eq(videoTasks.id, videoTaskId), eq(videoTasks.refunded, false)))
    .returning({ userId: videoTasks.userId, creditsUsed: videoTasks.creditsUsed, taskId: videoTasks.taskId });
  if (!task || task.creditsUsed <= 0) return 0;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${task.creditsUsed}` })
    .where(eq(users.id, task.userId));
  await tx.insert(transactions).values({
    userId: task.userId,
    type: "refund",
    amount: task.creditsUsed,
    description,
    videoTaskId,
    kieTaskId: task.taskId,
  });
  return task.creditsUsed;
}

/** A first frame made from text (decision 0161): its price, prompt and the image model asked. */
export interface ImageReservation {
  userId: string;
  cost: number;
  description: string;
  prompt: string;
  aspectRatio: string;
  vendorModel: string;
  /** Should this process die before the vendor answers, the worker fails and refunds it then. */
  nextCheckAt: Date;
}

/**
 * Takes `cost` credits for a first frame and records its image task and usage row in one
 * statement, as spendOnVideo does for a video: never below zero, never for a disabled person or
 * one on hold. Returns the task's id and the new balance, or undefined (nothing written).
 */
export async function spendOnImage(
  tx: Tx,
  r: ImageReservation,
  mailer: Mailer,
): Promise<{ id: string; remaining: number } | undefined> {
  const res = await tx.execute(sql`
    with spent as (
      update users set credits = credits - ${r.cost}
      where id = ${r.userId} and credits >= ${r.cost} and is_active and ${NOT_ON_HOLD}
      returning credits, low_credits_threshold
    ), task as (
      insert into image_tasks (user_id, prompt, aspect_ratio, vendor_model, status, credits_used, next_check_at)
      select ${r.userId}, ${r.prompt}, ${r.aspectRatio}, ${r.vendorModel}, 'generating', ${r.cost}, ${r.nextCheckAt.toISOString()}::timestamptz
      from spent
      returning id
    ), usage as (
      insert into transactions (user_id, type, amount, description, image_task_id)
      select ${r.userId}::uuid, 'usage', ${-r.cost}::integer, ${r.description}::text, id from task
    )
    select task.id, spent.credits, spent.low_credits_threshold from task, spent`);
  const row = rowsOf<{ id: string; credits: number; low_credits_threshold: number | null }>(res)[0];
  if (!row) return undefined;
  await noticeLowBalance(tx, mailer, {
    userId: r.userId,
    before: row.credits + r.cost,
    after: row.credits,
    chosenThreshold: row.low_credits_threshold,
  });
  return { id: row.id, remaining: row.credits };
}

/**
 * Gives a failed first frame's credits back, exactly once: the conditional update of
 * `image_tasks.refunded` lets one caller through (the unique index on the refund row's
 * image_task_id stands behind it). Returns the amount (0 when already refunded or unknown).
 */
export async function refundImageTask(tx: Tx, imageTaskId: string, description: string): Promise<number> {
  const [task] = await tx
    .update(imageTasks)
    .set({ refunded: true })
    .where(and(eq(imageTasks.id, imageTaskId), eq(imageTasks.refunded, false)))
    .returning({ userId: imageTasks.userId, creditsUsed: imageTasks.creditsUsed, taskId: imageTasks.taskId });
  if (!task || task.creditsUsed <= 0) return 0;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${task.creditsUsed}` })
    .where(eq(users.id, task.userId));
  await tx.insert(transactions).values({
    userId: task.userId,
    type: "refund",
    amount: task.creditsUsed,
    description,
    imageTaskId,
  });
  return task.creditsUsed;
}

/**
 * Takes back the automatic refund of a failed video that the provider later delivered (admin
 * re-check), as an adjustment: never below zero, so a user who already spent the credits keeps
 * them (false). The task stays `refunded`: History offers no second refund for it.
 */
export async function takeBackRefund(tx: Tx, videoTaskId: string, description: string): Promise<boolean> {
  const [task] = await tx
    .select({ userId: videoTasks.userId, creditsUsed: videoTasks.creditsUsed, taskId: videoTasks.taskId })
    .from(videoTasks)
    .where(and(eq(videoTasks.id, videoTaskId), eq(videoTasks.refunded, true)));
  if (!task || task.creditsUsed <= 0) return false;
  const [user] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${task.creditsUsed}` })
    .where(and(eq(users.id, task.userId), gte(users.credits, task.creditsUsed)))
    .returning({ id: users.id });
  if (!user) return false;
  await tx.insert(transactions).values({
    userId: task.userId,
    type: "adjustment",
    amount: -task.creditsUsed,
    description,
    videoTaskId,
    kieTaskId: task.taskId,
  });
  return true;
}

export interface PurchaseCredit {
  /** True for the one call that credited the order; false when it was already credited (or failed). */
  credited: boolean;
  /** The user's balance after this call. */
  balance: number;
  userId: string;
  credits: number;
  /** The package's bonus credits copied onto the order (0 for none), credited as their own row. */
  bonusCredits: number;
}

/** The bonus row's text, named for the package: "Bonus: Pro package" (decision 0075). */
function bonusDescription(packageName: string): string {
  return /\bpack(age)?\b/i.test(packageName) ? `Bonus: ${packageName}` : `Bonus: ${packageName} package`;
}

/**
 * Credits a paid order, exactly once: the conditional status change lets one caller through
 * (webhook, return page, capture or re-check, however often and concurrently they arrive), and
 * the purchase row (and the bonus row) is unique per order besides. Balance, rows and the buyer's
 * receipt (`mailer`, decision 0086) are written in the caller's transaction. `paymentId` is the
 * provider's id of the payment (PayPal capture, Creem order).
 */
export async function creditPurchase(
  tx: Tx,
  orderId: string,
  paymentId: string | null,
  describe: (order: { packageName: string; provider: string }) => string,
  mailer: Mailer,
  /** A plan's period payment (decision 0152): its credits are a `subscription` row that expires then. */
  planCredits?: { expiresAt: Date },
): Promise<PurchaseCredit | undefined> {
  const completedAt = new Date();
  const [order] = await tx
    .update(paymentOrders)
    .set({
      status: "completed",
      completedAt,
      updatedAt: completedAt,
      providerPaymentId: paymentId,
      failureReason: null,
    })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ["created", "pending"])))
    .returning();
  if (!order) {
    const [existing] = await tx
      .select({
        userId: paymentOrders.userId,
        credits: paymentOrders.credits,
        bonusCredits: paymentOrders.bonusCredits,
        balance: users.credits,
      })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(eq(paymentOrders.id, orderId));
    return existing && { credited: false, ...existing };
  }
  const [user] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${order.credits + order.bonusCredits}` })
    .where(eq(users.id, order.userId))
    .returning({ credits: users.credits });
  const row = { userId: order.userId, packageId: order.packageId, paymentOrderId: order.id };
  await tx.insert(transactions).values({
    ...row,
    type: planCredits ? "subscription" : "purchase",
    amount: order.credits,
    description: describe(order),
    expiresAt: planCredits?.expiresAt ?? null,
  });
  if (order.bonusCredits > 0) {
    await tx.insert(transactions).values({
      ...row,
      type: "bonus",
      amount: order.bonusCredits,
      description: bonusDescription(order.packageName),
    });
  }
  // A discount code the order was sold with is now paid for (decision 0156).
  await markDiscountPaid(tx, order);
  await notifyPurchase(tx, order);
  await queueReceipt(tx, mailer, { ...order, completedAt });
  // The referrer's share of a referred person's payment, held until released (decision 0157).
  await holdReferralReward(tx, order);
  // What a refunded payment left owing is paid first (decision 0084).
  const settled = await settleCreditsOwed(tx, order.userId, order.id);
  return {
    credited: true,
    balance: user!.credits - settled,
    userId: order.userId,
    credits: order.credits,
    bonusCredits: order.bonusCredits,
  };
}

/**
 * A purchase first pays what the person owes (decision 0084): called in creditPurchase's
 * transaction once the order's credits are in. Returns the credits settled (0: nothing was owed).
 */
async function settleCreditsOwed(tx: Tx, userId: string, orderId: string): Promise<number> {
  const [user] = await tx
    .select({ credits: users.credits, owed: users.creditsOwed })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  const settled = Math.min(user?.credits ?? 0, user?.owed ?? 0);
  if (settled <= 0) return 0;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${settled}`, creditsOwed: sql`${users.creditsOwed} - ${settled}` })
    .where(eq(users.id, userId));
  await tx.insert(transactions).values({
    userId,
    type: "reversal",
    amount: -settled,
    description: `Settled ${creditsText(settled)} owed for a refunded payment`,
    paymentOrderId: orderId,
  });
  return settled;
}

/**
 * Takes out what is left of a lot whose time is up, exactly once (decision 0150): marking it
 * expired is the gate, so of any callers at the same moment one goes through; then the balance and
 * an expiry row of what was left (the database's trigger empties the lot). Returns the credits
 * taken (0: not due, already expired, or nothing left in it).
 */
export async function expireLot(tx: Tx, lotId: string): Promise<number> {
  const [lot] = await tx
    .update(creditLots)
    .set({ expiredAt: sql`now()` })
    .where(and(eq(creditLots.id, lotId), isNull(creditLots.expiredAt), lte(creditLots.expiresAt, sql`now()`)))
    .returning({ userId: creditLots.userId, remaining: creditLots.remaining });
  if (!lot || lot.remaining <= 0) return 0;
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${lot.remaining}` })
    .where(eq(users.id, lot.userId));
  await tx.insert(transactions).values({
    userId: lot.userId,
    type: "expiry",
    amount: -lot.remaining,
    description: `Expired: ${creditsText(lot.remaining)}`,
    lotId,
  });
  return lot.remaining;
}

/**
 * Takes `cost` credits for one improved prompt (decision 0160), with its usage row, in one
 * statement: never below zero, never for a disabled person or one on hold. Called only once the
 * answer is in hand, so nothing is ever to refund. Returns the new balance, or undefined when the
 * person cannot pay (then nothing was written).
 */
export async function spendOnPromptHelp(
  tx: Tx,
  r: { userId: string; cost: number; description: string },
  mailer: Mailer,
): Promise<number | undefined> {
  const res = await tx.execute(sql`
    with spent as (
      update users set credits = credits - ${r.cost}
      where id = ${r.userId} and credits >= ${r.cost} and is_active and ${NOT_ON_HOLD}
      returning credits, low_credits_threshold
    ), usage as (
      insert into transactions (user_id, type, amount, description)
      select ${r.userId}::uuid, 'usage', ${-r.cost}::integer, ${r.description}::text from spent
    )
    select spent.credits, spent.low_credits_threshold from spent`);
  const row = rowsOf<{ credits: number; low_credits_threshold: number | null }>(res)[0];
  if (!row) return undefined;
  await noticeLowBalance(tx, mailer, {
    userId: r.userId,
    before: row.credits + r.cost,
    after: row.credits,
    chosenThreshold: row.low_credits_threshold,
  });
  return row.credits;
}

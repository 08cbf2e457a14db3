/**
 * The credit ledger. A user's balance changes only here, in the same database transaction as
 * the `transactions` row that explains it, so `users.credits` always equals the sum of amounts.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { rowsOf, type Queryable, type Tx } from "../../db/connect.js";
import { paymentOrders, transactions, users, videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { notifyPurchase } from "../notifications/outbox.js";

/** Sets a balance to an absolute value (admin edit) and records the difference as an adjustment. */
export async function setBalance(
  tx: Tx,
  userId: string,
  credits: number,
  describe: (previous: number) => string,
): Promise<{ previous: number; credits: number }> {
  const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw notFound("User not found");
  const delta = credits - row.credits;
  if (delta !== 0) {
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${delta}` })
      .where(eq(users.id, userId));
    await tx
      .insert(transactions)
      .values({ userId, type: "adjustment", amount: delta, description: describe(row.credits) });
  }
  return { previous: row.credits, credits };
}

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
  };
  /** The 4K upgrade asked for with the video (decision 0049): its own usage row, refundable on its own. */
  uhd?: { cost: number; description: string };
}

/**
 * Takes `cost` credits for a video and records its task (pending) and usage row, all in one
 * statement: never below zero, never for a disabled user, whatever runs concurrently. One round
 * trip instead of a transaction of four, as generation is the busiest write. Returns the task's
 * id and the new balance, or undefined when the user cannot pay (then nothing was written).
 */
export async function spendOnVideo(
  db: Queryable,
  r: VideoReservation,
): Promise<{ id: string; remaining: number } | undefined> {
  const t = r.task;
  const uhdCost = r.uhd?.cost ?? 0;
  const total = r.cost + uhdCost;
  const res = await db.execute(sql`
    with spent as (
      update users set credits = credits - ${total}
      where id = ${r.userId} and credits >= ${total} and is_active
      returning credits
    ), task as (
      insert into video_tasks (user_id, task_id, prompt, image_urls, model, mode, aspect_ratio, watermark, seeds, enable_fallback, status, credits_used, created_via, next_check_at, callback_url,
        uhd_status, uhd_credits, extended_from, keep_extendable)
      select ${r.userId}, ${t.taskId}, ${t.prompt}, array(select json_array_elements_text(${JSON.stringify(t.imageUrls)}::json)),
        ${t.model}, ${t.mode}, ${t.aspectRatio}, ${t.watermark}, ${t.seeds}::integer, ${t.enableFallback}, 'pending', ${r.cost}, ${t.createdVia}, ${t.nextCheckAt.toISOString()}::timestamptz,
        ${t.callbackUrl ?? null}::text, ${r.uhd ? "requested" : "none"}, ${uhdCost}::integer, ${t.extendedFrom ?? null}::text, ${t.keepExtendable ?? false}::boolean
      from spent
      returning id
    ), usage as (
      insert into transactions (user_id, type, amount, description, video_task_id, upgrade)
      select ${r.userId}::uuid, 'usage', ${-r.cost}::integer, ${r.description}::text, id, null::text from task
      union all
      select ${r.userId}::uuid, 'usage', ${-uhdCost}::integer, ${r.uhd?.description ?? ""}::text, id, '4k' from task where ${uhdCost}::integer > 0
    )
    select task.id, spent.credits from task, spent`);
  const row = rowsOf<{ id: string; credits: number }>(res)[0];
  return row && { id: row.id, remaining: row.credits };
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
}

/**
 * Credits a paid order, exactly once: the conditional status change lets one caller through
 * (webhook, return page, capture or re-check, however often and concurrently they arrive), and
 * the purchase row is unique per order besides. Balance and row change in the caller's
 * transaction. `paymentId` is the provider's id of the payment (PayPal capture, Creem order).
 */
export async function creditPurchase(
  tx: Tx,
  orderId: string,
  paymentId: string | null,
  describe: (order: { packageName: string; provider: string }) => string,
): Promise<PurchaseCredit | undefined> {
  const [order] = await tx
    .update(paymentOrders)
    .set({
      status: "completed",
      completedAt: new Date(),
      updatedAt: new Date(),
      providerPaymentId: paymentId,
      failureReason: null,
    })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ["created", "pending"])))
    .returning();
  if (!order) {
    const [existing] = await tx
      .select({ userId: paymentOrders.userId, credits: paymentOrders.credits, balance: users.credits })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(eq(paymentOrders.id, orderId));
    return (
      existing && { credited: false, balance: existing.balance, userId: existing.userId, credits: existing.credits }
    );
  }
  const [user] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${order.credits}` })
    .where(eq(users.id, order.userId))
    .returning({ credits: users.credits });
  await tx.insert(transactions).values({
    userId: order.userId,
    type: "purchase",
    amount: order.credits,
    description: describe(order),
    packageId: order.packageId,
    paymentOrderId: order.id,
  });
  await notifyPurchase(tx, order);
  return { credited: true, balance: user!.credits, userId: order.userId, credits: order.credits };
}

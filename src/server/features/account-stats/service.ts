/** The signed-in user's own numbers and ledger rows: the /pricing page's stat cards and history. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { TRANSACTIONS_PAGE_SIZE } from "../../../shared/payments.js";
import type { TransactionsPage, TransactionView, UserStats } from "../../../shared/schemas/account.js";
import type { Queryable } from "../../db/connect.js";
import { transactions, users, videoTasks } from "../../db/schema.js";
import { expiringCreditsJson, parseExpiringCredits } from "../credits/credit-split.js";
import { autoRefundDetail, refundDescription, videoFailureOf } from "../../../shared/video-failures.js";
import { modelLabel } from "../../../shared/videos.js";

/**
 * credits: the balance; videosCreated: the user's video tasks; totalSpent: credits used on videos
 * net of refunds (usage rows are negative, refunds positive), never below 0. Purchases and admin
 * adjustments are not spending; creditsOwed and paymentHold say why new videos are blocked (decision
 * 0084); expiring says which of the balance's credits expire when (decision 0151). One statement,
 * so the numbers come from one snapshot.
 * (The subqueries compare with the id as a parameter: drizzle leaves columns unqualified there.)
 */
export async function userStats(db: Queryable, userId: string): Promise<UserStats> {
  const [row] = await db
    .select({
      credits: users.credits,
      // Which of those credits expire when (decision 0151), from the same snapshot as the balance.
      expiring: sql<string | null>`${expiringCreditsJson(userId)}`,
      creditsOwed: users.creditsOwed,
      // The id as a parameter (see above); payment_orders_open_dispute_idx answers it.
      disputed: sql<
        boolean | string
      >`exists (select 1 from payment_orders as po where po.user_id = ${userId} and po.dispute_status = 'open')`,
      videosCreated: sql<string | number>`(select count(*) from ${videoTasks} where ${videoTasks.userId} = ${userId})`,
      used: sql<string | number>`(
        select coalesce(-sum(${transactions.amount}) filter (where ${transactions.type} = 'usage'), 0)
             - coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'refund'), 0)
        from ${transactions} where ${transactions.userId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { credits: 0, expiring: [], videosCreated: 0, totalSpent: 0, creditsOwed: 0, paymentHold: null };
  const disputed = row.disputed === true || row.disputed === "t" || row.disputed === "true";
  return {
    credits: row.credits,
    expiring: parseExpiringCredits(row.expiring),
    videosCreated: Number(row.videosCreated),
    totalSpent: Math.max(0, Number(row.used)),
    creditsOwed: row.creditsOwed,
    // What owes is said first: buying credits settles it, a dispute only ends by its decision (payment-hold.ts).
    paymentHold: row.creditsOwed > 0 ? "credits_owed" : disputed ? "payment_disputed" : null,
  };
}

/** What a refund row needs of its failed video: the vendor's message, whether refused, the model. */
interface FailedVideo {
  errorMessage: string | null;
  failureKind: string | null;
  model: string | null;
}

/**
 * A ledger row as its owner reads it. An automatic refund of a video that could not be made is
 * worded again from its video (decision 0163): rows written before issue 71 carry the vendor's
 * sentence ("Refund for failed video: Your prompt was flagged by Website…").
 */
function toTransactionView(row: typeof transactions.$inferSelect, video: FailedVideo | null): TransactionView {
  const view: TransactionView = {
    id: row.id,
    type: row.type as TransactionView["type"],
    amount: row.amount,
    description: row.description,
    videoTaskId: row.videoTaskId,
    packageId: row.packageId,
    paymentOrderId: row.paymentOrderId,
    createdAt: row.createdAt.toISOString(),
  };
  const detail = row.type === "refund" && !row.upgrade ? autoRefundDetail(row.description) : undefined;
  if (detail === undefined) return view;
  const reason = videoFailureOf(video?.errorMessage ?? detail, { refused: video?.failureKind === "refused" });
  const model = video?.model ? modelLabel(video.model) : "";
  return { ...view, description: refundDescription(reason, model || undefined), failure: { reason, model } };
}

/** Newest first, id breaking ties so rows never repeat or vanish between pages (transactions_user_created_idx). */
export async function transactionPage(db: Queryable, userId: string, page: number): Promise<TransactionsPage> {
  const own = eq(transactions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: transactions,
        errorMessage: videoTasks.errorMessage,
        failureKind: videoTasks.failureKind,
        model: videoTasks.model,
      })
      .from(transactions)
      // The refunded video, for a refund row's words (the same owner's; nothing else is read).
      .leftJoin(
        videoTasks,
        and(
          eq(videoTasks.id, transactions.videoTaskId),
          eq(videoTasks.userId, userId),
          eq(transactions.type, "refund"),
        ),
      )
      .where(own)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(TRANSACTIONS_PAGE_SIZE)
      .offset((page - 1) * TRANSACTIONS_PAGE_SIZE),
    db.select({ total: count() }).from(transactions).where(own),
  ]);
  return {
    data: rows.map(({ row, ...video }) => toTransactionView(row, video)),
    total: Number(total?.total ?? 0),
  };
}

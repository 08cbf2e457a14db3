/** Every user's ledger rows for the admin History page, filtered and paged (decision 0020). */
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type {
  AdminTransactionFilters,
  AdminTransactionsPage,
  AdminTransactionsQuery,
  AdminTransactionView,
} from "../../../shared/schemas/admin-transactions.js";
import type { Queryable } from "../../db/connect.js";
import { paymentOrders, transactions, users, videoTasks } from "../../db/schema.js";
import type { TransactionType } from "../../../shared/schemas/account.js";
import type { PaymentOrderState } from "../../../shared/schemas/admin-payments.js";
import type { TRANSACTION_TYPES } from "../../db/schema.js";

/** db/schema.ts keeps its own list (drizzle-kit loads it alone): this fails to compile when the two differ. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesAgree: Same<(typeof TRANSACTION_TYPES)[number], TransactionType> = true;
void typesAgree;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list's and the CSV export's filters as one condition (undefined: every row). */
export function transactionFilterWhere(q: AdminTransactionFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.type) conditions.push(eq(transactions.type, q.type));
  if (q.userId) conditions.push(eq(transactions.userId, q.userId));
  if (q.user) {
    // strpos, not LIKE: a % or _ typed by the admin is matched as itself.
    const needle = q.user.toLowerCase();
    conditions.push(
      sql`(strpos(lower(${users.username}), ${needle}) > 0 or strpos(lower(coalesce(${users.email}, '')), ${needle}) > 0)`,
    );
  }
  // Whole UTC days, both ends included.
  if (q.dateFrom) conditions.push(gte(transactions.createdAt, new Date(`${q.dateFrom}T00:00:00Z`)));
  if (q.dateTo)
    conditions.push(lt(transactions.createdAt, new Date(new Date(`${q.dateTo}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A video's usage row is refunded when its task says so, or (the task row gone) when a video
 * refund row names the same task; a 4K upgrade's usage row when its own refund exists (decision
 * 0049). Refunds only happen through the ledger, which does both at once. Each `exists` names
 * the partial unique indexes' conditions (type, upgrade), so it is an index probe, not a scan of
 * every transaction (4.5 s to 5 ms a page at 1.1 million rows).
 */
export const refundedSql = sql<boolean>`(${transactions.type} = 'usage' and case when ${transactions.upgrade} is null
  then coalesce(${videoTasks.refunded}, false) or exists (
    select 1 from ${transactions} as r where r.type = 'refund' and r.upgrade is null
      and (r.video_task_id = "transactions"."video_task_id" or r.kie_task_id = "transactions"."kie_task_id"))
  else exists (
    select 1 from ${transactions} as r where r.type = 'refund' and r.upgrade is not null
      and r.upgrade = "transactions"."upgrade" and r.video_task_id = "transactions"."video_task_id")
  end)`;

/** The provider's task id: kept on the row, or (older rows) read from the video task. */
export const providerTaskIdSql = sql<string | null>`coalesce(${transactions.kieTaskId}, ${videoTasks.taskId})`;

/** Newest first, the id breaking ties, so pages neither repeat nor skip rows. */
export async function adminTransactionPage(db: Queryable, q: AdminTransactionsQuery): Promise<AdminTransactionsPage> {
  const where = transactionFilterWhere(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        userId: transactions.userId,
        username: users.username,
        email: users.email,
        type: transactions.type,
        amount: transactions.amount,
        description: transactions.description,
        videoTaskId: transactions.videoTaskId,
        videoPrompt: videoTasks.prompt,
        taskId: providerTaskIdSql,
        upgrade: transactions.upgrade,
        refunded: refundedSql,
        paymentOrder: {
          id: paymentOrders.id,
          provider: paymentOrders.provider,
          packageName: paymentOrders.packageName,
          amount: paymentOrders.amount,
          currency: paymentOrders.currency,
          status: paymentOrders.status,
          refundedCents: paymentOrders.refundedCents,
          reversedCredits: paymentOrders.reversedCredits,
          disputeStatus: paymentOrders.disputeStatus,
        },
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(videoTasks, eq(videoTasks.id, transactions.videoTaskId))
      .leftJoin(paymentOrders, eq(paymentOrders.id, transactions.paymentOrderId))
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(transactions).innerJoin(users, eq(users.id, transactions.userId)).where(where),
  ]);
  return { data: rows.map(toView), total: Number(total?.total ?? 0) };
}

function toView(row: {
  id: string;
  userId: string;
  username: string;
  email: string | null;
  type: string;
  amount: number;
  description: string | null;
  videoTaskId: string | null;
  videoPrompt: string | null;
  taskId: string | null;
  upgrade: string | null;
  refunded: boolean | string | null;
  paymentOrder: {
    id: string;
    provider: string;
    packageName: string;
    amount: string;
    currency: string;
    status: string;
    refundedCents: number;
    reversedCredits: number;
    disputeStatus: string | null;
  } | null;
  createdAt: Date;
}): AdminTransactionView {
  const o = row.paymentOrder;
  return {
    ...row,
    paymentOrder: o
      ? {
          ...o,
          provider: o.provider as PaymentOrderState["provider"],
          status: o.status as PaymentOrderState["status"],
          disputeStatus: o.disputeStatus as PaymentOrderState["disputeStatus"],
        }
      : null,
    kieTaskId: row.taskId,
    type: row.type as AdminTransactionView["type"],
    upgrade: row.upgrade === "4k" ? "4k" : null,
    refunded: row.refunded === true || row.refunded === "t" || row.refunded === "true",
    createdAt: row.createdAt.toISOString(),
  };
}

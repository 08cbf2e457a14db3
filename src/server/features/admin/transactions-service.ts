/** Every user's ledger rows for the admin History page, filtered and paged (decision 0020). */
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_TRANSACTIONS_COUNT_CAP,
  type AdminTransactionFilters,
  type AdminTransactionsPage,
  type AdminTransactionsQuery,
  type AdminTransactionView,
} from "../../../shared/schemas/admin-transactions.js";
import type { Queryable } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { isCursorTime } from "./cursor-time.js";
import { reasoned } from "../../../shared/error-reasons.js";
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
    // The users first, through their trigram indexes (a LIKE, with a typed %, _ or \ escaped so it
    // is matched as itself); then their rows, by (user_id, created_at, id) or, when many users
    // match, walking every row newest first (decision 0106).
    const pattern = `%${q.user.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`${transactions.userId} in (select ${users.id} from ${users} where lower(${users.username}) like ${pattern} or lower(${users.email}) like ${pattern})`,
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

/**
 * A cursor is the last row's time and id, base64url JSON. The time travels as text with
 * microseconds (what PostgreSQL stores), so no row is skipped or repeated between pages.
 */
interface Cursor {
  t: string;
  id: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    c = undefined;
  }
  const { t, id } = (c ?? {}) as Partial<Cursor>;
  if (!isCursorTime(t) || typeof id !== "string" || !UUID.test(id))
    throw new AppError(
      "invalid_input",
      "This cursor is not one this server gave. Start again from the first page.",
      reasoned("cursor_invalid"),
    );
  return { t, id };
}

/** The rows after (time, id), newest first (or from it, `inclusive`): a row comparison the `(created_at desc, id desc)` indexes serve. */
function transactionsAfter(c: Cursor, inclusive = false): SQL {
  const op = sql.raw(inclusive ? "<=" : "<");
  return sql`(${transactions.createdAt}, ${transactions.id}) ${op} (${c.t}::timestamptz, ${c.id}::uuid)`;
}

const createdAtText = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Where a numbered page starts: the key of its first row, found by skipping the rows before it on
 * the index alone (the page's own columns, with their per-row probes, are then read for its rows
 * only). Undefined past the last row.
 */
async function pageStart(
  db: Queryable,
  q: AdminTransactionsQuery,
  where: SQL | undefined,
  page: number,
): Promise<Cursor | undefined> {
  const [row] = await db
    .select({ t: createdAtText, id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1)
    .offset((page - 1) * q.limit);
  return row;
}

/**
 * How many rows match, up to ADMIN_TRANSACTIONS_COUNT_CAP (decision 0106): past it an exact count
 * reads every matching row (10 million without filters), so it stops at the cap plus one.
 */
async function countTransactions(
  db: Queryable,
  where: SQL | undefined,
): Promise<{ total: number; totalCapped: boolean }> {
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(transactions)
    .where(where)
    .limit(ADMIN_TRANSACTIONS_COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > ADMIN_TRANSACTIONS_COUNT_CAP
    ? { total: ADMIN_TRANSACTIONS_COUNT_CAP, totalCapped: true }
    : { total: n, totalCapped: false };
}

/**
 * Newest first, the id breaking ties, so pages neither repeat nor skip rows. A cursor (the
 * previous page's nextCursor) starts after that row: an index walk whatever the depth. `page`
 * (the spec's) still works: it skips the rows before it on their keys, then reads its own.
 */
export async function adminTransactionPage(db: Queryable, q: AdminTransactionsQuery): Promise<AdminTransactionsPage> {
  const where = transactionFilterWhere(q);
  const cursor = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  const page = q.page ?? 1;
  const start = cursor || page === 1 ? undefined : await pageStart(db, q, where, page);
  const pageWhere = cursor
    ? and(where, transactionsAfter(cursor))
    : start
      ? and(where, transactionsAfter(start, true))
      : page === 1
        ? where
        : sql`false`;
  const [rows, counted] = await Promise.all([
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
        createdAtText,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(videoTasks, eq(videoTasks.id, transactions.videoTaskId))
      .leftJoin(paymentOrders, eq(paymentOrders.id, transactions.paymentOrderId))
      .where(pageWhere)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(q.limit + 1),
    countTransactions(db, where),
  ]);
  const shown = rows.slice(0, q.limit);
  const last = shown.at(-1);
  const nextCursor = rows.length > q.limit && last ? encodeCursor({ t: last.createdAtText, id: last.id }) : null;
  return { data: shown.map(({ createdAtText: _text, ...r }) => toView(r)), ...counted, nextCursor };
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

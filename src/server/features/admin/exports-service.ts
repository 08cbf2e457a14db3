/**
 * CSV exports of the admin lists (decision 0054): transactions and users, with the lists' own
 * filters, streamed. Rows are read in keyset batches (the list's order, the id breaking ties; no
 * server-side cursor, so PGlite and PostgreSQL read them alike) only as fast as the client takes
 * the file: the next batch is asked for when the CSV stream wants more, so memory stays flat
 * whatever the row count. csv-stringify writes the file: a UTF-8 BOM (Excel then reads
 * Vietnamese names right), a header row, CRLF lines (RFC 4180), ISO 8601 UTC dates, numbers as
 * numbers, and text starting with = + - @ tab or CR behind an apostrophe (OWASP's CSV injection
 * advice).
 */
import { pipeline, Readable } from "node:stream";
import { stringify, type Options as CsvOptions } from "csv-stringify";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AdminTransactionFilters } from "../../../shared/schemas/admin-transactions.js";
import type { AdminUserFilters } from "../../../shared/schemas/admin-users.js";
import type { Queryable } from "../../db/connect.js";
import { apiTokens, transactions, users, videoTasks } from "../../db/schema.js";
import { providerTaskIdSql, refundedSql, transactionFilterWhere } from "./transactions-service.js";
import { userFilterWhere, userOrderBy, userSortKey, usersAfter } from "./users-service.js";

/** Rows per query: large enough that a million rows are a thousand queries, small enough to hold. */
const EXPORT_BATCH_ROWS = 1000;

export const TRANSACTION_CSV_COLUMNS = [
  "id",
  "created at",
  "user",
  "email",
  "type",
  "amount",
  "description",
  "provider task id",
  "refunded",
] as const;
export const USER_CSV_COLUMNS = [
  "id",
  "username",
  "email",
  "credits",
  "videos",
  "admin",
  "active",
  "api tokens",
  "created at",
] as const;

type Cell = string | number | boolean | Date | null;

const CSV_OPTIONS: CsvOptions = {
  bom: true,
  header: true,
  record_delimiter: "\r\n",
  // Setting record_delimiter turns this off; a description holding a bare \n must still be quoted.
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: {
    boolean: (v) => (v ? "true" : "false"),
    date: (d) => d.toISOString(),
  },
};

/** `transactions-2026-03-01.csv`: what was exported, and the UTC day it was. */
export function exportFileName(kind: "transactions" | "users", now = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The CSV of `rows`: a readable stream of UTF-8 bytes. Pulls from `rows` only when its reader
 * wants more (backpressure); a failed read destroys the stream with the error (the reply then
 * answers 500 before the first byte, or cuts the connection after it, never a short file that
 * looks whole); a client that goes away destroys it, which ends the reads.
 */
function csvStream(columns: readonly string[], rows: AsyncIterable<Cell[]>): Readable {
  const csv = stringify({ ...CSV_OPTIONS, columns: [...columns] });
  pipeline(Readable.from(rows), csv, () => {
    // Errors reach the reply through `csv`, which pipeline destroys with them.
  });
  return csv;
}

/** Every row of `batch(after)` in turn, `after` being the previous batch's last row. */
async function* keyset<R>(batch: (after: R | undefined) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const rows = await batch(after);
    yield* rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = rows.at(-1);
  }
}

/** A timestamp as text with its microseconds (what PostgreSQL stores: a Date would lose them, and rows between pages with it). */
const exactTime = (column: typeof transactions.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** GET /api/admin/exports/transactions.csv: the History page's rows, newest first. */
export function transactionsCsv(db: Queryable, filters: AdminTransactionFilters): Readable {
  const where = transactionFilterWhere(filters);
  const batch = (after: { id: string; at: string } | undefined) =>
    db
      .select({
        id: transactions.id,
        at: exactTime(transactions.createdAt),
        createdAt: transactions.createdAt,
        username: users.username,
        email: users.email,
        type: transactions.type,
        amount: transactions.amount,
        description: transactions.description,
        taskId: providerTaskIdSql,
        refunded: refundedSql,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(videoTasks, eq(videoTasks.id, transactions.videoTaskId))
      .where(
        after
          ? and(
              where,
              // Spelt out, not a row comparison: the index is on created_at alone, and this form walks it.
              sql`${transactions.createdAt} <= ${after.at}::timestamptz`,
              sql`(${transactions.createdAt} < ${after.at}::timestamptz or ${transactions.id} < ${after.id}::uuid)`,
            )
          : where,
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(EXPORT_BATCH_ROWS);
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const r of keyset(batch)) {
      const refunded = r.refunded === true || (r.refunded as unknown) === "t" || (r.refunded as unknown) === "true";
      yield [r.id, r.createdAt, r.username, r.email, r.type, r.amount, r.description, r.taskId, refunded];
    }
  }
  return csvStream(TRANSACTION_CSV_COLUMNS, rows());
}

/** GET /api/admin/exports/users.csv: the user list's rows, in its order. */
export function usersCsv(db: Queryable, filters: AdminUserFilters): Readable {
  const where = userFilterWhere(filters);
  const batch = (after: { id: string; key: string } | undefined) =>
    db
      .select({
        id: users.id,
        key: userSortKey(filters.sort),
        username: users.username,
        email: users.email,
        credits: users.credits,
        videoCount: users.videoCount,
        isAdmin: users.isAdmin,
        isActive: users.isActive,
        // Spelt out: drizzle writes a select list's columns unqualified when there is no join.
        // The /api page's tokens only: OAuth access tokens (decision 0169) have a grant.
        tokens: sql<number>`(select count(*) from ${apiTokens} as t where t.user_id = "users"."id" and t.oauth_grant_id is null)::int`,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(after ? and(where, usersAfter(filters.sort, after.key, after.id)) : where)
      .orderBy(...userOrderBy(filters.sort))
      .limit(EXPORT_BATCH_ROWS);
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const r of keyset(batch)) {
      yield [r.id, r.username, r.email, r.credits, r.videoCount, r.isAdmin, r.isActive, Number(r.tokens), r.createdAt];
    }
  }
  return csvStream(USER_CSV_COLUMNS, rows());
}

/**
 * GET /api/admin/codes/export.csv (decision 0156): one batch, or every code, as a CSV file for a
 * reseller or an event, written by csv-stringify as the other exports are (decision 0054): a UTF-8
 * BOM, a header row, CRLF lines (RFC 4180), ISO 8601 UTC dates, and text starting with = + - @
 * behind an apostrophe. Rows are read 1000 at a time, oldest first, as the stream asks for them.
 */
import { pipeline, Readable } from "node:stream";
import { stringify, type Options as CsvOptions } from "csv-stringify";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { promoCodes } from "../../db/schema.js";
import { formatCents } from "../../lib/money.js";
import { displayCode } from "./code-format.js";

const BATCH_ROWS = 1000;

const CODE_CSV_COLUMNS = [
  "code",
  "kind",
  "label",
  "batch",
  "credits",
  "credit days",
  "percent off",
  "amount off (USD)",
  "max uses",
  "uses",
  "once per person",
  "first purchase only",
  "valid from",
  "valid until",
  "disabled at",
  "created at",
] as const;

type Cell = string | number | boolean | Date | null;

const CSV_OPTIONS: CsvOptions = {
  bom: true,
  header: true,
  record_delimiter: "\r\n",
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { boolean: (v) => (v ? "true" : "false"), date: (d) => d.toISOString() },
};

/** `codes-2026-03-01.csv`, or `codes-<batch>-2026-03-01.csv` for one batch. */
export function codesFileName(batchId: string | undefined, now = new Date()): string {
  return `codes-${batchId ? `${batchId.slice(0, 8)}-` : ""}${now.toISOString().slice(0, 10)}.csv`;
}

export function codesCsv(db: Db, batchId: string | undefined): Readable {
  async function* rows(): AsyncGenerator<Cell[]> {
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const page = await db
        .select({
          code: promoCodes,
          at: sql<string>`to_char(${promoCodes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(promoCodes)
        .where(
          and(
            batchId ? eq(promoCodes.batchId, batchId) : undefined,
            after
              ? sql`(${promoCodes.createdAt}, ${promoCodes.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(promoCodes.createdAt), asc(promoCodes.id))
        .limit(BATCH_ROWS);
      for (const { code: c } of page)
        yield [
          displayCode(c.code),
          c.kind,
          c.label,
          c.batchId,
          c.credits,
          c.creditDays,
          c.percentOff,
          c.amountOffCents === null ? null : formatCents(c.amountOffCents),
          c.maxUses,
          c.uses,
          c.oncePerPerson,
          c.firstPurchaseOnly,
          c.validFrom,
          c.validUntil,
          c.disabledAt,
          c.createdAt,
        ];
      if (page.length < BATCH_ROWS) return;
      const last = page.at(-1)!;
      after = { at: last.at, id: last.code.id };
    }
  }
  const csv = stringify({ ...CSV_OPTIONS, columns: [...CODE_CSV_COLUMNS] });
  pipeline(Readable.from(rows()), csv, () => {
    // Errors reach the reply through `csv`, which pipeline destroys with them.
  });
  return csv;
}

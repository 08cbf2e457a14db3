/**
 * Explore's keyset cursors (decision 0164): the last video's sort key and id, as base64url JSON,
 * tagged with the order it belongs to. Opaque to clients; anything this server did not write (or
 * wrote for another order) is 400 cursor_invalid, never a query error.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { isCursorTime } from "../admin/cursor-time.js";

/** newest ("n"), the featured row ("f"), most remixed ("r"), the admin's list ("a"). */
export type CursorOrder = "n" | "f" | "r" | "a";

export interface Cursor {
  o: CursorOrder;
  /** The time key, UTC with microseconds (what PostgreSQL stores). */
  t: string;
  /** The remix count (order "r" only). */
  c?: number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COUNT_MAX = 2_000_000_000;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

const invalid = () =>
  new AppError(
    "invalid_input",
    "This cursor is not one this feed gave for these filters. Start again from the first page.",
    reasoned("cursor_invalid"),
  );

export function decodeCursor(text: string, order: CursorOrder): Cursor {
  if (!/^[\w-]+$/.test(text)) throw invalid();
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (typeof c !== "object" || c === null || Array.isArray(c)) throw invalid();
  const { o, t, c: count, id } = c as Partial<Record<keyof Cursor, unknown>>;
  if (o !== order || !isCursorTime(t) || typeof id !== "string" || !UUID.test(id)) throw invalid();
  if (order === "r") {
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > COUNT_MAX) throw invalid();
    return { o: order, t, c: count, id };
  }
  if (count !== undefined) throw invalid();
  return { o: order, t, id };
}

/** A timestamp as the cursors carry it: UTC, microseconds. */
export const cursorTimeText = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

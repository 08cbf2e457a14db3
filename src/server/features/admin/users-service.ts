/**
 * Users for the admin pages (decision 0052): the list pages on the server with a keyset cursor
 * (each sort walks its own index, the id breaking ties), searches usernames and e-mails through
 * trigram indexes, and reads the video count from users.video_count (kept by a trigger).
 */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { apiTokens, users } from "../../db/schema.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import {
  MAX_BALANCE,
  type AdminUserFilters,
  type AdminUserListQuery,
  type AdminUserSort,
  type AdminUserView,
  type ChangeCreditsInput,
} from "../../../shared/schemas/admin-users.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { endSessionsAndLinks } from "../../identity/ways-in.js";
import { changeBalance } from "../credits/ledger.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { isCursorTime } from "./cursor-time.js";

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  credits: users.credits,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  createdAt: users.createdAt,
  videoCount: users.videoCount,
  creditsOwed: users.creditsOwed,
  disputeOpen: sql<boolean | string>`${disputeOpenSql()}`,
  deletedAt: users.deletedAt,
};

type UserRow = { createdAt: Date; disputeOpen: boolean | string; deletedAt: Date | null } & Omit<
  AdminUserView,
  "createdAt" | "disputeOpen" | "deletedAt"
>;
const toView = (r: UserRow): AdminUserView => ({
  ...r,
  disputeOpen: r.disputeOpen === true || r.disputeOpen === "t" || r.disputeOpen === "true",
  createdAt: r.createdAt.toISOString(),
  deletedAt: r.deletedAt?.toISOString() ?? null,
});

/** A deleted account (decision 0087) stays deleted: no admin action brings it back or moves its balance. */
function refuseDeleted(user: { deletedAt: Date | null }): void {
  if (user.deletedAt)
    throw new AppError(
      "conflict",
      "This account was deleted by its owner: it cannot be changed.",
      reasoned("account_deleted"),
    );
}

/** A payment of the user is under dispute: a probe of payment_orders_open_dispute_idx (decision 0084). */
function disputeOpenSql(): SQL {
  // Spelt out: drizzle may write columns unqualified, and user_id = id would then compare the order with itself.
  return sql`exists (select 1 from payment_orders as po where po.user_id = "users"."id" and po.dispute_status = 'open')`;
}

/** `%`, `_` and `\` typed by the admin are matched as themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's and the CSV export's filters as one condition (undefined: every user). */
export function userFilterWhere(f: AdminUserFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.q) {
    const pattern = `%${likeEscape(f.q.toLowerCase())}%`;
    conditions.push(sql`(lower(${users.username}) like ${pattern} or lower(${users.email}) like ${pattern})`);
  }
  if (f.status === "deleted") conditions.push(isNotNull(users.deletedAt));
  else if (f.status) conditions.push(and(eq(users.isActive, f.status === "active"), isNull(users.deletedAt))!);
  if (f.role) conditions.push(eq(users.isAdmin, f.role === "admin"));
  if (f.apiTokens) {
    // The /api page's tokens: OAuth access tokens (decision 0169) are connections, not tokens.
    const has = sql`exists (select 1 from ${apiTokens} where ${apiTokens.userId} = ${users.id} and ${apiTokens.oauthGrantId} is null)`;
    conditions.push(f.apiTokens === "with" ? has : sql`not ${has}`);
  }
  if (f.payments === "problems") conditions.push(sql`(${users.creditsOwed} > 0 or ${disputeOpenSql()})`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The column each sort walks (descending), the id breaking ties. */
const SORT_COLUMN = { newest: users.createdAt, credits: users.credits, videos: users.videoCount } as const;

export function userOrderBy(sort: AdminUserSort): SQL[] {
  return [desc(SORT_COLUMN[sort]), desc(users.id)];
}

/**
 * A cursor is the last row's sort value and id, base64url JSON. Timestamps travel as text with
 * microseconds (what PostgreSQL stores), so no row is skipped or repeated between pages.
 */
interface Cursor {
  s: AdminUserSort;
  v: string | number;
  id: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR_INVALID = "This cursor is not one this server gave for this sort. Start again from the first page.";

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(text: string, sort: AdminUserSort): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badRequest(CURSOR_INVALID);
  }
  const { s, v, id } = (c ?? {}) as Partial<Cursor>;
  const valueOk = sort === "newest" ? isCursorTime(v) : Number.isSafeInteger(v);
  if (s !== sort || !valueOk || typeof id !== "string" || !UUID.test(id)) throw badRequest(CURSOR_INVALID);
  return { s, v: v!, id };
}

/** The rows after (value, id) in a sort: a row comparison its index `(column desc, id desc)` serves. Also the CSV export's batches. */
export function usersAfter(sort: AdminUserSort, value: string | number, id: string): SQL {
  const typed = sort === "newest" ? sql`${value}::timestamptz` : sql`${value}::integer`;
  return sql`(${SORT_COLUMN[sort]}, ${users.id}) < (${typed}, ${id}::uuid)`;
}

/** A row's value in a sort as text: timestamps with their microseconds, as PostgreSQL stores them. */
export function userSortKey(sort: AdminUserSort): SQL<string> {
  return sort === "newest"
    ? sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${SORT_COLUMN[sort]}::text`;
}

export interface AdminUserPage {
  users: AdminUserView[];
  /** How many match; with a search, counted up to SEARCH_COUNT_CAP (`capped` when there are more). */
  total: number;
  capped: boolean;
  nextCursor: string | undefined;
}

/**
 * A search counts at most this many matches: a short or common text ("a", ".com") matches most
 * users and trigrams cannot narrow it, so an exact count would read every row (decision 0052).
 */
const SEARCH_COUNT_CAP = 10_000;

async function countUsers(
  db: Db,
  where: SQL | undefined,
  search: boolean,
): Promise<{ total: number; capped: boolean }> {
  if (!search) {
    const [row] = await db.select({ n: count() }).from(users).where(where);
    return { total: Number(row?.n ?? 0), capped: false };
  }
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(users)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ n: count() }).from(matches);
  const n = Number(row?.n ?? 0);
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
}

export async function listUsers(db: Db, q: AdminUserListQuery): Promise<AdminUserPage> {
  const where = userFilterWhere(q);
  const cursor = q.cursor === undefined ? undefined : decodeCursor(q.cursor, q.sort);
  const after = cursor && usersAfter(cursor.s, cursor.v, cursor.id);
  const pageWhere = after ? (where ? and(where, after) : after) : where;
  const [rows, counted] = await Promise.all([
    db
      .select({ ...userColumns, sortKey: userSortKey(q.sort) })
      .from(users)
      .where(pageWhere)
      .orderBy(...userOrderBy(q.sort))
      .limit(q.limit + 1),
    countUsers(db, where, Boolean(q.q)),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ s: q.sort, v: q.sort === "newest" ? last.sortKey : Number(last.sortKey), id: last.id })
      : undefined;
  return { users: page.map(({ sortKey: _key, ...r }) => toView(r)), ...counted, nextCursor };
}

export async function getUserView(db: Queryable, userId: string): Promise<AdminUserView> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return toView(row);
}

/** Enables or disables a user; disabling ends every session of theirs at once. One audit row, in the same transaction. */
export async function setUserActive(
  db: Db,
  actor: AuditActor,
  userId: string,
  isActive: boolean,
): Promise<AdminUserView> {
  if (userId === actor.adminId && !isActive) throw badRequest("You cannot disable your own account");
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: users.isActive, username: users.username, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!before) throw notFound("User not found");
    refuseDeleted(before);
    await tx.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await endSessionsAndLinks(tx, userId);
    await recordAudit(tx, actor, {
      action: isActive ? "user.enable" : "user.disable",
      targetType: "user",
      targetId: userId,
      targetLabel: before.username,
      details: { before: { isActive: before.isActive }, after: { isActive } },
    });
  });
  return getUserView(db, userId);
}

/**
 * Sets a user's own limit of videos at once, or null for the default (decision 0093). One audit
 * row in the same transaction; setting what is already set writes nothing.
 */
export async function setUserInFlightLimit(
  db: Db,
  actor: AuditActor,
  userId: string,
  limit: number | null,
): Promise<AdminUserView> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ limit: users.maxVideosInFlight, username: users.username, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!before) throw notFound("User not found");
    refuseDeleted(before);
    if (before.limit === limit) return;
    await tx.update(users).set({ maxVideosInFlight: limit }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "user.in_flight_limit",
      targetType: "user",
      targetId: userId,
      targetLabel: before.username,
      details: { before: { maxVideosInFlight: before.limit }, after: { maxVideosInFlight: limit } },
    });
  });
  return getUserView(db, userId);
}

/** The balance a change leads to from `balance`. */
function balanceAfter(balance: number, input: ChangeCreditsInput): number {
  if (input.change === "add") return balance + input.amount;
  if (input.change === "subtract") return balance - input.amount;
  return input.amount;
}

/** The adjustment row's words: what happened, by whom, why (decision 0076). */
function adjustmentText(input: ChangeCreditsInput, before: number, admin: string): string {
  if (input.change === "add") return `Credits added by ${admin}: ${input.reason}`;
  if (input.change === "subtract") return `Credits taken away by ${admin}: ${input.reason}`;
  return `Credits set to ${input.amount} by ${admin} (was ${before}): ${input.reason}`;
}

/**
 * Adds, takes away or sets a user's credits with a reason (decision 0076). The change is made
 * from the balance the admin saw (`expectedCredits`) by a conditional update: if the balance moved
 * since, nothing is written and the admin gets 409 with the balance now. One adjustment row and
 * one audit row, in the same transaction; setting the balance it already has writes nothing.
 */
export async function changeUserCredits(
  db: Db,
  actor: AuditActor,
  userId: string,
  input: ChangeCreditsInput,
): Promise<AdminUserView> {
  const seen = input.expectedCredits;
  const target = balanceAfter(seen, input);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ username: users.username, credits: users.credits, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound("User not found");
    refuseDeleted(user);
    if (user.credits !== seen) throw balanceChanged(user.username, seen, user.credits);
    if (target < 0)
      throw new AppError(
        "invalid_input",
        `The balance of ${user.username} is ${seen}: taking away ${input.amount} would leave it below zero. Take away at most ${seen}.`,
        reasoned("credits_below_zero", { username: user.username, credits: seen, amount: input.amount }),
      );
    if (target > MAX_BALANCE)
      throw badRequest(`The balance would be ${target}: it can be at most ${MAX_BALANCE.toLocaleString("en-US")}.`);
    if (target === seen) return; // Set to the balance it has: nothing to record.
    const changed = await changeBalance(tx, userId, seen, target, adjustmentText(input, seen, actor.adminUsername));
    if (!changed) {
      // The balance moved between the read and the update (a video, a payment, another admin).
      const [now] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      throw balanceChanged(user.username, seen, now?.credits ?? seen);
    }
    await recordAudit(tx, actor, {
      action: "user.credits",
      targetType: "user",
      targetId: userId,
      targetLabel: user.username,
      details: {
        before: { credits: seen },
        after: { credits: target },
        change: input.change,
        amount: input.amount,
        reason: input.reason,
      },
    });
  });
  return getUserView(db, userId);
}

function balanceChanged(username: string, seen: number, now: number): AppError {
  return new AppError(
    "conflict",
    `The balance of ${username} changed since you opened this: it is now ${now}. Check the new balance and confirm again.`,
    reasoned("balance_changed", { username, seen, credits: now }),
  );
}

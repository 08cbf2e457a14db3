/**
 * Database sessions behind an opaque cookie. The row is keyed by the SHA-256 of the cookie value;
 * a session expires after SESSION_IDLE_MS without use, SESSION_MAX_AGE_MS after its sign-in however
 * much it is used (decision 0063), and dies with its user's `isActive`.
 */
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../db/connect.js";
import { sessionSecondFactors, sessions, users } from "../db/schema.js";
import { preparedPerDatabase } from "../db/prepared.js";
import { randomToken, sha256Hex } from "../lib/tokens.js";
import type { FreshCache } from "../events/fresh-cache.js";
import { enrolledSql, toSecondFactorState, verifiedAtSql, type SecondFactorState } from "./second-factor-state.js";

/** The session cookie's name over plain HTTP (the local default), where browsers refuse a `__Host-` cookie. */
const SESSION_COOKIE = "sid";
/**
 * Its name under HTTPS (decision 0136): a browser keeps a `__Host-` cookie only when it is Secure,
 * for Path=/ and without Domain, so no subdomain and no plain-HTTP answer can plant or overwrite it.
 */
const SECURE_SESSION_COOKIE = "__Host-sid";
/** The session cookie's name of a site served over HTTPS (`secure`) or not. */
export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends this long after its sign-in even when used every day: a stolen cookie does not live forever. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  /** The address was confirmed (decision 0088). */
  emailVerified: boolean;
  credits: number;
  isAdmin: boolean;
  /** False for an account made by Google sign-in that has not set a password yet. */
  hasPassword: boolean;
  /** The language they chose; null: their browser's. */
  language: string | null;
}

/** Where a session signed in from, shown to admins on the user's page (decision 0052). */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The request's address and browser, the browser's text cut to 300 characters without control characters. */
export function sessionOrigin(request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): SessionOrigin {
  const agent = request.headers["user-agent"];
  const printable = typeof agent === "string" ? [...agent].filter((c) => c >= " " && c !== "\u007f").join("") : "";
  const clean = printable.slice(0, 300);
  return { ip: request.ip ?? null, userAgent: clean || null };
}

export async function createSession(db: Queryable, userId: string, origin?: SessionOrigin): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
  });
  return token;
}

/**
 * The session whose cookie value is `token`, having just passed sign-in's second step, under a new
 * id (decision 0136): one statement ends the old row and makes the new one with its user, its
 * sign-in time (the absolute lifetime and a Google sign-in's age count from it), its expiry and
 * where it signed in, marked as checked now. Whoever else holds the old value (a half-signed-in
 * cookie planted in this browser) holds an ended session. The new cookie value, or undefined when
 * the old session had already ended (signed out, or renewed by a parallel request).
 */
export async function renewCheckedSession(db: Queryable, token: string): Promise<string | undefined> {
  const next = randomToken();
  const renewed = rowsOf<{ session_id: string }>(
    await db.execute(sql`
      with old as (
        delete from ${sessions} where ${sessions.id} = ${sha256Hex(token)}
        returning user_id, created_at, expires_at, ip, user_agent
      ), renewed as (
        insert into ${sessions} (id, user_id, created_at, expires_at, ip, user_agent)
        select ${sha256Hex(next)}, user_id, created_at, expires_at, ip, user_agent from old
        returning id
      )
      insert into ${sessionSecondFactors} (session_id) select id from renewed returning session_id`),
  );
  return renewed.length === 1 ? next : undefined;
}

/** Every API request runs it. */
const sessionLookup = preparedPerDatabase((db: Queryable) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      credits: users.credits,
      isAdmin: users.isAdmin,
      hasPassword: sql<boolean>`${users.password} <> ''`,
      language: users.language,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      secondFactorEnrolled: enrolledSql,
      secondFactorVerifiedAt: verifiedAtSql(sql`sessions.id`),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - ${SESSION_MAX_AGE_MS} * interval '1 millisecond'`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare("resolve_session"),
);

/** A live session: its id (the cookie value's SHA-256), its user, and where it stands with the second factor. */
export interface ResolvedSession {
  id: string;
  user: SessionUser;
  secondFactor: SecondFactorState;
}

/**
 * A session as the sessions cache keeps it: what every request of it gets (`session`, frozen, as
 * requests share it), when it expires unused and when it signed in.
 */
export interface SessionRow {
  session: Readonly<ResolvedSession>;
  expiresAt: Date;
  createdAt: Date;
}

async function loadSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await sessionLookup(db).execute({ id });
  if (!row) return undefined;
  const { secondFactorEnrolled, secondFactorVerifiedAt, expiresAt, createdAt, ...user } = row;
  const secondFactor = Object.freeze(toSecondFactorState(secondFactorEnrolled, secondFactorVerifiedAt));
  return { session: Object.freeze({ id, user: Object.freeze(user), secondFactor }), expiresAt, createdAt };
}

/** The cached row may be minutes old: both ends are checked against the clock too. */
const isLive = (row: SessionRow, now: number): boolean =>
  row.expiresAt.getTime() > now && row.createdAt.getTime() + SESSION_MAX_AGE_MS > now;
/** Where the sliding expiry moves on a use now: never past SESSION_MAX_AGE_MS from the sign-in. */
const extendedExpiry = (row: SessionRow, now: number): number =>
  Math.min(now + SESSION_IDLE_MS, row.createdAt.getTime() + SESSION_MAX_AGE_MS);
const touchDue = (row: SessionRow, now: number): boolean =>
  extendedExpiry(row, now) - row.expiresAt.getTime() >= SESSION_TOUCH_MS;

/**
 * The session with this id from the cache alone, without a promise: when it is kept, live, and
 * its expiry is not due to be extended (written). Undefined otherwise: then ask resolveSessionById.
 */
export function cachedSession(id: string, cache: FreshCache<SessionRow>): Readonly<ResolvedSession> | undefined {
  const row = cache.peek(id);
  if (!row) return undefined;
  const now = Date.now();
  return isLive(row, now) && !touchDue(row, now) ? row.session : undefined;
}

/**
 * The signed-in, active user of a session id (the cookie value's SHA-256) and the session's
 * second factor, or undefined. Extends the session's life, never past SESSION_MAX_AGE_MS from its
 * sign-in. Read through the sessions cache: every API request asks.
 */
export async function resolveSessionById(
  db: Queryable,
  id: string,
  cache: FreshCache<SessionRow>,
): Promise<Readonly<ResolvedSession> | undefined> {
  const row = await cache.get(id, () => loadSession(db, id));
  const now = Date.now();
  if (!row || !isLive(row, now)) return undefined;
  if (touchDue(row, now)) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(extendedExpiry(row, now)) })
      .where(eq(sessions.id, id));
    // The touch is not announced (it changes nothing a page shows): reload it next time.
    cache.delete(id);
  }
  return row.session;
}

/** resolveSessionById for a cookie value. */
export function resolveSession(
  db: Queryable,
  token: string,
  cache: FreshCache<SessionRow>,
): Promise<Readonly<ResolvedSession> | undefined> {
  return resolveSessionById(db, sha256Hex(token), cache);
}

/** Seconds since this session (the cookie's value) was created; Infinity when there is none. */
export async function sessionAgeSeconds(db: Queryable, token: string | undefined): Promise<number> {
  if (!token) return Infinity;
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sha256Hex(token)));
  return session ? Math.max(0, Math.floor((Date.now() - session.createdAt.getTime()) / 1000)) : Infinity;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/**
 * Ends every session of a user, except the one whose cookie value is `keepToken`; returns how many
 * ended. Their open event streams end too (the sessions trigger announces each).
 */
export async function deleteUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepToken ? and(eq(sessions.userId, userId), ne(sessions.id, sha256Hex(keepToken))) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - SESSION_MAX_AGE_MS))));
}

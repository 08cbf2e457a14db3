/**
 * The session cookie: who a request's session names (loaded by http/route-access.ts for the
 * routes that need it), and the checks routes use.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/connect.js";
import type { FreshCache } from "../events/fresh-cache.js";
import type { SecondFactorState } from "../identity/second-factor-state.js";
import {
  cachedSession,
  resolveSessionById,
  SESSION_IDLE_MS,
  sessionCookieName,
  type ResolvedSession,
  type SessionRow,
  type SessionUser,
} from "../identity/sessions.js";
import { sha256Hex } from "../lib/tokens.js";
import { forbidden, unauthorized } from "./errors.js";
import { clearWebTokenCookie, setWebTokenCookie } from "./web-app-token.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The session cookie's name (sessionCookieName): `__Host-sid` under HTTPS, `sid` over plain HTTP. */
    sessionCookie: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The live session's id (its cookie value's SHA-256), with `user`. */
    sessionId?: string;
    /** The session's second factor, read with its user (the gate, features/second-factor/gate.ts, asks). */
    secondFactor?: SecondFactorState;
  }
}

/** The session cookie's value, under the name this site gives it; every reader of the cookie asks here. */
export function sessionCookieValue(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.sessionCookie];
}

/**
 * Sets request.user (and request.secondFactor) from the session cookie, if it names a live session.
 * A promise only when the database must be asked (a session not in the cache, or one whose expiry
 * is due to be extended): the polled reads of a cached session take no promise here.
 */
export function loadSessionUser(
  request: FastifyRequest,
  db: Db,
  sessions: FreshCache<SessionRow>,
): Promise<void> | undefined {
  if (request.user) return undefined;
  const token = sessionCookieValue(request);
  if (!token) return undefined;
  const id = sha256Hex(token);
  const cached = cachedSession(id, sessions);
  if (cached) {
    useSession(request, cached);
    return undefined;
  }
  return resolveSessionById(db, id, sessions).then((session) => useSession(request, session));
}

function useSession(request: FastifyRequest, session: Readonly<ResolvedSession> | undefined): void {
  request.user = session?.user ?? null;
  if (session) {
    request.sessionId = session.id;
    request.secondFactor = session.secondFactor;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/** The session cookie, and beside it the web app's token of that session (`webTokenKey`: http/web-app-token.ts). */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, webTokenKey: string): void {
  reply.setCookie(sessionCookieName(secure), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: SESSION_IDLE_MS / 1000,
  });
  setWebTokenCookie(reply, webTokenKey, token, secure);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName(secure), { path: "/", httpOnly: true, sameSite: "lax", secure });
  clearWebTokenCookie(reply, secure);
}

/**
 * The web price is for the web app (decision 0065). Routes that charge it (`config: { webPrice:
 * true }`) take a session-cookie call only with the browser's fetch metadata
 * (`Sec-Fetch-Site: same-origin`) and the site's own token in `X-CSRF-Token`: an HMAC of the
 * session's id with a key derived from the secrets key, so nothing is stored and every new
 * session (a sign-in) has a new one. The server hands it to the page in the `csrf` cookie (not
 * HttpOnly), which the web app's API client copies into the header.
 *
 * A script can still sign in, read the cookie and send both headers: this is a deterrent, with the
 * terms, not a cryptographic boundary. Scripts use an API token from /api, at the API price.
 */
import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { reasoned } from "../../shared/error-reasons.js";
import type { SecretBox } from "../lib/secret-box.js";
import { sameSecret, sha256Hex } from "../lib/tokens.js";
import { SESSION_IDLE_MS } from "../identity/sessions.js";
import { AppError } from "./errors.js";

export const WEB_TOKEN_COOKIE = "csrf";
const WEB_TOKEN_HEADER = "x-csrf-token";

const WEB_PRICE_MESSAGE =
  "The web price is for the Veo Studio web app. Scripts and automations use an API token from the API page (/api), at the API price.";

/** The key the tokens are made with: the same in every process that shares the secrets key. */
export const webTokenKey = (secretBox: SecretBox): string => secretBox.derive("web-app-csrf");

/** The token of the session whose cookie value is `sessionToken` (its id is the value's SHA-256). */
export function webToken(key: string, sessionToken: string): string {
  return webTokenOfSession(key, sha256Hex(sessionToken));
}

/**
 * Recent sessions' tokens: the web app reads the current user on every page and checks its
 * token against the cookie's, and an HMAC each time was a tenth of that read's CPU. Keyed by
 * the session's id (never its cookie value); the oldest goes first past MEMO_MAX.
 */
const memos = new Map<string, Map<string, string>>();
const MEMO_MAX = 10_000;

/** The token of the session whose id is `sessionId`. */
export function webTokenOfSession(key: string, sessionId: string): string {
  let memo = memos.get(key);
  if (!memo) memos.set(key, (memo = new Map<string, string>()));
  let token = memo.get(sessionId);
  if (token === undefined) {
    token = crypto.createHmac("sha256", key).update(sessionId).digest("base64url");
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(sessionId, token);
  }
  return token;
}

/** Gives the page the token of the session just started (or already running). */
export function setWebTokenCookie(reply: FastifyReply, key: string, sessionToken: string, secure: boolean): void {
  reply.setCookie(WEB_TOKEN_COOKIE, webToken(key, sessionToken), {
    path: "/",
    httpOnly: false,
    sameSite: "lax",
    secure,
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

export function clearWebTokenCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(WEB_TOKEN_COOKIE, { path: "/", httpOnly: false, sameSite: "lax", secure });
}

/**
 * Browsers send fetch metadata only to secure origins: https, or localhost and loopback addresses
 * over http. A site served over plain http elsewhere (self-hosted on a LAN) gets none, so there
 * only the token is asked for.
 */
export function sendsFetchMetadata(publicOrigin: string): boolean {
  const { protocol, hostname } = new URL(publicOrigin);
  return (
    protocol === "https:" ||
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    hostname.startsWith("127.")
  );
}

/** Throws the 403 unless a session-cookie call came from the web app itself. */
export function requireWebApp(request: FastifyRequest, key: string, fetchMetadata: boolean): void {
  const { sessionId } = request; // set with the user whose session the cookie names
  const given = request.headers[WEB_TOKEN_HEADER];
  const site = request.headers["sec-fetch-site"];
  const sameOrigin = site === "same-origin" || (!fetchMetadata && site === undefined);
  if (!sessionId || typeof given !== "string" || !sameOrigin || !sameSecret(given, webTokenOfSession(key, sessionId))) {
    throw new AppError("forbidden", WEB_PRICE_MESSAGE, reasoned("web_price_needs_web_app"));
  }
}

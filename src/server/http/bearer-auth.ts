/**
 * API-token authentication for the automation API: `Authorization: Bearer veo_...`, looked up by
 * its SHA-256 and joined to an active user. Cookies never count here. Add it to a plugin with
 * useBearerAuth(); every route of that plugin then has request.tokenUser (issue 9's event stream
 * can do the same).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/connect.js";
import { findTokenOwner, touchTokenLastUsed } from "../identity/api-token-owner.js";
import { sha256Hex } from "../lib/tokens.js";
import { TOKEN_PREFIX } from "../../shared/automation.js";
import { forbidden, unauthorized } from "./errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "./rate-limit.js";

export interface TokenUser {
  id: string;
  username: string;
  tokenId: string;
  /** What an OAuth access token may do (decision 0169); null: a classic API token, everything. */
  scopes: readonly string[] | null;
  /** When an OAuth access token stops working; null: a classic API token, never. */
  expiresAt: Date | null;
}

declare module "fastify" {
  interface FastifyRequest {
    tokenUser: TokenUser | null;
  }
}

/** lastUsed is written at most this often per token, so polling stays a read. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** `veo_` + 32 random bytes in base64url (43 characters); see features/api-tokens/service.ts. */
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export const BEARER_MESSAGES = {
  missing: "Missing API token: send the header 'Authorization: Bearer <your token>'. Create a token on the API page.",
  malformed: "Malformed Authorization header: expected 'Bearer <token>' with a single API token.",
  notAToken: `That is not an API token: tokens start with '${TOKEN_PREFIX}' and are 47 characters long. Copy the full token from when it was created.`,
  unknown: "Invalid API token: it does not exist or was deleted. Create a new token on the API page.",
  inactive: "This API token is inactive. Create a new token on the API page or use another one.",
  disabledUser: "The account this API token belongs to has been disabled.",
  expired:
    "This access token has expired: the app gets a new one with its refresh token, or connect it again. (API tokens from the API page never expire.)",
} as const;

/** The scope an OAuth access token needs to spend credits or change anything (decision 0169). */
const WRITE_SCOPE = "videos:write";
export const NO_WRITE_SCOPE_MESSAGE =
  "This connection may only read: it was not allowed to make, upgrade or extend videos (scope videos:write). Connect the app again and allow it to make videos.";

/** The token's user, or a 401 saying what is wrong with the header. Never echoes the token. */
async function authenticateBearer(db: Db, header: string | undefined, now = new Date()): Promise<TokenUser> {
  const token = tokenFromHeader(header);
  const row = await findTokenOwner(db, sha256Hex(token));
  if (!row) throw unauthorized(BEARER_MESSAGES.unknown, "invalid_api_token");
  if (!row.tokenActive) throw unauthorized(BEARER_MESSAGES.inactive, "invalid_api_token");
  if (!row.userActive) throw unauthorized(BEARER_MESSAGES.disabledUser, "invalid_api_token");
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw unauthorized(BEARER_MESSAGES.expired, "invalid_api_token");
  if (!row.lastUsed || now.getTime() - row.lastUsed.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchTokenLastUsed(db, row.tokenId, now, LAST_USED_RESOLUTION_MS);
  }
  return { id: row.id, username: row.username, tokenId: row.tokenId, scopes: row.scopes, expiresAt: row.expiresAt };
}

/** Whether the caller may spend credits or change things: a classic API token or a session always may. */
export function mayWrite(user: { scopes?: readonly string[] | null }): boolean {
  return !user.scopes || user.scopes.includes(WRITE_SCOPE);
}

/**
 * Who calls a "user-or-token" route (http/route-access.ts): the signed-in user (session cookie),
 * else the API token's owner (with the token's id); a 401 when there is neither, or the token is not valid.
 */
export async function requireUserOrToken(
  request: FastifyRequest,
  db: Db,
): Promise<{ id: string; tokenId?: string; scopes?: readonly string[] | null; expiresAt?: Date | null }> {
  const user =
    request.user ??
    (request.headers.authorization ? await authenticateBearer(db, request.headers.authorization) : null);
  if (!user) throw unauthorized();
  return user;
}

/** The token from `Bearer <token>` (scheme case-insensitive), checked for shape before any lookup. */
export function tokenFromHeader(header: string | undefined): string {
  if (header === undefined || header.trim() === "") throw unauthorized(BEARER_MESSAGES.missing);
  const match = /^Bearer +(\S+)\s*$/i.exec(header.trim());
  if (!match) throw unauthorized(BEARER_MESSAGES.malformed, "invalid_api_token");
  const token = match[1]!;
  if (!TOKEN_SHAPE.test(token)) throw unauthorized(BEARER_MESSAGES.notAToken, "invalid_api_token");
  return token;
}

export interface BearerAuthOptions {
  db: Db;
  /** Requests per token; over it: 429 with Retry-After. */
  rateLimit: RateLimitRule;
  rateLimitStore: RateLimitStore;
}

/**
 * Every route in this plugin context (and its 404s) needs a valid token. The rate limit counts per
 * token value before the token is looked up, so a flood with one token stops at the counter.
 */
export function useBearerAuth(app: FastifyInstance, opts: BearerAuthOptions): void {
  const limiter = new RateLimiter("api-token", opts.rateLimit, opts.rateLimitStore);
  app.decorateRequest("tokenUser", null);
  app.addHook("onRequest", async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    const wait = await limiter.hit(sha256Hex(token));
    if (wait) throw tooManyRequests(wait, "API requests with this token");
    request.tokenUser = await authenticateBearer(opts.db, request.headers.authorization);
  });
}

export function requireTokenUser(request: FastifyRequest): TokenUser {
  if (!request.tokenUser) throw unauthorized(BEARER_MESSAGES.missing);
  return request.tokenUser;
}

/** The token's user, refused with 403 when it is an OAuth token that was not allowed to write. */
export function requireWritingTokenUser(request: FastifyRequest): TokenUser {
  const user = requireTokenUser(request);
  if (!mayWrite(user)) throw forbidden(NO_WRITE_SCOPE_MESSAGE, "forbidden");
  return user;
}

/**
 * The token endpoint's grants and the revocation endpoint (decision 0169). An access token is a
 * row of api_tokens (`veo_…`, so the bearer check, the per-token rate limit and the live-stream
 * cut-off treat it as any API token) with the grant, an end an hour away, and the scopes. The
 * refresh token rotates on every use; one presented again after its use (stolen, or replayed)
 * revokes the whole grant, as does a code presented twice.
 */
import crypto from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { apiTokens, oauthCodes, oauthGrants, oauthRefreshTokens, users } from "../../db/schema.js";
import { randomToken, sameSecret, sha256Hex } from "../../lib/tokens.js";
import { maskToken, TOKEN_PREFIX } from "../../../shared/automation.js";
import { OAUTH_SCOPES } from "../../../shared/schemas/oauth.js";
import { sameResource } from "./authorize-request.js";
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from "./lifetimes.js";
import { OAuthError } from "./oauth-error.js";

/** Not `veo_`: a refresh token is never a bearer token, and the shapes tell them apart at a glance. */
const REFRESH_PREFIX = "veor_";
/** How long after its use a refresh token is still answered (a client's concurrent refreshes), as Okta's grace period. */
const REFRESH_REUSE_GRACE_MS = 15_000;
/** RFC 7636 §4.1. */
const VERIFIER_SHAPE = /^[A-Za-z0-9._~-]{43,128}$/;
const FIELD_MAX = 2000;

export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type Params = Record<string, string | undefined>;

function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === "") throw new OAuthError("invalid_request", `${name} is required`);
  if (value.length > FIELD_MAX) throw new OAuthError("invalid_request", `${name} is too long`);
  return value;
}

const badGrant = (description: string) => new OAuthError("invalid_grant", description);

/** grant_type=authorization_code: the code (once), its redirect URI, the client, the PKCE verifier. */
export async function exchangeCode(db: Db, params: Params, resource: string): Promise<TokenAnswer> {
  const code = required(params, "code");
  const redirectUri = required(params, "redirect_uri");
  const clientId = required(params, "client_id");
  const verifier = required(params, "code_verifier");
  if (!VERIFIER_SHAPE.test(verifier))
    throw new OAuthError("invalid_request", "code_verifier must be 43 to 128 characters of [A-Za-z0-9._~-]");
  const hash = sha256Hex(code);
  const now = new Date();
  // Used up before anything else is checked: a wrong verifier cannot be retried against it.
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.codeHash, hash), isNull(oauthCodes.usedAt)))
    .returning();
  if (!row) {
    const [used] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, hash)).limit(1);
    // RFC 6749 §4.1.2: a code used twice revokes what it gave.
    if (used) await db.delete(oauthGrants).where(eq(oauthGrants.id, used.grantId));
    throw badGrant("The authorization code is unknown or was already used. Connect again.");
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw badGrant("The authorization code has expired. Connect again.");
  const grant = await activeGrant(db, row.grantId);
  if (grant.clientId !== clientId) throw badGrant("The authorization code was issued to another client.");
  if (row.redirectUri !== redirectUri)
    throw badGrant("redirect_uri is not the one the authorization code was sent to.");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  if (!sameSecret(challenge, row.codeChallenge))
    throw badGrant("code_verifier does not match the code_challenge (PKCE).");
  if (params.resource !== undefined && !sameResource(params.resource, resource))
    throw new OAuthError("invalid_target", `resource must be this server's MCP resource, ${resource}.`);
  return db.transaction((tx) => issueTokens(tx, grant, intersect(row.scopes, grant.scopes)));
}

/** grant_type=refresh_token: rotates; a refresh token seen after its use revokes its grant. */
export async function refresh(db: Db, params: Params, resource: string): Promise<TokenAnswer> {
  const token = required(params, "refresh_token");
  const clientId = required(params, "client_id");
  const hash = sha256Hex(token);
  const now = new Date();
  let [row] = await db
    .update(oauthRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthRefreshTokens.tokenHash, hash), isNull(oauthRefreshTokens.usedAt)))
    .returning();
  if (!row) {
    const [used] = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, hash)).limit(1);
    // A client's parallel requests all meet the expired token and refresh at once: within a few
    // seconds of its use, the same refresh token is answered again rather than taken for a theft.
    if (used?.usedAt && now.getTime() - used.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) row = used;
    else if (used) {
      await db.delete(oauthGrants).where(eq(oauthGrants.id, used.grantId));
      throw badGrant(
        "This refresh token was already used, so the connection was revoked to be safe. Connect the app again.",
      );
    } else throw badGrant("The refresh token is unknown or revoked. Connect the app again.");
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw badGrant("The refresh token has expired. Connect the app again.");
  const grant = await activeGrant(db, row.grantId);
  if (grant.clientId !== clientId) throw badGrant("The refresh token was issued to another client.");
  if (params.resource !== undefined && !sameResource(params.resource, resource))
    throw new OAuthError("invalid_target", `resource must be this server's MCP resource, ${resource}.`);
  let scopes = intersect(row.scopes, grant.scopes);
  if (params.scope !== undefined) {
    const asked = params.scope.split(" ").filter(Boolean);
    if (asked.some((s) => !scopes.includes(s)))
      throw new OAuthError("invalid_scope", "A refresh cannot ask for more than the connection allows.");
    scopes = asked;
  }
  if (scopes.length === 0) throw new OAuthError("invalid_scope", "The connection allows nothing any more.");
  return db.transaction((tx) => issueTokens(tx, grant, scopes));
}

interface ActiveGrant {
  id: string;
  userId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
}

/** The grant, if it still exists and its person is active (a disabled account gets no token). */
async function activeGrant(db: Db, grantId: string): Promise<ActiveGrant> {
  const [grant] = await db
    .select({
      id: oauthGrants.id,
      userId: oauthGrants.userId,
      clientId: oauthGrants.clientId,
      clientName: oauthGrants.clientName,
      scopes: oauthGrants.scopes,
      userActive: users.isActive,
    })
    .from(oauthGrants)
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(eq(oauthGrants.id, grantId))
    .limit(1);
  if (!grant) throw badGrant("The connection was revoked. Connect the app again.");
  if (!grant.userActive) throw badGrant("The account this connection belongs to has been disabled.");
  return grant;
}

/** The connection's caps (a second approval may have narrowed it), in the scopes' order. */
function intersect(asked: readonly string[], allowed: readonly string[]): string[] {
  return OAUTH_SCOPES.filter((s) => asked.includes(s) && allowed.includes(s));
}

async function issueTokens(tx: Tx, grant: ActiveGrant, scopes: string[]): Promise<TokenAnswer> {
  const now = Date.now();
  const access = `${TOKEN_PREFIX}${randomToken(32)}`;
  const refreshToken = `${REFRESH_PREFIX}${randomToken(32)}`;
  await tx.insert(apiTokens).values({
    userId: grant.userId,
    name: `${grant.clientName} (OAuth)`,
    tokenHash: sha256Hex(access),
    tokenMasked: maskToken(access),
    oauthGrantId: grant.id,
    expiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
    scopes,
  });
  await tx.insert(oauthRefreshTokens).values({
    tokenHash: sha256Hex(refreshToken),
    grantId: grant.id,
    scopes,
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
  });
  await tx
    .update(oauthGrants)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(oauthGrants.id, grant.id));
  // Housekeeping of this grant: its expired access tokens and codes are of no use to anyone.
  const nowDate = new Date(now);
  await tx.delete(apiTokens).where(and(eq(apiTokens.oauthGrantId, grant.id), lt(apiTokens.expiresAt, nowDate)));
  await tx.delete(oauthCodes).where(and(eq(oauthCodes.grantId, grant.id), lt(oauthCodes.expiresAt, nowDate)));
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

/**
 * RFC 7009: an access token is deleted; a refresh token revokes its whole grant. Unknown tokens,
 * and the /api page's own API tokens (not OAuth's to revoke), are answered 200 with nothing done.
 */
export async function revokeToken(db: Db, params: Params): Promise<void> {
  const token = required(params, "token");
  const clientId = params.client_id;
  const hash = sha256Hex(token);
  const [access] = await db
    .select({ id: apiTokens.id, clientId: oauthGrants.clientId })
    .from(apiTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, apiTokens.oauthGrantId))
    .where(eq(apiTokens.tokenHash, hash))
    .limit(1);
  if (access) {
    if (clientId !== undefined && clientId !== access.clientId)
      throw new OAuthError("invalid_client", "The token was issued to another client.");
    await db.delete(apiTokens).where(eq(apiTokens.id, access.id));
    return;
  }
  const [refreshRow] = await db
    .select({ grantId: oauthRefreshTokens.grantId, clientId: oauthGrants.clientId })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenHash, hash))
    .limit(1);
  if (!refreshRow) return;
  if (clientId !== undefined && clientId !== refreshRow.clientId)
    throw new OAuthError("invalid_client", "The token was issued to another client.");
  await db.delete(oauthGrants).where(eq(oauthGrants.id, refreshRow.grantId));
}

/**
 * A person's approvals of OAuth clients, "connections" on the /api page (decision 0169): made by
 * the consent page, listed, and revoked at once (the grant's access and refresh tokens and codes
 * go with it by cascade; deleting an api_tokens row also ends that token's live-event streams).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { apiTokens, oauthCodes, oauthGrants } from "../../db/schema.js";
import { badRequest, notFound } from "../../http/errors.js";
import { randomToken, sha256Hex } from "../../lib/tokens.js";
import type { OAuthConnection, OAuthScope } from "../../../shared/schemas/oauth.js";
import type { CheckedRequest } from "./authorize-request.js";
import { CODE_TTL_MS } from "./lifetimes.js";

const CONNECTION_NOT_FOUND = "Connection not found";

/** The scopes this person already allowed the client (none when there is no connection yet). */
export async function grantedScopes(db: Db, userId: string, clientId: string): Promise<string[]> {
  const [row] = await db
    .select({ scopes: oauthGrants.scopes })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId)))
    .limit(1);
  return row?.scopes ?? [];
}

/**
 * Where the browser goes after the person answered: the client's redirect URI with a code (10
 * minutes, single use, bound to the PKCE challenge), or with error=access_denied; `state` and
 * `iss` (RFC 9207) always.
 */
export async function decide(
  db: Db,
  userId: string,
  checked: CheckedRequest,
  issuer: string,
  answer: { approve: boolean; scopes: OAuthScope[] },
): Promise<string> {
  const back = new URL(checked.redirectUri);
  if (!answer.approve) {
    back.searchParams.set("error", "access_denied");
    back.searchParams.set("error_description", "The person did not allow access");
  } else {
    if (answer.scopes.length === 0) throw badRequest("Choose at least one thing to allow, or refuse.");
    const outside = answer.scopes.filter((s) => !checked.scopes.includes(s));
    if (outside.length > 0) throw badRequest(`The app did not ask for ${outside.join(", ")}.`);
    const code = randomToken(32);
    await db.transaction(async (tx) => {
      // One connection per person and app: approving again replaces what it may do.
      const [grant] = await tx
        .insert(oauthGrants)
        .values({
          userId,
          clientId: checked.client.clientId,
          clientName: checked.client.name,
          scopes: answer.scopes,
          resource: checked.resource,
        })
        .onConflictDoUpdate({
          target: [oauthGrants.userId, oauthGrants.clientId],
          set: { clientName: checked.client.name, scopes: answer.scopes, resource: checked.resource },
        })
        .returning({ id: oauthGrants.id });
      await tx.insert(oauthCodes).values({
        codeHash: sha256Hex(code),
        grantId: grant!.id,
        redirectUri: checked.redirectUri,
        codeChallenge: checked.codeChallenge,
        scopes: answer.scopes,
        resource: checked.resource,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    back.searchParams.set("code", code);
  }
  if (checked.state !== undefined) back.searchParams.set("state", checked.state);
  back.searchParams.set("iss", issuer);
  return back.toString();
}

/** The person's connections, newest first; lastUsed is the latest of a token issued or used. */
export async function listConnections(db: Db, userId: string): Promise<OAuthConnection[]> {
  const tokenUse = db
    .select({ grantId: apiTokens.oauthGrantId, lastUsed: sql<Date | null>`max(${apiTokens.lastUsed})`.as("last_used") })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .groupBy(apiTokens.oauthGrantId)
    .as("token_use");
  const rows = await db
    .select({
      id: oauthGrants.id,
      clientName: oauthGrants.clientName,
      clientId: oauthGrants.clientId,
      scopes: oauthGrants.scopes,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
      tokenLastUsed: tokenUse.lastUsed,
    })
    .from(oauthGrants)
    .leftJoin(tokenUse, eq(tokenUse.grantId, oauthGrants.id))
    .where(eq(oauthGrants.userId, userId))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  return rows.map((r) => {
    const used = [r.lastUsedAt, r.tokenLastUsed ? new Date(r.tokenLastUsed) : null]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: r.id,
      clientName: r.clientName,
      clientId: r.clientId,
      scopes: r.scopes as OAuthScope[],
      createdAt: r.createdAt.toISOString(),
      lastUsed: used?.toISOString() ?? null,
    };
  });
}

/** Revokes one of the person's own connections at once; anyone else's id answers like an unknown one. */
export async function revokeConnection(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(oauthGrants)
    .where(and(eq(oauthGrants.id, id), eq(oauthGrants.userId, userId)))
    .returning({ id: oauthGrants.id });
  if (rows.length === 0) throw notFound(CONNECTION_NOT_FOUND);
}

/** Every connection of the person (a password change that signs automations out, account deletion). */
export async function revokeAllConnections(db: Queryable, userId: string): Promise<number> {
  const rows = await db.delete(oauthGrants).where(eq(oauthGrants.userId, userId)).returning({ id: oauthGrants.id });
  return rows.length;
}

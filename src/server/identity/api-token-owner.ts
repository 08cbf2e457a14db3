/** The API token lookups the bearer authentication needs (http/bearer-auth.ts): below the features, so the HTTP layer depends on no feature. */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { apiTokens, users } from "../db/schema.js";

export interface TokenOwner {
  tokenId: string;
  tokenActive: boolean;
  lastUsed: Date | null;
  /** An OAuth access token's end (decision 0169); null: a classic API token, which never expires. */
  expiresAt: Date | null;
  /** An OAuth access token's scopes; null: a classic API token (full access). */
  scopes: string[] | null;
  id: string;
  username: string;
  userActive: boolean;
}

/** The token with this SHA-256 and its account, if any. */
export async function findTokenOwner(db: Db, tokenHash: string): Promise<TokenOwner | undefined> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenActive: apiTokens.isActive,
      lastUsed: apiTokens.lastUsed,
      expiresAt: apiTokens.expiresAt,
      scopes: apiTokens.scopes,
      id: users.id,
      username: users.username,
      userActive: users.isActive,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Records a use, unless one was recorded in the last `resolutionMs` (conditional: concurrent requests write it once). */
export async function touchTokenLastUsed(db: Db, tokenId: string, now: Date, resolutionMs: number): Promise<void> {
  const stale = new Date(now.getTime() - resolutionMs);
  await db
    .update(apiTokens)
    .set({ lastUsed: now })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsed), lt(apiTokens.lastUsed, stale))));
}

/** Whether the token still exists and is active (an open event stream asks when the token changed). */
export async function isTokenActive(db: Db, tokenId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.isActive, true)))
    .limit(1);
  return row !== undefined;
}

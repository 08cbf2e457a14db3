/**
 * API tokens (decision 0017): `veo_` + 256 random bits. Only the SHA-256 and a
 * masked copy are stored, so the full value exists once, in the answer to its creation.
 */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/connect.js";
import { apiTokens, users } from "../../db/schema.js";
import { AppError, conflict, notFound, unauthorized } from "../../http/errors.js";
import { randomToken, sha256Hex } from "../../lib/tokens.js";
import type { Locale } from "../../../shared/i18n.js";
import { maskToken, TOKEN_PREFIX } from "../../../shared/automation.js";
import type { ApiTokenView, CreatedApiToken } from "../../../shared/schemas/api-tokens.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Mailer } from "../mail/outbox.js";

/** Enough for one per workflow tool and environment; more is usually forgotten tokens. */
export const MAX_TOKENS_PER_USER = 20;
export const DEFAULT_TOKEN_NAME = "Default";

export const TOKEN_LIMIT_MESSAGE = `You already have ${MAX_TOKENS_PER_USER} API tokens. Delete one you no longer use to create another.`;
export const HAS_TOKEN_MESSAGE = "You already have an API token. Create another one with a name instead.";
const TOKEN_NOT_FOUND = "API token not found";

type Row = typeof apiTokens.$inferSelect;

/**
 * The /api page's own tokens: OAuth access tokens (decision 0169) are rows of api_tokens too, but
 * they belong to a connection (listed, revoked and counted there), never to this list.
 */
const classicToken = isNull(apiTokens.oauthGrantId);

function toView(row: Row, token = row.tokenMasked): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    token,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastUsed?.toISOString() ?? null,
  };
}

export async function listTokens(db: Db, userId: string): Promise<ApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), classicToken))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => toView(r));
}

/**
 * Creates a token; `onlyIfNone` is the default-token case (409 when the user has one). The user
 * row is locked first, so concurrent requests cannot pass the count together. The owner is told
 * by mail in the same transaction (decision 0086): its name, never its value.
 */
export async function createToken(
  db: Db,
  mailer: Mailer,
  userId: string,
  name: string,
  opts: { onlyIfNone?: boolean; locale?: Locale } = {},
): Promise<CreatedApiToken> {
  return db.transaction(async (tx) => {
    const { username } = await lockActiveUser(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), classicToken));
    if (opts.onlyIfNone && Number(n) > 0) throw conflict(HAS_TOKEN_MESSAGE);
    if (Number(n) >= MAX_TOKENS_PER_USER)
      throw new AppError("conflict", TOKEN_LIMIT_MESSAGE, reasoned("token_limit", { max: MAX_TOKENS_PER_USER }));
    const token = `${TOKEN_PREFIX}${randomToken(32)}`;
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId, name, tokenHash: sha256Hex(token), tokenMasked: maskToken(token) })
      .returning();
    await mailer.toUser(
      tx,
      userId,
      { kind: "api_token_created", username, tokenName: name, when: row!.createdAt },
      { locale: opts.locale },
    );
    return toView(row!, token);
  });
}

async function lockActiveUser(tx: Tx, userId: string): Promise<{ username: string }> {
  const [user] = await tx
    .select({ isActive: users.isActive, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user?.isActive) throw unauthorized();
  return user;
}

/** Deletes one of the user's own tokens; anyone else's id answers like an unknown one. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), classicToken))
    .returning({ id: apiTokens.id });
  if (rows.length === 0) throw notFound(TOKEN_NOT_FOUND);
}

/**
 * Deletes every token of the user ("Revoke all" on the /api page, and a password change that asks
 * for it, inside its transaction); returns how many there were. Automations using them get 401.
 */
export async function revokeAllTokens(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), classicToken))
    .returning({ id: apiTokens.id });
  return rows.length;
}

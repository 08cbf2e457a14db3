/**
 * The single-use links sent by mail (decision 0088): 32 random bytes, base64url, stored only as
 * their SHA-256. A link is used by one conditional update (unused, unexpired, of this purpose, its
 * account active and its password older than the link: decision 0128), in the transaction of what
 * it does: two uses at once, or a link of another purpose, change nothing.
 */
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { accountTokens, users, type ACCOUNT_TOKEN_PURPOSES } from "../../db/schema.js";
import { randomToken, sha256Hex } from "../../lib/tokens.js";

export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long a link works: a reset briefly (it signs in), an address a day (mail may be read late). */
const LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60_000,
  verify_email: 24 * 60 * 60_000,
  change_email: 24 * 60 * 60_000,
  cancel_email_change: 24 * 60 * 60_000,
};

/** The page of the web app each link opens. */
const PAGE: Record<AccountTokenPurpose, string> = {
  password_reset: "/reset-password",
  verify_email: "/verify-email",
  change_email: "/confirm-email",
  cancel_email_change: "/cancel-email-change",
};

/**
 * Writes a new link for `userId`; returns its address on the site (`publicUrl` + page + token).
 * The person's expired links go meanwhile: the table holds no more than a few per person.
 */
export async function issueAccountLink(
  db: Queryable,
  publicUrl: string,
  link: { userId: string; purpose: AccountTokenPurpose; email: string },
): Promise<string> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, link.userId), lte(accountTokens.expiresAt, sql`now()`)));
  const token = randomToken(32);
  await db.insert(accountTokens).values({
    userId: link.userId,
    purpose: link.purpose,
    tokenHash: sha256Hex(token),
    email: link.email,
    expiresAt: new Date(Date.now() + LIFETIME_MS[link.purpose]),
  });
  return `${publicUrl}${PAGE[link.purpose]}?token=${token}`;
}

export interface UsedAccountToken {
  userId: string;
  /** The address the link was sent to. */
  email: string | null;
}

/**
 * A link that still works: unused, unexpired, of this purpose, its account active and not deleted,
 * and its password older than the link (decision 0128).
 */
const workingLink = (token: string, purpose: AccountTokenPurpose) =>
  and(
    eq(accountTokens.tokenHash, sha256Hex(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
    sql`exists (select 1 from ${users} where ${users.id} = ${accountTokens.userId} and ${users.isActive}
      and ${users.deletedAt} is null
      and ${accountTokens.createdAt} > coalesce(${users.passwordChangedAt}, '-infinity'::timestamptz))`,
  );

/**
 * Marks the link used if it still works (above); says whose it was; otherwise nothing. Run it in
 * the transaction of the link's effect: a rollback makes it unused again.
 */
export async function useAccountToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<UsedAccountToken | undefined> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(workingLink(token, purpose))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return used;
}

/**
 * Whose a working link is, without using it: the page it opens names the account before the person
 * confirms (decision 0131). Nothing for a link that would not work.
 */
export async function peekAccountToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<{ username: string; email: string | null } | undefined> {
  const [link] = await db
    .select({ username: users.username, email: accountTokens.email })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(workingLink(token, purpose));
  return link;
}

/**
 * One-time recovery codes (decision 0092): RECOVERY_CODE_COUNT at a time, shown once, kept as
 * SHA-256; a code is taken by a conditional update (`used_at is null`), so it works once even
 * when two requests bring it at the same moment.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { recoveryCodes } from "../../db/schema.js";
import { randomCode, sha256Hex } from "../../lib/tokens.js";
import { RECOVERY_CODE_COUNT } from "../../../shared/schemas/second-factor.js";

/** No 0/o, 1/l/i: a code is copied by hand. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

function newCode(): string {
  const chars = randomCode(ALPHABET, 10);
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a typed code is compared: lower case, without spaces or dashes. */
const hashOf = (code: string) => sha256Hex(code.toLowerCase().replace(/[\s-]/g, ""));

/** Replaces the user's recovery codes with new ones; returns them (the only time they are seen). */
export async function makeRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  return codes;
}

/** Takes an unused code; true once per code. */
export async function useRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const taken = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return taken.length === 1;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

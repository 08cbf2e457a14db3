/**
 * Redeeming a grant code (decision 0156): credits as a `code` ledger row whose lot expires after
 * the code's days, exactly once however many ask at once. One transaction takes a use of the code
 * (the conditional update: of parallel asks only as many pass as uses are left), writes the
 * redemption (the database's unique index refuses a once-per-person code's second use by the same
 * person, which rolls the use back and answers 409), the ledger row and the balance, and the audit
 * entry. Only a person whose address is verified may redeem, so throwaway accounts cannot farm
 * codes; wrong codes count toward the guessing limits.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { isUniqueViolation, type Db } from "../../db/connect.js";
import { promoCodeRedemptions, promoCodes, transactions, users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { creditsText } from "../../../shared/credits-text.js";
import type { RedeemResult } from "../../../shared/schemas/codes.js";
import {
  alreadyUsed,
  checkFirstPurchase,
  checkNotUsedBefore,
  checkUsableNow,
  findCode,
  requireCodesEnabled,
  usedUp,
} from "./code-checks.js";
import { auditRedemption } from "./code-audit.js";
import { displayCode } from "./code-format.js";
import { takeUse } from "./code-uses.js";

const DAY_MS = 24 * 3600_000;

export interface RedeemAsk {
  userId: string;
  code: string;
  clientAddress: string;
  via: "web" | "api";
}

export async function redeemGrantCode(db: Db, ask: RedeemAsk): Promise<RedeemResult> {
  await requireCodesEnabled(db);
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(and(eq(users.id, ask.userId), isNull(users.deletedAt)));
  if (!user) throw new AppError("not_signed_in", "Sign in to redeem a code.");
  if (!user.emailVerified)
    throw new AppError(
      "forbidden",
      "Confirm your e-mail address first (the link in the e-mail we sent you), then redeem the code.",
      reasoned("code_needs_verified_email"),
    );
  const found = await findCode(db, ask.code, { userId: ask.userId, clientAddress: ask.clientAddress });
  const shown = displayCode(found.code);
  if (found.kind !== "grant")
    throw new AppError(
      "unprocessable",
      `The code ${shown} is a discount: enter it in the purchase dialog when you buy credits or a plan.`,
      reasoned("code_is_discount"),
    );
  // Told apart before anything is written, so the refusal says why.
  checkUsableNow(found);
  await checkFirstPurchase(db, found, ask.userId);
  await checkNotUsedBefore(db, found, ask.userId);
  try {
    return await db.transaction(async (tx) => {
      const code = await takeUse(tx, found.id);
      if (!code) {
        // Used up (or switched off, or expired) since it was read.
        const [now] = await tx.select().from(promoCodes).where(eq(promoCodes.id, found.id));
        if (now) checkUsableNow(now);
        throw usedUp(found);
      }
      const credits = code.credits ?? 0;
      const expiresAt = code.creditDays === null ? null : new Date(Date.now() + code.creditDays * DAY_MS);
      const [redemption] = await tx
        .insert(promoCodeRedemptions)
        .values({
          codeId: code.id,
          userId: ask.userId,
          personId: code.oncePerPerson ? ask.userId : null,
          status: "granted",
          credits,
          via: ask.via,
        })
        .returning();
      const [balance] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} + ${credits}` })
        .where(and(eq(users.id, ask.userId), isNull(users.deletedAt)))
        .returning({ credits: users.credits });
      if (!balance) throw new AppError("not_signed_in", "Sign in to redeem a code.");
      const [row] = await tx
        .insert(transactions)
        .values({
          userId: ask.userId,
          type: "code",
          amount: credits,
          description: `Code ${shown}: ${creditsText(credits)}`,
          expiresAt,
        })
        .returning({ id: transactions.id });
      const [done] = await tx
        .update(promoCodeRedemptions)
        .set({ transactionId: row!.id })
        .where(eq(promoCodeRedemptions.id, redemption!.id))
        .returning();
      await auditRedemption(tx, done!, ask.clientAddress);
      return { code: shown, credits, expiresAt: expiresAt?.toISOString() ?? null, balance: balance.credits };
    });
  } catch (err) {
    // Two redemptions of a once-per-person code by one person at once: the index kept one.
    if (isUniqueViolation(err, "promo_code_redemptions_once_per_person")) throw alreadyUsed();
    throw err;
  }
}

/**
 * The checks every use of a code shares (decision 0156): codes switched on, the code found (a
 * wrong one counts as a failed guess), usable now (not disabled, inside its window, not used up),
 * first purchase only, and the person's own earlier use. Each refusal is an AppError with a reason
 * the web translates and an English message a person can act on.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { adminSettings, paymentOrders, promoCodeRedemptions, promoCodes } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { couldBeCode, displayCode, normaliseCode } from "./code-format.js";
import { checkGuessLimit, recordGuessFailure, type Guesser } from "./guess-limits.js";

export type PromoCode = typeof promoCodes.$inferSelect;

export async function requireCodesEnabled(db: Db | Tx): Promise<void> {
  const [row] = await db.select({ on: adminSettings.codesEnabled }).from(adminSettings).limit(1);
  if (row && !row.on) throw new AppError("forbidden", "Codes cannot be used right now.", reasoned("codes_off"));
}

/**
 * The code typed, within the guessing limits: throws 429 while this person or address must wait,
 * 404 (and records a failure, through `failureDb`) for a code that does not exist. `lock` reads it
 * FOR UPDATE (in a transaction that is about to use it).
 */
export async function findCode(db: Db | Tx, typed: string, who: Guesser, failureDb: Db | Tx = db): Promise<PromoCode> {
  await checkGuessLimit(db, who);
  const normal = normaliseCode(typed);
  const [code] = couldBeCode(normal)
    ? await db.select().from(promoCodes).where(eq(promoCodes.code, normal)).limit(1)
    : [];
  if (!code) {
    await recordGuessFailure(failureDb, who);
    throw new AppError(
      "not_found",
      "This code does not exist. Check it for typos and try again.",
      reasoned("code_unknown"),
    );
  }
  return code;
}

/** Throws why the code cannot be used now (disabled, outside its window, used up); else nothing. */
export function checkUsableNow(code: PromoCode, now = new Date()): void {
  const shown = displayCode(code.code);
  if (code.disabledAt)
    throw new AppError("unprocessable", `The code ${shown} is no longer valid.`, reasoned("code_disabled"));
  if (code.validFrom && code.validFrom > now)
    throw new AppError("unprocessable", `The code ${shown} cannot be used before ${code.validFrom.toISOString()}.`, {
      ...reasoned("code_not_yet_valid", { from: code.validFrom.toISOString() }),
    });
  if (code.validUntil && code.validUntil <= now)
    throw new AppError("unprocessable", `The code ${shown} expired on ${code.validUntil.toISOString()}.`, {
      ...reasoned("code_expired", { until: code.validUntil.toISOString() }),
    });
  if (code.maxUses !== null && code.uses >= code.maxUses) throw usedUp(code);
}

export const usedUp = (code: PromoCode) =>
  new AppError(
    "conflict",
    `The code ${displayCode(code.code)} has been used as often as it may be.`,
    reasoned("code_used_up"),
  );

export const alreadyUsed = () =>
  new AppError("conflict", "You have already used this code.", reasoned("code_already_used"));

/** Whether the person has ever completed a payment (a package or a plan). */
async function hasPaid(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, "completed")))
    .limit(1);
  return Boolean(row);
}

export async function checkFirstPurchase(db: Db | Tx, code: PromoCode, userId: string): Promise<void> {
  if (code.firstPurchaseOnly && (await hasPaid(db, userId)))
    throw new AppError("unprocessable", "This code is only for a first purchase, and you have bought before.", {
      ...reasoned("code_first_purchase_only"),
    });
}

/**
 * A once-per-person code the person has already used: granted or paid. A reservation on an order
 * still unpaid does not count (a restarted checkout releases it).
 */
export async function checkNotUsedBefore(db: Db | Tx, code: PromoCode, userId: string): Promise<void> {
  if (!code.oncePerPerson) return;
  const [row] = await db
    .select({ status: promoCodeRedemptions.status })
    .from(promoCodeRedemptions)
    .where(
      and(
        eq(promoCodeRedemptions.codeId, code.id),
        eq(promoCodeRedemptions.personId, userId),
        ne(promoCodeRedemptions.status, "released"),
        ne(promoCodeRedemptions.status, "reserved"),
      ),
    )
    .limit(1);
  if (row) throw alreadyUsed();
}

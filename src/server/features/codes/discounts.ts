/**
 * Discount codes on packages and plans (decision 0156): the primitives checkouts use. A quote
 * checks a code without using it; a reservation uses it once in the transaction that makes the
 * order (or subscription); the payment's crediting marks it paid; an order never paid gives the
 * use back. Every step is a conditional update, so each happens once however often it is called.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isUniqueViolation, type Db, type Tx } from "../../db/connect.js";
import { promoCodeRedemptions } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { toCents } from "../../lib/money.js";
import { reasoned } from "../../../shared/error-reasons.js";
import {
  alreadyUsed,
  checkFirstPurchase,
  checkNotUsedBefore,
  checkUsableNow,
  findCode,
  requireCodesEnabled,
  usedUp,
  type PromoCode,
} from "./code-checks.js";
import { displayCode } from "./code-format.js";
import { countUse, giveBackUse, lockCodes, takeUse } from "./code-uses.js";
import { applyDiscount, MIN_CHARGE_CENTS } from "./discount-math.js";
import { auditRedemption } from "./code-audit.js";

export type DiscountTarget =
  { kind: "package"; packageId: string } | { kind: "plan"; planId: string; interval: "month" | "year" };

export interface DiscountQuote {
  promoCodeId: string;
  code: string;
  listCents: number;
  discountCents: number;
  amountCents: number;
  percentOff: number | null;
  amountOffCents: number | null;
}

interface DiscountAsk {
  userId: string;
  code: string;
  target: DiscountTarget;
  listCents: number;
  clientAddress: string;
}

/** Throws unless the code is a discount for this target whose price stays at least the minimum. */
function quoteFor(code: PromoCode, target: DiscountTarget, listCents: number): DiscountQuote {
  const shown = displayCode(code.code);
  if (code.kind !== "discount")
    throw new AppError(
      "unprocessable",
      `The code ${shown} gives credits rather than a discount: redeem it on the pricing page or on your account page.`,
      reasoned("code_is_grant"),
    );
  const allowed = target.kind === "package" ? code.packageIds : code.planIds;
  const id = target.kind === "package" ? target.packageId : target.planId;
  if (allowed !== null && !allowed.includes(id))
    throw new AppError(
      "unprocessable",
      `The code ${shown} does not apply to this ${target.kind === "package" ? "package" : "plan"}.`,
      reasoned("code_wrong_target", { target: target.kind }),
    );
  const applied = applyDiscount(code, listCents);
  if (!applied)
    throw new AppError(
      "unprocessable",
      `The code ${shown} would take this price below the smallest amount we can charge (${(MIN_CHARGE_CENTS / 100).toFixed(2)} USD). Choose a larger package or plan.`,
      reasoned("code_below_minimum", { minimumCents: MIN_CHARGE_CENTS }),
    );
  return {
    promoCodeId: code.id,
    code: code.code,
    listCents,
    ...applied,
    percentOff: code.percentOff,
    amountOffCents: code.amountOffCents,
  };
}

/** Checks a code for this person and target without using it; throws a 4xx AppError with a clear reason otherwise (unknown code counts as a failed guess). */
export async function quoteDiscount(db: Db | Tx, input: DiscountAsk): Promise<DiscountQuote> {
  await requireCodesEnabled(db);
  const code = await findCode(db, input.code, { userId: input.userId, clientAddress: input.clientAddress });
  const quote = quoteFor(code, input.target, input.listCents);
  checkUsableNow(code);
  await checkFirstPurchase(db, code, input.userId);
  await checkNotUsedBefore(db, code, input.userId);
  return quote;
}

/**
 * In the caller's transaction that creates the order (or subscription): uses the code once
 * (conditional update of uses; redemption row status reserved, unique per person), for that orderId
 * or subscriptionId. A person's own earlier reservation of the same code on an order never paid is
 * released first, so restarting a checkout works. Throws a 4xx AppError if it can no longer be
 * used. A wrong code's failure row is written in the caller's transaction, so it is kept only if
 * that commits: checkouts quote first (quoteDiscount), which keeps it.
 */
export async function reserveDiscount(
  tx: Tx,
  input: DiscountAsk & { orderId?: string; subscriptionId?: string; via: "web" | "api" },
): Promise<DiscountQuote> {
  await requireCodesEnabled(tx);
  const found = await findCode(tx, input.code, { userId: input.userId, clientAddress: input.clientAddress });
  quoteFor(found, input.target, input.listCents);
  // The use limit is takeUse's conditional update below, once a restarted checkout's own use is back.
  checkUsableNow({ ...found, maxUses: null });
  await checkFirstPurchase(tx, found, input.userId);
  // Reservations of one code take turns (and lock in the order releases do: code, then redemption).
  await lockCodes(tx, [found.id]);
  // A restarted checkout: the person's own reservations of this code, never paid, are given back.
  const earlier = await tx
    .update(promoCodeRedemptions)
    .set({ status: "released", updatedAt: new Date() })
    .where(
      and(
        eq(promoCodeRedemptions.codeId, found.id),
        eq(promoCodeRedemptions.userId, input.userId),
        eq(promoCodeRedemptions.status, "reserved"),
      ),
    )
    .returning({ id: promoCodeRedemptions.id });
  for (let i = 0; i < earlier.length; i++) await giveBackUse(tx, found.id);
  await checkNotUsedBefore(tx, found, input.userId);
  const code = await takeUse(tx, found.id);
  if (!code) throw usedUp(found);
  const quote = quoteFor(code, input.target, input.listCents);
  try {
    // A savepoint: a second reservation by the same person (or for the same order) is refused
    // here, and the caller's transaction can still roll back cleanly with a clear error.
    await tx.transaction(async (sp) => {
      await sp.insert(promoCodeRedemptions).values({
        codeId: code.id,
        userId: input.userId,
        personId: code.oncePerPerson ? input.userId : null,
        status: "reserved",
        orderId: input.orderId ?? null,
        subscriptionId: input.subscriptionId ?? null,
        discountCents: quote.discountCents,
        via: input.via,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, "promo_code_redemptions_once_per_person")) throw alreadyUsed();
    if (isUniqueViolation(err))
      throw new AppError("conflict", "This order already has a code.", reasoned("code_already_used"));
    throw err;
  }
  return quote;
}

/** Called inside creditPurchase's transaction when an order is credited: its reserved redemption (by orderId, or for a plan's first payment by the order's subscriptionId) becomes paid with paidCents; exactly once; no-op without one. */
export async function markDiscountPaid(
  tx: Tx,
  order: { id: string; subscriptionId: string | null; amount: string },
): Promise<void> {
  const paidCents = toCents(order.amount);
  const now = new Date();
  const byOrder = eq(promoCodeRedemptions.orderId, order.id);
  const bySubscription = order.subscriptionId
    ? and(eq(promoCodeRedemptions.subscriptionId, order.subscriptionId), isNull(promoCodeRedemptions.orderId))
    : undefined;
  for (const where of [byOrder, bySubscription]) {
    if (!where) continue;
    const candidates = await tx
      .select({ codeId: promoCodeRedemptions.codeId })
      .from(promoCodeRedemptions)
      .where(and(where, inArray(promoCodeRedemptions.status, ["reserved", "released"])));
    if (candidates.length === 0) continue;
    await lockCodes(
      tx,
      candidates.map((c) => c.codeId),
    );
    const [paid] = await tx
      .update(promoCodeRedemptions)
      .set({ status: "paid", paidCents: Number.isNaN(paidCents) ? 0 : paidCents, orderId: order.id, updatedAt: now })
      .where(and(where, eq(promoCodeRedemptions.status, "reserved")))
      .returning();
    if (paid) {
      await auditRedemption(tx, paid);
      return;
    }
    // Given back meanwhile (a restarted checkout, the 24-hour sweep), yet paid at its discount:
    // counted as a use again, no longer holding the person's once-per-person place.
    const [late] = await tx
      .update(promoCodeRedemptions)
      .set({
        status: "paid",
        personId: null,
        paidCents: Number.isNaN(paidCents) ? 0 : paidCents,
        orderId: order.id,
        updatedAt: now,
      })
      .where(and(where, eq(promoCodeRedemptions.status, "released")))
      .returning();
    if (late) {
      await countUse(tx, late.codeId);
      await auditRedemption(tx, late);
      return;
    }
  }
}

/** An order that will never be paid (failed/expired) or a reservation older than 24 h on an unpaid order: reserved → released and uses - 1, once. */
export async function releaseDiscount(tx: Tx, where: { orderId?: string; subscriptionId?: string }): Promise<void> {
  const conditions = [
    where.orderId ? eq(promoCodeRedemptions.orderId, where.orderId) : undefined,
    where.subscriptionId ? eq(promoCodeRedemptions.subscriptionId, where.subscriptionId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return;
  const which = sql`(${sql.join(conditions, sql` or `)})`;
  const candidates = await tx
    .select({ codeId: promoCodeRedemptions.codeId })
    .from(promoCodeRedemptions)
    .where(and(which, eq(promoCodeRedemptions.status, "reserved")));
  if (candidates.length === 0) return;
  await lockCodes(
    tx,
    candidates.map((c) => c.codeId),
  );
  const released = await tx
    .update(promoCodeRedemptions)
    .set({ status: "released", updatedAt: new Date() })
    .where(and(which, eq(promoCodeRedemptions.status, "reserved")))
    .returning({ codeId: promoCodeRedemptions.codeId });
  for (const row of released) await giveBackUse(tx, row.codeId);
}

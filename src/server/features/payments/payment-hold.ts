/**
 * Why a person may not spend although their balance would pay (decision 0084): credits owed for
 * a refunded payment, or a payment of theirs under dispute. Asked only after a spending statement
 * refused, to tell them which.
 */
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { paymentOrders, users } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { creditsText } from "../../../shared/credits-text.js";

export interface PaymentHold {
  /** Credits owed for refunded payments (0: none). */
  owed: number;
  /** Whether a payment of theirs is under dispute. */
  disputed: boolean;
}

export async function paymentHoldOf(db: Queryable, userId: string): Promise<PaymentHold> {
  const [user] = await db.select({ owed: users.creditsOwed }).from(users).where(eq(users.id, userId));
  const [dispute] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.disputeStatus, "open")))
    .limit(1);
  return { owed: user?.owed ?? 0, disputed: Boolean(dispute) };
}

/** The 402 a held person meets on every path that spends, or undefined when nothing holds them. */
export async function paymentHoldError(db: Queryable, userId: string): Promise<AppError | undefined> {
  const hold = await paymentHoldOf(db, userId);
  if (hold.owed > 0)
    return new AppError(
      "account_on_hold",
      `A payment of yours was refunded after its credits were spent: ${creditsText(hold.owed)} are owed. Buy credits to settle it; new videos can be made once it is paid.`,
      reasoned("credits_owed", { owed: hold.owed }),
    );
  if (hold.disputed)
    return new AppError(
      "account_on_hold",
      "A payment of yours is disputed with the payment provider. New videos can be made once the dispute is settled; contact us if this is a mistake.",
      reasoned("payment_disputed"),
    );
  return undefined;
}

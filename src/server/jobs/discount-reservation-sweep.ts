/**
 * Gives back discount codes held by purchases never paid (issue 70, decision 0158): a code
 * reserved for a package's order that is still open (or failed) after 24 hours, or for a plan's
 * checkout whose first payment has not come in 24 hours, is released, so a single-use or
 * once-per-person code is not lost to an abandoned checkout. Creem's own code for that checkout
 * expired after 12 hours; a payment that still arrives later is credited at its discount and
 * counts the use again (markDiscountPaid).
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { paymentOrders, promoCodeRedemptions } from "../db/schema.js";
import { releaseDiscount } from "../features/codes/discounts.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface DiscountReservationSweepOptions {
  intervalMs: number;
  /** How long a reservation waits for its payment. */
  holdMs: number;
  /** Reservations released per run. */
  batchSize: number;
}

export class DiscountReservationSweep extends defineJob<JobDeps & { db: Db }, DiscountReservationSweepOptions>({
  name: "discount-reservation-sweep",
  failure: "discount reservation sweep failed",
  defaults: { intervalMs: 15 * 60_000, holdMs: 24 * 60 * 60_000, batchSize: 200 },
}) {
  /** Releases the reservations past their hold whose purchase is unpaid; returns how many. */
  async runOnce(): Promise<number> {
    const { db } = this.deps;
    const before = new Date(Date.now() - this.opts.holdMs);
    const stale = await db
      .select({ orderId: promoCodeRedemptions.orderId, subscriptionId: promoCodeRedemptions.subscriptionId })
      .from(promoCodeRedemptions)
      .leftJoin(paymentOrders, eq(paymentOrders.id, promoCodeRedemptions.orderId))
      .where(
        and(
          eq(promoCodeRedemptions.status, "reserved"),
          lt(promoCodeRedemptions.createdAt, before),
          or(
            // A package's order not paid (still open, or failed without giving it back).
            inArray(paymentOrders.status, ["created", "pending", "failed"]),
            // A plan's first payment never recorded.
            and(isNull(promoCodeRedemptions.orderId), sql`${promoCodeRedemptions.subscriptionId} is not null`),
          ),
        ),
      )
      .limit(this.opts.batchSize);
    let released = 0;
    for (const row of stale) {
      if (this.stopRequested) break;
      await db.transaction((tx) =>
        releaseDiscount(
          tx,
          row.orderId ? { orderId: row.orderId } : { subscriptionId: row.subscriptionId ?? undefined },
        ),
      );
      released += 1;
    }
    if (released > 0) this.log.info({ released }, "Discount codes of unpaid purchases given back");
    return released;
  }
}

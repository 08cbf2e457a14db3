/**
 * The background re-check of PayPal payments: asks GET /v2/checkout/orders/{id} about
 *  - pending captures (credited once PayPal reports them COMPLETED, failed when DECLINED/FAILED);
 *  - recent 'created' orders, a few minutes old, in case a capture went through at PayPal but its
 *    answer never reached us (the buyer closed the window, a timeout): such money is credited too.
 *  - completed orders of the last 60 days, a handful per scan, the longest unchecked first and each
 *    at most every few hours, for refunds made at PayPal whose webhook never reached us (a
 *    self-hoster behind a firewall): each COMPLETED refund is reversed under PayPal's refund id,
 *    the id the webhook carries, so whichever comes first takes it and the other is a duplicate.
 * Each open order is claimed with a short lease written into updatedAt (FOR UPDATE SKIP LOCKED, then
 * updatedAt in the future), so several processes never ask about the same order at once.
 * Crediting itself is exactly-once in creditPurchase().
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { paymentOrders } from "../db/schema.js";
import type { Mailer } from "../features/mail/outbox.js";
import { settlePaypalOrder, type PaymentOrder } from "../features/payments/paypal-settle.js";
import { reversePaypalRefund } from "../features/payments/paypal-reversals.js";
import type { PaypalClient } from "../integrations/paypal/client.js";
import { PaypalError } from "../integrations/paypal/errors.js";
import { defineJob, type JobDeps } from "./define-job.js";
import { isDatabaseUnreachable } from "../db/outage.js";

export interface PaypalRecheckOptions {
  /** Between scans. */
  intervalMs: number;
  /** How long a claim holds: longer than one PayPal call with its timeout. */
  leaseMs: number;
  batchSize: number;
  /** 'created' orders are looked at from this age (a live capture is still in flight before) ... */
  createdMinAgeMs: number;
  /** ... until this age (PayPal's approval window is 3 h; captures follow approval at once) ... */
  createdMaxAgeMs: number;
  /** ... at most this often each. */
  createdEveryMs: number;
  /** Completed orders asked about their refunds per scan ... */
  refundBatchSize: number;
  /** ... each at most this often ... */
  refundsEveryMs: number;
  /** ... while completed less than this long ago. */
  refundsWindowMs: number;
}

const DEFAULT_PAYPAL_RECHECK_OPTIONS: PaypalRecheckOptions = {
  intervalMs: 60_000,
  leaseMs: 2 * 60_000,
  batchSize: 25,
  createdMinAgeMs: 5 * 60_000,
  createdMaxAgeMs: 6 * 60 * 60_000,
  createdEveryMs: 10 * 60_000,
  refundBatchSize: 5,
  refundsEveryMs: 6 * 60 * 60_000,
  refundsWindowMs: 60 * 24 * 60 * 60_000,
};

export interface RecheckSummary {
  /** Orders asked about. */
  checked: number;
  credited: number;
  failed: number;
  /** Completed orders asked about their refunds, and the refunds newly taken back. */
  refundChecks: number;
  reversed: number;
}

export interface PaypalRecheckDeps extends JobDeps {
  db: Db;
  /** The receipt of an order the re-check credits (decision 0086). */
  mailer: Mailer;
  /** The client with the current credentials, or undefined when PayPal has none. */
  paypal: () => Promise<PaypalClient | undefined>;
}

export class PaypalRecheck extends defineJob<PaypalRecheckDeps, PaypalRecheckOptions, PaymentOrder>({
  name: "paypal-recheck",
  failure: "PayPal re-check scan failed",
  defaults: DEFAULT_PAYPAL_RECHECK_OPTIONS,
  firstRun: "after-interval",
}) {
  /** An order the database's going away cut off: due at the first scan after its return, not when the lease ends (decision 0057). */
  protected override letGo(order: PaymentOrder) {
    return this.deps.db
      .update(paymentOrders)
      .set({ updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.updatedAt, order.updatedAt)));
  }

  /** One scan of every order due now. Tests call this directly. */
  async runOnce(): Promise<RecheckSummary> {
    const summary: RecheckSummary = { checked: 0, credited: 0, failed: 0, refundChecks: 0, reversed: 0 };
    await this.stranded.letGoAll();
    const client = await this.deps.paypal();
    if (!client) return summary;
    // Orders released during this scan carry a later updatedAt, so one scan sees each order once.
    const scanStart = Date.now();
    for (;;) {
      const batch = await this.claim(scanStart);
      for (const order of batch) {
        try {
          await this.check(client, order, summary, scanStart);
        } catch (err) {
          if (!this.stranded.keep(order, err)) throw err;
        }
      }
      if (batch.length < this.opts.batchSize) break;
    }
    for (const order of await this.claimCompleted(scanStart)) await this.checkRefunds(client, order, summary);
    return summary;
  }

  /**
   * A handful of completed orders due a look at their refunds, the longest unchecked first; the
   * claim is refunds_checked_at set to now, so no other process takes them for refundsEveryMs.
   */
  private async claimCompleted(now: number): Promise<PaymentOrder[]> {
    const due = and(
      eq(paymentOrders.provider, "paypal"),
      eq(paymentOrders.status, "completed"),
      isNotNull(paymentOrders.providerOrderId),
      gte(paymentOrders.completedAt, new Date(now - this.opts.refundsWindowMs)),
      or(
        isNull(paymentOrders.refundsCheckedAt),
        lte(paymentOrders.refundsCheckedAt, new Date(now - this.opts.refundsEveryMs)),
      ),
    );
    const ids = this.deps.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(due)
      .orderBy(sql`${paymentOrders.refundsCheckedAt} asc nulls first`, asc(paymentOrders.completedAt))
      .limit(this.opts.refundBatchSize)
      .for("update", { skipLocked: true });
    return this.deps.db
      .update(paymentOrders)
      .set({ refundsCheckedAt: new Date(now) })
      .where(and(inArray(paymentOrders.id, ids), due))
      .returning();
  }

  /** PayPal's refunds of one completed order, each taken back once (source "recheck"). */
  private async checkRefunds(client: PaypalClient, order: PaymentOrder, summary: RecheckSummary): Promise<void> {
    summary.refundChecks += 1;
    const context = { orderId: order.id, paypalOrderId: order.providerOrderId };
    try {
      const refunds = await client.getOrderRefunds(order.providerOrderId!);
      for (const refund of refunds) {
        // Another capture's refund is not this order's (intent CAPTURE has one capture).
        if (refund.captureId && order.providerPaymentId && refund.captureId !== order.providerPaymentId) continue;
        if (refund.status !== "COMPLETED") continue;
        const result = await reversePaypalRefund(this.deps.db, order, refund, { kind: "refund", source: "recheck" });
        if (result.kind === "reversed") {
          summary.reversed += 1;
          this.log.warn(
            { ...context, refundId: refund.id, credits: result.credits },
            "PayPal re-check found a refund no webhook reported; credits taken back",
          );
        }
      }
    } catch (err) {
      if (isDatabaseUnreachable(err)) throw err;
      if (err instanceof PaypalError)
        this.log.warn(
          { ...context, kind: err.kind, issue: err.issue, status: err.status },
          `PayPal refund re-check failed: ${err.message}`,
        );
      else this.log.error({ ...context, err }, "PayPal refund re-check failed");
    }
  }

  private async claim(scanStart: number): Promise<PaymentOrder[]> {
    const now = scanStart;
    const ago = (ms: number) => new Date(now - ms);
    const due = and(
      eq(paymentOrders.provider, "paypal"),
      isNotNull(paymentOrders.providerOrderId),
      or(
        and(eq(paymentOrders.status, "pending"), lte(paymentOrders.updatedAt, new Date(now))),
        and(
          eq(paymentOrders.status, "created"),
          lte(paymentOrders.createdAt, ago(this.opts.createdMinAgeMs)),
          gte(paymentOrders.createdAt, ago(this.opts.createdMaxAgeMs)),
          lte(paymentOrders.updatedAt, ago(this.opts.createdEveryMs)),
        ),
      ),
    );
    const ids = this.deps.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(due)
      .orderBy(asc(paymentOrders.updatedAt))
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return this.deps.db
      .update(paymentOrders)
      .set({ updatedAt: new Date(Date.now() + this.opts.leaseMs) })
      .where(and(inArray(paymentOrders.id, ids), due))
      .returning();
  }

  private async check(
    client: PaypalClient,
    order: PaymentOrder,
    summary: RecheckSummary,
    scanStart: number,
  ): Promise<void> {
    summary.checked += 1;
    const context = { orderId: order.id, paypalOrderId: order.providerOrderId };
    try {
      const paid = await client.getOrder(order.providerOrderId!);
      const settled = await settlePaypalOrder(this.deps, order, paid, this.log);
      if (settled.kind === "credited") summary.credited += 1;
      if (settled.kind === "declined" || settled.kind === "mismatch") summary.failed += 1;
    } catch (err) {
      if (isDatabaseUnreachable(err)) throw err;
      if (err instanceof PaypalError)
        this.log.warn(
          { ...context, kind: err.kind, issue: err.issue, status: err.status },
          `PayPal re-check failed: ${err.message}`,
        );
      else this.log.error({ ...context, err }, "PayPal re-check failed");
    }
    // Ends the lease; an order that is still open is looked at again on a later scan.
    await this.deps.db
      .update(paymentOrders)
      .set({ updatedAt: new Date(Math.max(Date.now(), scanStart + 1)) })
      .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ["created", "pending"])));
  }
}

/**
 * What the plan routes ask of a payment provider (issue 69, decision 0152). Each provider
 * (creem-plans.ts, paypal-plans.ts) asks its API and answers; none of them writes the plan's
 * state itself except through applyProviderChange() with what the provider reported (its webhook,
 * or its own record read back after an action), so the webhook stays the source of truth.
 */
import type { FastifyBaseLogger } from "fastify";
import type { plans } from "../../db/schema.js";
import type { Settings } from "../settings/service.js";
import type { PlanInterval } from "../../../shared/schemas/plans.js";
import type { SubscriptionRow } from "./plan-grants.js";

export type PlanRow = typeof plans.$inferSelect;

interface PlanCheckoutInput {
  user: { id: string; email: string | null };
  /** Our row, `pending`, made by the caller: its id goes to the provider as the reference. */
  subscription: SubscriptionRow;
  plan: PlanRow;
  interval: PlanInterval;
  /** A discount code's cents off the first payment (decision 0158), through either provider. */
  discountCents?: number;
}

interface PlanCheckout {
  /** Creem: the hosted checkout page. */
  checkoutUrl: string | null;
  /** PayPal: the subscription its subscribe button approves. */
  paypalSubscriptionId: string | null;
}

export interface PlanChange {
  when: "now" | "period_end" | "next_cycle";
  /** PayPal: the page where the buyer consents, when PayPal asks for it. */
  approveUrl: string | null;
}

export interface PlanProvider {
  /**
   * Whether it is switched on and configured in `settings` (read once by the caller for all the
   * plans it asks about), and can sell this plan for this interval.
   */
  canSell(plan: PlanRow, interval: PlanInterval, settings: Settings): Promise<boolean>;
  checkout(input: PlanCheckoutInput, log: FastifyBaseLogger): Promise<PlanCheckout>;
  /** Cancel at the period's end (the credits stay until then). */
  cancelAtPeriodEnd(subscription: SubscriptionRow, log: FastifyBaseLogger): Promise<void>;
  /** Undo a cancellation waiting for the period's end. */
  resume(subscription: SubscriptionRow, log: FastifyBaseLogger): Promise<void>;
  /** Ends the plan now (an admin's cancellation for someone). */
  cancelNow(subscription: SubscriptionRow, reason: string, log: FastifyBaseLogger): Promise<void>;
  /** Moves to another plan: Creem upgrades now with proration and downgrades at the period's end; PayPal next cycle. */
  change(
    subscription: SubscriptionRow,
    plan: PlanRow,
    interval: PlanInterval,
    direction: "up" | "down",
    log: FastifyBaseLogger,
  ): Promise<PlanChange>;
  /** The provider's page for cards and invoices; undefined where it has none for us to give. */
  portalUrl(subscription: SubscriptionRow, log: FastifyBaseLogger): Promise<string | undefined>;
}

/**
 * An admin's actions on a paid order (issue 39, decision 0084): refund it (whole or part) through
 * the provider, or record a refund made in Creem's dashboard; decide a Creem dispute by hand.
 */
import { z } from "zod";
import { adminReasonSchema } from "./admin-reason.js";
import { isoTimestamp } from "./common.js";

export const paymentOrderParams = z.object({ orderId: z.uuid({ error: "Not a payment order id" }) });

export const adminRefundSchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "Give the amount to refund as a number, e.g. 9.99")
    .meta({ description: "What to refund in the order's currency, e.g. 4.50; at most what is not yet refunded." }),
  reason: adminReasonSchema,
  expectedRefundedCents: z
    .number()
    .int()
    .min(0)
    .meta({ description: "What the admin saw refunded already (cents): a refund made since is not repeated (409)." }),
  recordedByHand: z.boolean().default(false).meta({
    description:
      "Creem has no refund call: true records a refund already made in Creem's dashboard. PayPal refunds are made through its API and must leave this false.",
  }),
});
export type AdminRefundInput = z.input<typeof adminRefundSchema>;

export const adminDisputeDecisionSchema = z.object({
  disputeId: z.string().min(1).max(200).meta({ description: "The provider's dispute id (disp_...)." }),
  outcome: z.enum(["won", "lost"]).meta({ description: "won: the hold ends; lost: the disputed amount is reversed." }),
  reason: adminReasonSchema,
});
export type AdminDisputeDecisionInput = z.input<typeof adminDisputeDecisionSchema>;

/** What an admin refund or decision did. */
export const adminPaymentActionResultSchema = z
  .object({
    orderId: z.string(),
    refundedCents: z.number().int().meta({ description: "Refunded of the order so far, in cents." }),
    reversedCredits: z.number().int().meta({ description: "Credits taken back for the order so far." }),
    disputeStatus: z.enum(["open", "won", "lost"]).nullable(),
    credits: z.number().int().meta({ description: "Credits this action took back (0 for a won dispute)." }),
    creditsOwed: z.number().int().meta({ description: "What the person now owes in all." }),
  })
  .meta({ id: "AdminPaymentActionResult" });
export type AdminPaymentActionResult = z.infer<typeof adminPaymentActionResultSchema>;

// ---- What the admin pages show of an order's money going back (read side) ----

const DISPUTE_STATUSES = ["open", "won", "lost"] as const;

/** The money state of a paid order: what the badges and the Refund… dialog read. */
export const paymentOrderStateSchema = z
  .object({
    id: z.string(),
    provider: z.enum(["creem", "paypal"]),
    packageName: z.string(),
    amount: z.string().meta({ description: "Decimal, e.g. 9.99" }),
    currency: z.string(),
    status: z.enum(["created", "pending", "completed", "failed"]),
    refundedCents: z.number().int().min(0).meta({ description: "Refunded (or charged back) so far, in cents." }),
    reversedCredits: z.number().int().min(0).meta({ description: "Credits taken back for it so far." }),
    disputeStatus: z.enum(DISPUTE_STATUSES).nullable().meta({
      description: "open while a dispute is undecided; won or lost once it is; null: never disputed.",
    }),
  })
  .meta({ id: "PaymentOrderState" });
export type PaymentOrderState = z.infer<typeof paymentOrderStateSchema>;

/** A dispute (chargeback) of an order on the user's admin page. */
export const paymentDisputeViewSchema = z.object({
  id: z.string(),
  providerDisputeId: z.string().meta({ description: "What POST .../dispute takes as disputeId." }),
  status: z.enum(DISPUTE_STATUSES),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  frozenCredits: z.number().int().meta({ description: "The order's unspent credits held while it is open." }),
  openedAt: isoTimestamp,
  resolvedAt: isoTimestamp.nullable(),
});
export type PaymentDisputeView = z.infer<typeof paymentDisputeViewSchema>;

/** A refund or lost chargeback of an order on the user's admin page. */
export const paymentReversalViewSchema = z.object({
  kind: z.enum(["refund", "chargeback"]),
  amountCents: z.number().int(),
  credits: z.number().int().meta({ description: "Credits it took back from the order." }),
  creditsTaken: z.number().int().meta({ description: "Of them, what the balance paid." }),
  creditsOwed: z.number().int().meta({ description: "Of them, what the balance could not pay (owed)." }),
  reason: z.string().nullable(),
  source: z.enum(["provider", "recheck", "admin", "manual"]),
  createdAt: isoTimestamp,
});
export type PaymentReversalView = z.infer<typeof paymentReversalViewSchema>;

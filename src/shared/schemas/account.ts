/**
 * The signed-in user's own numbers and ledger (decision 0015): GET /api/user/stats and
 * GET /api/transactions?page=, shown by the /pricing page's stat cards and history (decision 0040).
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";
import { expiringCreditsSchema } from "./credit-split.js";
import { VIDEO_FAILURES } from "../video-failures.js";

/**
 * The ledger's row types (the transactions_type_valid check; db/schema.ts keeps its own copy, which
 * the server checks against this one): `reversal` takes back the credits of a refunded or
 * charged-back payment (decision 0084).
 */
export const TRANSACTION_TYPES = [
  "purchase",
  "bonus",
  "refund",
  "usage",
  "adjustment",
  "reversal",
  "expiry",
  "subscription",
  "rollover",
  "welcome",
  "code",
  "referral",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Why new videos are blocked (decision 0084): credits owed for a refunded payment, or a payment under dispute. */
const PAYMENT_HOLDS = ["credits_owed", "payment_disputed"] as const;

/** Far beyond any real history (5 million rows at 50 a page); keeps OFFSET bounded. */
const MAX_TRANSACTIONS_PAGE = 100_000;
const BAD_TRANSACTIONS_PAGE = `page must be a whole number from 1 to ${MAX_TRANSACTIONS_PAGE}`;

/** GET /api/transactions?page= (50 rows a page, newest first). */
export const transactionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: BAD_TRANSACTIONS_PAGE })
    .int(BAD_TRANSACTIONS_PAGE)
    .min(1, BAD_TRANSACTIONS_PAGE)
    .max(MAX_TRANSACTIONS_PAGE, BAD_TRANSACTIONS_PAGE)
    .default(1),
});

/** GET /api/user/stats. `totalSpent` is credits used on videos, net of refunds. */
export const userStatsSchema = z
  .object({
    credits: z.number().int().meta({ description: "The balance." }),
    expiring: expiringCreditsSchema,
    videosCreated: z.number().int(),
    totalSpent: z.number().int().min(0).meta({
      description: "Credits used on videos, net of refunds; purchases and admin adjustments are not spending.",
    }),
    creditsOwed: z.number().int().min(0).meta({
      description:
        "Credits owed for a payment refunded or charged back after its credits were spent (decision 0084): the next purchase pays it first.",
    }),
    paymentHold: z.enum(PAYMENT_HOLDS).nullable().meta({
      description:
        "Why new videos are blocked: credits_owed (buy credits to settle what is owed) or payment_disputed (a payment is under dispute); null: nothing holds them.",
    }),
  })
  .meta({ id: "UserStats" });
export type UserStats = z.infer<typeof userStatsSchema>;

/** A row of GET /api/transactions?page= (the signed-in user's own, newest first). */
const transactionViewSchema = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: z.number().int().meta({
      description: "Signed: purchases, bonuses, refunds and upward adjustments positive; usage and reversals negative.",
    }),
    description: z.string().nullable(),
    videoTaskId: z.string().nullable(),
    packageId: z.string().nullable(),
    paymentOrderId: z.string().nullable().meta({
      description:
        "The payment order a purchase, bonus or reversal row belongs to: a purchase row's receipt is GET /api/payments/orders/{paymentOrderId}/receipt.",
    }),
    createdAt: isoTimestamp,
    failure: z
      .object({ reason: z.enum(VIDEO_FAILURES), model: z.string() })
      .optional()
      .meta({
        description:
          "On the automatic refund of a video that could not be made: why, as a stable key (the description says it in English), and the model's name.",
      }),
  })
  .meta({ id: "Transaction" });
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionsPageSchema = z
  .object({ data: z.array(transactionViewSchema), total: z.number().int() })
  .meta({ id: "TransactionPage" });
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

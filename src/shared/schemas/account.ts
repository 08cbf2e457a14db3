/**
 * The signed-in user's own numbers and ledger (decision 0015): GET /api/user/stats and
 * GET /api/transactions?page=, shown by the /pricing page's stat cards and history (decision 0040).
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/** The ledger's row types (the transactions_type_valid check). */
export const TRANSACTION_TYPES = ["purchase", "refund", "usage", "adjustment"] as const;

/** Far beyond any real history (5 million rows at 50 a page); keeps OFFSET bounded. */
export const MAX_TRANSACTIONS_PAGE = 100_000;
export const BAD_TRANSACTIONS_PAGE = `page must be a whole number from 1 to ${MAX_TRANSACTIONS_PAGE}`;

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
    videosCreated: z.number().int(),
    totalSpent: z
      .number()
      .int()
      .min(0)
      .meta({
        description: "Credits used on videos, net of refunds; purchases and admin adjustments are not spending.",
      }),
  })
  .meta({ id: "UserStats" });
export type UserStats = z.infer<typeof userStatsSchema>;

/** A row of GET /api/transactions?page= (the signed-in user's own, newest first). */
export const transactionViewSchema = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: z
      .number()
      .int()
      .meta({ description: "Signed: purchases, refunds and upward adjustments positive; usage negative." }),
    description: z.string().nullable(),
    videoTaskId: z.string().nullable(),
    packageId: z.string().nullable(),
    createdAt: isoTimestamp,
  })
  .meta({ id: "Transaction" });
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionsPageSchema = z
  .object({ data: z.array(transactionViewSchema), total: z.number().int() })
  .meta({ id: "TransactionPage" });
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

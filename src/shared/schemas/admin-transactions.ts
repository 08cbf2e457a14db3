/** GET /api/admin/transactions: every user's ledger rows for the admin History page (decision 0020). */
import { z } from "zod";
import { adminReasonSchema } from "./admin-reason.js";
import { TRANSACTION_TYPES, type TransactionType } from "./account.js";
import { paymentOrderStateSchema } from "./admin-payments.js";
import { isoTimestamp } from "./common.js";

const ADMIN_TRANSACTION_TYPES = TRANSACTION_TYPES;
export type AdminTransactionType = TransactionType;

export const ADMIN_TRANSACTIONS_DEFAULT_LIMIT = 50;
const ADMIN_TRANSACTIONS_MAX_LIMIT = 100;
const ADMIN_TRANSACTIONS_MAX_PAGE = 100_000;

const BAD_PAGE = `page must be a whole number from 1 to ${ADMIN_TRANSACTIONS_MAX_PAGE}`;
const BAD_LIMIT = `limit must be a whole number from 1 to ${ADMIN_TRANSACTIONS_MAX_LIMIT}`;
const BAD_TYPE = `type must be one of: ${ADMIN_TRANSACTION_TYPES.join(", ")}`;

/** A calendar day YYYY-MM-DD that really exists (no 2026-02-30). */
function day(field: string) {
  const message = `${field} must be a date written YYYY-MM-DD`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, message);
}

/** Empty strings mean "not set": a form that sends `type=` filters nothing. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const BAD_USER_ID = "userId must be a user's id (a UUID)";

/** The filters of the list and of its CSV export (GET /api/admin/exports/transactions.csv). */
const filterFields = {
  type: z.preprocess(blankToUndefined, z.enum(ADMIN_TRANSACTION_TYPES, { error: BAD_TYPE }).optional()),
  user: z.preprocess(
    blankToUndefined,
    z.string({ error: "user must be text" }).trim().max(200, "user must be at most 200 characters").optional(),
  ),
  userId: z.preprocess(
    blankToUndefined,
    z.guid({ error: BAD_USER_ID }).optional().meta({ description: "Only this user's rows (the user's id)." }),
  ),
  dateFrom: z.preprocess(blankToUndefined, day("dateFrom").optional()),
  dateTo: z.preprocess(blankToUndefined, day("dateTo").optional()),
};
const datesInOrder = (q: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const DATES_OUT_OF_ORDER = { message: "dateFrom must not be after dateTo" };

export const adminTransactionFiltersSchema = z.object(filterFields).refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AdminTransactionFilters = z.output<typeof adminTransactionFiltersSchema>;

const BAD_CURSOR = "cursor is not one this server gave";

export const adminTransactionsQuerySchema = z
  .object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: BAD_PAGE })
        .int(BAD_PAGE)
        .min(1, BAD_PAGE)
        .max(ADMIN_TRANSACTIONS_MAX_PAGE, BAD_PAGE)
        .optional()
        .meta({
          description:
            "The page by number (1 when neither page nor cursor is given). A deep page costs the rows before it: " +
            "follow nextCursor instead.",
        }),
    ),
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string({ error: BAD_CURSOR })
        .max(200, BAD_CURSOR)
        .optional()
        .meta({ description: "Where the page starts: the previous page's nextCursor (not with page)." }),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: BAD_LIMIT })
        .int(BAD_LIMIT)
        .min(1, BAD_LIMIT)
        .max(ADMIN_TRANSACTIONS_MAX_LIMIT, BAD_LIMIT)
        .default(ADMIN_TRANSACTIONS_DEFAULT_LIMIT),
    ),
    ...filterFields,
  })
  .refine(datesInOrder, DATES_OUT_OF_ORDER)
  .refine((q) => q.page === undefined || q.cursor === undefined, {
    message: "Give page or cursor, not both",
  });

export type AdminTransactionsQuery = z.output<typeof adminTransactionsQuerySchema>;

/**
 * POST /api/video/{taskId}/refund (decision 0076): an admin refunds a video only with a reason; `part`
 * says whether the video's own credits or its 4K upgrade's charge go back (a row's `upgrade`).
 */
export const refundInputSchema = z.object({
  reason: adminReasonSchema,
  part: z
    .enum(["video", "4k"])
    .default("video")
    .meta({ description: "What to refund: the video's own credits (default) or its 4K upgrade's charge." }),
});

// ---- Answers (decision 0040) ----

/** One row of the admin History page. */
const adminTransactionViewSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    type: z.enum(ADMIN_TRANSACTION_TYPES),
    amount: z.number().int().meta({
      description: "Signed: purchases, refunds and upward adjustments positive; usage and reversals negative.",
    }),
    description: z.string().nullable(),
    videoTaskId: z.string().nullable(),
    videoPrompt: z
      .string()
      .nullable()
      .meta({ description: "The prompt of the row's video (null when the row has none, or its task row is gone)." }),
    taskId: z.string().nullable().meta({
      description:
        "The provider's task id (kept on the row, or read from the video task): what POST /api/video/{taskId}/refund takes.",
    }),
    kieTaskId: z
      .string()
      .nullable()
      .meta({ description: "The provider's task id, as the spec names it: the same value as taskId." }),
    upgrade: z.enum(["4k"]).nullable().meta({
      description:
        "What of the video the row is for: null for the video itself, 4k for its 4K upgrade (refund it with part 4k).",
    }),
    refunded: z.boolean().meta({
      description:
        "Usage rows only: true once the task's credits were given back (the Refund button is then disabled).",
    }),
    paymentOrder: paymentOrderStateSchema.nullable().meta({
      description:
        "The payment order of a purchase, bonus or reversal row, as it is now (refunded, disputed): what the Refund… action of a purchase row acts on.",
    }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "AdminTransaction" });
export type AdminTransactionView = z.infer<typeof adminTransactionViewSchema>;

/**
 * The most rows `total` counts (decision 0106): beyond it the count would read every matching row,
 * so it stops there and says so with `totalCapped`.
 */
export const ADMIN_TRANSACTIONS_COUNT_CAP = 10_000;

/** GET /api/admin/transactions: one page, newest first, how many rows match the filters, and where the next page starts. */
export const adminTransactionsPageSchema = z
  .object({
    data: z.array(adminTransactionViewSchema),
    total: z
      .number()
      .int()
      .meta({
        description: `How many rows match the filters, counted up to ${ADMIN_TRANSACTIONS_COUNT_CAP.toLocaleString("en-US")} (then totalCapped is true).`,
      }),
    totalCapped: z.boolean().meta({ description: "More rows match than total says." }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Give it as cursor for the next page; null on the last page." }),
  })
  .meta({ id: "AdminTransactionPage" });
export type AdminTransactionsPage = z.infer<typeof adminTransactionsPageSchema>;

/**
 * Every user's credit history for the admin History page (decision 0020), as pages and as a CSV
 * file (decision 0054), and the refund of a video's credits from it.
 */
import {
  adminTransactionFiltersSchema,
  adminTransactionsPageSchema,
  adminTransactionsQuerySchema,
  refundInputSchema,
} from "../schemas/admin-transactions.js";
import { refundResultSchema, taskIdParams } from "../schemas/videos.js";
import { csvFileAnswer } from "../schemas/admin-exports.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminTransactionsApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/transactions",
    tags,
    summary: "Every user's credit history, filtered and paged, newest first",
    description:
      "Give the answer's `nextCursor` as `cursor` for the next page (an index walk at any depth); `page` " +
      "still numbers pages but costs the rows before it. `total` counts up to 10,000 matching rows, then " +
      "`totalCapped` is true.",
    query: adminTransactionsQuerySchema,
    responses: { 200: adminTransactionsPageSchema, ...errors(400, 401, 403) },
    reasons: ["cursor_invalid"],
  }),
  exportCsv: defineRoute({
    method: "GET",
    path: "/api/admin/exports/transactions.csv",
    tags,
    summary: "Every user's credit history as a CSV file, with the History page's filters, newest first",
    query: adminTransactionFiltersSchema,
    responses: { 200: csvFileAnswer("The transactions"), ...errors(400, 401, 403) },
  }),
  /** Give a video's credits back (from the History page's usage rows). */
  refundVideo: defineRoute({
    method: "POST",
    path: "/api/video/:taskId/refund",
    tags,
    summary: "Give a video's credits back, with a reason",
    description:
      "Once per video, and once per 4K upgrade (part 4k): a second refund is 409. The refund row names the video " +
      "and the admin and keeps the reason, as does the audit log.",
    params: taskIdParams,
    body: refundInputSchema,
    responses: { 200: refundResultSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["video_already_refunded", "no_4k_charge"],
  }),
};

/** GET /api/admin/transactions: the admin History page (decision 0020). */
import type { FastifyInstance } from "fastify";
import { adminTransactionsApi } from "../../../shared/api/admin-transactions.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { adminTransactionPage } from "./transactions-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminTransactionRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  serve(app, adminTransactionsApi.list, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return adminTransactionPage(db, request.query);
  });
}

/** GET /api/admin/transactions: the admin History page (decision 0020). */
import type { FastifyInstance } from "fastify";
import { adminTransactionsQuerySchema } from "../../../shared/admin-transactions.js";
import { parseInput } from "../../http/errors.js";
import type { VideoContext } from "../videos/context.js";
import { adminTransactionPage } from "./transactions-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminTransactionRoutes(app: FastifyInstance, opts: { ctx: VideoContext }): Promise<void> {
  const { db } = opts.ctx;

  app.get("/transactions", async (request, reply) => {
    const query = parseInput(adminTransactionsQuerySchema, request.query);
    reply.header("cache-control", "private, no-store");
    return adminTransactionPage(db, query);
  });
}

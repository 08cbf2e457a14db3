/** GET /api/admin/transactions: the admin History page (decision 0020). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminTransactionsPageSchema, adminTransactionsQuerySchema } from "../../../shared/admin-transactions.js";
import { errors } from "../../http/route-contract.js";
import type { Db } from "../../db/connect.js";
import { adminTransactionPage } from "./transactions-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminTransactionRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  app.withTypeProvider<ZodTypeProvider>().get(
    "/transactions",
    {
      schema: {
        tags: ["Admin"],
        summary: "Every user's credit history, filtered and paged, newest first",
        querystring: adminTransactionsQuerySchema,
        response: { 200: adminTransactionsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return adminTransactionPage(db, request.query);
    },
  );
}

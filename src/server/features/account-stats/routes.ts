/** GET /api/user/stats and GET /api/transactions?page= for the signed-in user (decision 0015). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { transactionsPageSchema, transactionsQuerySchema, userStatsSchema } from "../../../shared/schemas/account.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { transactionPage, userStats } from "./service.js";

export async function accountStatsRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/user/stats",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "The signed-in user's balance, videos made and credits spent",
        response: { 200: userStatsSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return userStats(db, user.id);
    },
  );

  api.get(
    "/api/transactions",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "A page of the signed-in user's credit history, newest first",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return transactionPage(db, user.id, request.query.page);
    },
  );
}

/** GET /api/user/stats and GET /api/transactions?page= for the signed-in user (decision 0015). */
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { transactionPage, userStats } from "./service.js";

export async function accountStatsRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  serve(app, paymentsApi.stats, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return userStats(db, user.id);
  });

  serve(app, paymentsApi.transactions, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return transactionPage(db, user.id, request.query.page);
  });
}

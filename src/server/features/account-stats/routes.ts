/** GET /api/user/stats and GET /api/transactions?page= for the signed-in user (decision 0015). */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.js";
import { parseInput } from "../../http/errors.js";
import { requireUser } from "../../http/session-auth.js";
import { transactionPage, userStats } from "./service.js";

/** Far beyond any real history (5 million rows at 50 a page); keeps OFFSET bounded. */
export const MAX_TRANSACTIONS_PAGE = 100_000;
export const BAD_PAGE = `page must be a whole number from 1 to ${MAX_TRANSACTIONS_PAGE}`;

const pageQuery = z.object({
  page: z.coerce.number({ error: BAD_PAGE }).int(BAD_PAGE).min(1, BAD_PAGE).max(MAX_TRANSACTIONS_PAGE, BAD_PAGE).default(1),
});

export async function accountStatsRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  app.get("/api/user/stats", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return userStats(db, user.id);
  });

  app.get("/api/transactions", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    const { page } = parseInput(pageQuery, request.query);
    reply.header("cache-control", "private, no-store");
    return transactionPage(db, user.id, page);
  });
}

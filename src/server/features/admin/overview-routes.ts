/** GET /api/admin/overview: the /admin page's figures for a range of whole UTC days (issue 23, decision 0053). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminOverviewQuerySchema, adminOverviewSchema } from "../../../shared/schemas/admin-overview.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import { adminOverview } from "./overview-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminOverviewRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/overview",
    {
      schema: {
        tags: ["Admin"],
        summary:
          "Revenue, credits, new users, videos by day, model and outcome, video times and provider balances over today, 7, 30 or 90 UTC days",
        querystring: adminOverviewQuerySchema,
        response: { 200: adminOverviewSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return adminOverview(db, request.query.range);
    },
  );
}

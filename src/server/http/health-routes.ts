/** GET /healthz: whether this process can reach its database (load balancers and deploy checks ask). */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../shared/schemas/api-error.js";
import type { Db } from "../db/connect.js";

const healthy = z.object({ ok: z.literal(true) }).meta({ id: "Healthy" });
const unhealthy = z.object({ ok: z.literal(false), message: z.string(), code: z.enum(ERROR_CODES) }).meta({ id: "Unhealthy" });

export async function healthRoutes(scope: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["Site"], summary: "Is the server up and its database reachable?", response: { 200: healthy, 503: unhealthy } };
  app.get("/healthz", { config: { access: "public" }, schema }, async (_request, reply) => {
    try {
      await opts.db.execute(sql`select 1`);
      return { ok: true as const };
    } catch {
      return reply.status(503).send({ ok: false, message: "Database unreachable", code: "service_unavailable" });
    }
  });
}

/**
 * GET /healthz: how this process is, part by part (monitoring); GET /readyz: whether a load
 * balancer may send it requests (issue 25, decision 0058). Before the app is built (migrations
 * running) main.ts answers both with 503 itself.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../shared/schemas/api-error.js";
import type { Db } from "../db/connect.js";
import type { LiveEvents } from "../events/live-events.js";
import type { BackgroundJobs } from "../jobs/background-jobs.js";

const health = z
  .object({
    ok: z.boolean(),
    database: z.enum(["ok", "unreachable"]),
    changeListener: z
      .enum(["ok", "down", "none"])
      .meta({ description: "The database's change channel (live updates, cache invalidation); none: not used." }),
    workers: z
      .enum(["ok", "failing", "off"])
      .meta({ description: "The background jobs; off: this process runs none (BACKGROUND_WORKERS=false)." }),
    failingJobs: z.array(z.string()).meta({ description: "The jobs whose last run failed." }),
    message: z.string().optional(),
    code: z.enum(ERROR_CODES).optional(),
  })
  .meta({ id: "Health" });

const readiness = z
  .object({ ready: z.boolean(), message: z.string().optional(), code: z.enum(ERROR_CODES).optional() })
  .meta({ id: "Readiness" });

export interface HealthOptions {
  db: Db;
  liveEvents: LiveEvents;
  jobs: BackgroundJobs;
  /** Whether this process listens to the database's change channel at all. */
  listens: boolean;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function healthRoutes(scope: FastifyInstance, opts: HealthOptions): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const healthSchema = {
    tags: ["Site"],
    summary: "How is this process: its database, change listener and background jobs?",
    response: { 200: health, 503: health },
  };
  app.get("/healthz", { config: { access: "public" }, schema: healthSchema }, async (_request, reply) => {
    const database = (await databaseAnswers(opts.db)) ? "ok" : "unreachable";
    const changeListener = !opts.listens ? "none" : opts.liveEvents.connected ? "ok" : "down";
    const states = Object.entries(opts.jobs.states());
    const failingJobs = states.filter(([, state]) => state === "failing").map(([name]) => name);
    const workers = failingJobs.length > 0 ? "failing" : states.every(([, state]) => state === "off") ? "off" : "ok";
    const unwell = [
      database !== "ok" && "database unreachable",
      changeListener === "down" && "change listener down",
      workers === "failing" && "jobs failing",
    ].filter((part): part is string => Boolean(part));
    const body = { ok: unwell.length === 0, database, changeListener, workers, failingJobs } as const;
    if (unwell.length === 0) return body;
    return reply
      .status(503)
      .send({ ...body, message: `Unwell: ${unwell.join(", ")}`, code: "service_unavailable" as const });
  });

  const readySchema = {
    tags: ["Site"],
    summary: "May a load balancer send this process requests (its database answers)?",
    response: { 200: readiness, 503: readiness },
  };
  app.get("/readyz", { config: { access: "public" }, schema: readySchema }, async (_request, reply) => {
    if (await databaseAnswers(opts.db)) return { ready: true };
    return reply
      .status(503)
      .header("retry-after", "5")
      .send({ ready: false, message: "Database unreachable", code: "service_unavailable" as const });
  });
}

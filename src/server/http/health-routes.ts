/**
 * GET /healthz: how this process is, part by part (monitoring); GET /readyz: whether a load
 * balancer may send it requests (issue 25, decision 0058). Before the app is built (migrations
 * running) main.ts answers both with 503 itself.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { siteApi } from "../../shared/api/site.js";
import type { Db } from "../db/connect.js";
import type { LiveEvents } from "../events/live-events.js";
import type { BackgroundJobs } from "../jobs/background-jobs.js";
import { serve } from "./route-contract.js";

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

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  serve(app, siteApi.health, { access: "public" }, async (_request, reply) => {
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

  serve(app, siteApi.ready, { access: "public" }, async (_request, reply) => {
    if (await databaseAnswers(opts.db)) return { ready: true };
    return reply
      .status(503)
      .header("retry-after", "5")
      .send({ ready: false, message: "Database unreachable", code: "service_unavailable" as const });
  });
}

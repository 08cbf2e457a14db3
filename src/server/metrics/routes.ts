/**
 * GET /metrics in Prometheus' text format (issue 25, decision 0058), for a scraper holding
 * METRICS_TOKEN (access "operator"; off without it). This process's counters (requests, provider
 * calls) and, read at each scrape, the database's figures every process shares: tasks in
 * progress, queue depths, payments credited; and this process's pool and event-stream clients.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Gauge, Registry } from "prom-client";
import { siteApi } from "../../shared/api/site.js";
import { serve } from "../http/route-contract.js";
import { rowsOf, type Db, type PoolStats } from "../db/connect.js";
import type { LiveEvents } from "../events/live-events.js";
import { httpDuration, processRegistry } from "./instruments.js";

export interface MetricsOptions {
  db: Db;
  liveEvents: LiveEvents;
  databasePool?: () => PoolStats;
}

interface DatabaseFigures {
  generating: number;
  pending: number;
  tasks_due: number;
  hd_pending: number;
  uhd_pending: number;
  notifications: number;
  webhooks: number;
  archive: number;
  mail: number;
  mail_failed: number;
}

/** One round trip; each count uses the partial index its job's own claim uses. */
async function readFigures(
  db: Db,
): Promise<{ figures: DatabaseFigures; payments: { provider: string; orders: number; credits: number }[] }> {
  const [figures] = rowsOf<Record<keyof DatabaseFigures, string>>(
    await db.execute(sql`
      select
        (select count(*) from video_tasks where status = 'generating') as generating,
        (select count(*) from video_tasks where status = 'pending') as pending,
        (select count(*) from video_tasks
          where (status in ('generating', 'pending') or hd_status = 'pending' or uhd_status = 'pending')
            and next_check_at <= now() and (lease_until is null or lease_until < now())) as tasks_due,
        (select count(*) from video_tasks where hd_status = 'pending') as hd_pending,
        (select count(*) from video_tasks where uhd_status = 'pending') as uhd_pending,
        (select count(*) from admin_notifications where status = 'pending') as notifications,
        (select count(*) from webhook_deliveries where status = 'pending') as webhooks,
        (select count(*) from video_files where status = 'pending') as archive,
        (select count(*) from mail_messages where status = 'pending') as mail,
        (select count(*) from mail_messages where status = 'failed' and created_at > now() - interval '1 day') as mail_failed`),
  );
  const payments = rowsOf<{ provider: string; orders: string; credits: string }>(
    await db.execute(
      sql`select provider, count(*) as orders, coalesce(sum(credits), 0) as credits from payment_orders where status = 'completed' group by provider`,
    ),
  );
  return {
    figures: Object.fromEntries(Object.entries(figures!).map(([k, v]) => [k, Number(v)])) as unknown as DatabaseFigures,
    payments: payments.map((p) => ({ provider: p.provider, orders: Number(p.orders), credits: Number(p.credits) })),
  };
}

function appRegistry(opts: MetricsOptions): Registry {
  const registry = new Registry();
  // The figures are read once per scrape, by the first gauge collected; the others use them.
  let reading: Promise<Awaited<ReturnType<typeof readFigures>>> | undefined;
  const figures = () => (reading ??= readFigures(opts.db).finally(() => setTimeout(() => (reading = undefined), 0)));

  new Gauge({
    name: "veo_video_tasks",
    help: "Videos in progress by state (generating: at the provider; pending: submitted, not yet started).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { figures: f } = await figures();
      this.set({ state: "generating" }, f.generating);
      this.set({ state: "pending" }, f.pending);
    },
  });
  new Gauge({
    name: "veo_queue_depth",
    help: "Work waiting: tasks due for a check, 1080p and 4K fetches pending, Telegram notifications, webhook deliveries, video files to archive, mail to send.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const { figures: f } = await figures();
      for (const queue of [
        "tasks_due",
        "hd_pending",
        "uhd_pending",
        "notifications",
        "webhooks",
        "archive",
        "mail",
      ] as const)
        this.set({ queue }, f[queue]);
    },
  });
  new Gauge({
    name: "veo_mail_failed_last_day",
    help: "Mail the mail server refused or never took in the last 24 hours (decision 0085).",
    registers: [registry],
    async collect() {
      this.set((await figures()).figures.mail_failed);
    },
  });
  new Gauge({
    name: "veo_payments_credited",
    help: "Payments credited (completed orders) since the start, by provider.",
    labelNames: ["provider"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const p of (await figures()).payments) this.set({ provider: p.provider }, p.orders);
    },
  });
  new Gauge({
    name: "veo_credits_sold",
    help: "Credits credited by payments since the start, by provider.",
    labelNames: ["provider"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const p of (await figures()).payments) this.set({ provider: p.provider }, p.credits);
    },
  });
  new Gauge({
    name: "veo_db_pool_connections",
    help: "This process's PostgreSQL connections: max, open, idle, and queries waiting for one (none with the embedded database).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = opts.databasePool?.();
      if (!stats) return;
      for (const state of ["max", "open", "idle", "waiting"] as const) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: "veo_event_stream_clients",
    help: "Live-update streams (GET /api/events) open on this process.",
    registers: [registry],
    collect() {
      this.set(opts.liveEvents.subscriberCount);
    },
  });
  return Registry.merge([processRegistry, registry]);
}

/** Counts every answer by its matched route (never the URL's text: ids would make a series each). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched"),
      status: String(reply.statusCode),
    };
    // veo_http_requests_total is read from this histogram's counts (instruments.ts).
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

export async function metricsRoutes(app: FastifyInstance, opts: MetricsOptions): Promise<void> {
  const registry = appRegistry(opts);
  serve(app, siteApi.metrics, { access: "operator" }, async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

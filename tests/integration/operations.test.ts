/**
 * Seeing what the server does (issue 25, decision 0058): GET /metrics in Prometheus' text format
 * behind METRICS_TOKEN (off without it), its names and labels, and counters that move; /healthz
 * part by part and /readyz, which is not ready while the migrations run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MIGRATION_LOCK_KEY } from "../../src/server/db/connect.js";
import { keptLogLines } from "../helpers/log-lines.js";
import { startServerProcess } from "../helpers/server-process.js";
import { createLogger } from "../../src/server/logger.js";
import { createTestApp, freePort, signUp, type TestApp } from "../helpers/test-app.js";
import { createTestDatabase, usingPostgres } from "../helpers/test-db.js";
import {
  createVideoTestApp,
  userWithCredits,
  runWorkerUntil,
  taskRow,
  type VideoTestApp,
} from "../helpers/video-app.js";

const TOKEN = "metrics-token-for-tests-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line, e.g. sample(text, 'veo_queue_depth{queue="webhooks"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  let t: VideoTestApp;
  beforeAll(async () => {
    t = await createVideoTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it("asks for the token, and names every figure with its labels", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/metrics",
          headers: { authorization: "Bearer wrong-token-wrong-token" },
        })
      ).statusCode,
    ).toBe(401);
    const text = await scrape();
    for (const name of [
      "veo_http_requests_total",
      "veo_http_request_duration_seconds",
      "veo_provider_calls_total",
      "veo_video_tasks",
      "veo_queue_depth",
      "veo_payments_credited",
      "veo_credits_sold",
      "veo_db_pool_connections",
      "veo_event_stream_clients",
      "veo_process_resident_memory_bytes",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    for (const queue of ["tasks_due", "hd_pending", "uhd_pending", "notifications", "webhooks", "archive"]) {
      expect(sample(text, `veo_queue_depth{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
    }
    expect(text).not.toContain(TOKEN);
  });

  it("moves as the server works: requests by route pattern and status, tasks and queues, provider calls", async () => {
    const before = await scrape();
    const route = 'veo_http_requests_total{method="GET",route="/api/video-status/:taskId",status="404"}';
    const u = await userWithCredits(t.app, t.database.db, 10);
    for (const id of ["a1", "b2", "c3"]) await u.client.get(`/api/video-status/${id}`);
    const started = await u.client.post("/api/generate-video", { prompt: "a kite over the dunes", model: "veo3_fast" });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const { taskId } = started.json<{ taskId: string }>();

    const during = await scrape();
    expect((sample(during, route) ?? 0) - (sample(before, route) ?? 0)).toBe(3);
    // The answers are the duration histogram's counts (decision 0121).
    const count = route.replace("veo_http_requests_total", "veo_http_request_duration_seconds_count");
    expect(sample(during, route)).toBe(sample(during, count));
    // The route's pattern, never the ids.
    expect(during).not.toContain("/api/video-status/a1");
    expect(sample(during, 'veo_video_tasks{state="generating"}')).toBe(1);
    const calls = (text: string) => sample(text, 'veo_provider_calls_total{operation="generate",outcome="ok"}') ?? 0;
    expect(calls(during) - calls(before)).toBe(1);

    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const after = await scrape();
    expect(sample(after, 'veo_video_tasks{state="generating"}')).toBe(0);
    expect(
      (sample(after, 'veo_provider_calls_total{operation="record-info",outcome="ok"}') ?? 0) -
        (sample(before, 'veo_provider_calls_total{operation="record-info",outcome="ok"}') ?? 0),
    ).toBeGreaterThan(0);
  });
});

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("/metrics does not exist, whatever is sent", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/metrics", headers: auth })).statusCode).toBe(404);
  });

  it("/healthz says how each part is, and /readyz that it may take requests", async () => {
    // (On PostgreSQL the change listener connects just after start.)
    await expect.poll(async () => (await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.json()).toEqual({ ok: true, database: "ok", changeListener: "ok", workers: "off", failingJobs: [] });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
  });
});

describe.runIf(usingPostgres)("a process whose migrations are waiting", () => {
  it("answers /readyz and /healthz with 503 'starting' until it serves, then is ready", async () => {
    const database = await createTestDatabase();
    // Another process holds the migration lock: this one waits for it before it can serve.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const starting = startServerProcess(
      { DATABASE_URL: database.url!, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "veo-readyz-")) },
      port,
    );
    try {
      let waiting: { status: number; body: unknown } | undefined;
      await expect
        .poll(
          async () => {
            const res = await fetch(`${base}/readyz`).catch(() => undefined);
            waiting = res && { status: res.status, body: await res.json() };
            return waiting?.status;
          },
          { timeout: 45_000, interval: 100 },
        )
        .toBe(503);
      expect(waiting!.body).toEqual({
        ready: false,
        message: expect.stringMatching(/^Starting/),
        code: "service_unavailable",
      });
      const health = await fetch(`${base}/healthz`);
      expect([health.status, ((await health.json()) as { ok: boolean }).ok]).toEqual([503, false]);

      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      const server = await starting;
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { ready: true }]);
      await server.stop();
    } finally {
      await holder.end();
      await starting.then((s) => s.stop()).catch(() => undefined);
      await database.close();
    }
  }, 90_000);
});

describe("request loggers", () => {
  it("are made only for a request that writes a line at the level (decision 0121)", async () => {
    const { lines, stream } = keptLogLines();
    const logger = createLogger({ logLevel: "warn" }, stream);
    const t = await createTestApp({ logger });
    try {
      const { client } = await signUp(t.app);
      const children = vi.spyOn(logger, "child");
      for (let i = 0; i < 5; i++) expect((await client.get("/api/auth/current-user")).statusCode).toBe(200);
      expect((await client.get("/api/video-status/nope")).statusCode).toBe(404);
      expect(children).not.toHaveBeenCalled();
      expect(lines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

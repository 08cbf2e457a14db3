/**
 * The database goes away (issue 25, decision 0057): a proxy in front of PostgreSQL is cut while
 * the app runs. Every API answer is then 503 with Retry-After and a sentence a person can act on
 * (the automation API in its own shape), never a 500; the outage is logged once, not once per
 * request; when the database is back, so is the service, and a second outage is logged again.
 * A task check the outage interrupted is finished within seconds of its return, not when its
 * lease runs out, and two workers never check one task at once across it.
 * PostgreSQL only: PGlite runs inside the process and cannot be out of reach.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { OUTAGE_MESSAGE } from "../../src/server/db/outage.js";
import type { VideoVendors } from "../../src/server/features/videos/video-vendors.js";
import type { VideoMaker } from "../../src/server/integrations/video/port.js";
import { DEFAULT_WORKER_OPTIONS, TaskWorker } from "../../src/server/jobs/task-worker.js";
import { proxiedTestDatabase, type CuttableProxy } from "../helpers/cuttable-proxy.js";
import { createTestApp, signUp, type TestApp, type Client } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";
import { createVideoTestApp, taskRow, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

describe.runIf(usingPostgres)("a database outage", () => {
  let proxied: Awaited<ReturnType<typeof proxiedTestDatabase>>;
  let proxy: CuttableProxy;
  let database: Database;
  let t: TestApp;
  let user: Client;
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    proxied = await proxiedTestDatabase();
    ({ database, proxy } = proxied);
    const logger = pino(
      { level: "info" },
      { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    t = await createTestApp({ database, logger });
    ({ client: user } = await signUp(t.app));
  });

  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  const outageLines = () => logs.filter((l) => l.msg.startsWith("database unreachable"));

  it("answers 503 with Retry-After while it is away, logs it once, and serves again when it is back", async () => {
    expect((await user.get("/api/transactions")).statusCode).toBe(200);
    proxy.cut();

    const answers = [
      await user.get("/api/transactions"),
      await user.post("/api/auth/login", { username: "someone", password: "whatever1" }),
      await user.get("/api/video-tasks"),
      await t.app.inject({
        method: "GET",
        url: "/api/n8n/video-status/abc",
        headers: { authorization: `Bearer veo_${"a".repeat(43)}` },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({
        message: OUTAGE_MESSAGE,
        code: "service_unavailable",
        reason: "database_unavailable",
      });
    }
    expect(answers[3]!.json()).toMatchObject({ success: false });
    // A live-update stream opened meanwhile is refused the same way (decision 0026), not a 500.
    const stream = await user.get("/api/events");
    expect(stream.statusCode, stream.body).toBe(503);
    expect(Number(stream.headers["retry-after"])).toBeGreaterThan(0);
    // The probes say so too: not ready, and which part is unwell.
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { ready: false, message: "Database unreachable", code: "service_unavailable" },
    ]);
    const health = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, database: "unreachable" });
    expect(logs.filter((l) => l.msg === "unhandled error")).toEqual([]);
    expect(outageLines()).toHaveLength(1);
    expect(outageLines()[0]!.level).toBe(40);

    proxy.restore();
    await expect.poll(async () => (await user.get("/api/transactions")).statusCode, { timeout: 10_000 }).toBe(200);
    expect(logs.some((l) => l.msg === "database reachable again")).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    // A second outage is a new one: logged again, once. The jobs running meanwhile fail, once in the log each, and /healthz names them.
    const worker = t.app.jobs.taskWorker;
    worker.start();
    proxy.cut();
    expect((await user.get("/api/transactions")).statusCode).toBe(503);
    expect((await user.get("/api/transactions")).statusCode).toBe(503);
    expect(outageLines()).toHaveLength(2);
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: "GET", url: "/healthz" })).json<{ failingJobs: string[] }>().failingJobs,
      )
      .toEqual(["taskWorker"]);
    expect(logs.filter((l) => l.msg === "task worker scan failed")).toHaveLength(1);
    proxy.restore();
    await expect.poll(async () => (await user.get("/api/transactions")).statusCode, { timeout: 10_000 }).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ method: "GET", url: "/healthz" })).json<{ workers: string }>().workers, {
        timeout: 10_000,
      })
      .toBe("ok");
    await worker.stop();
  });
});

describe.runIf(usingPostgres)("a task check cut off by a database outage", () => {
  let behindProxy: Awaited<ReturnType<typeof proxiedTestDatabase>>;
  let proxy: CuttableProxy;
  let proxied: Database;
  let t: VideoTestApp;

  beforeAll(async () => {
    behindProxy = await proxiedTestDatabase();
    ({ database: proxied, proxy } = behindProxy);
    t = await createVideoTestApp({ database: proxied });
  });

  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  it("is finished within seconds of the database's return, and no two workers ever check the task at once", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    const started = await u.client.post("/api/generate-video", {
      prompt: "a lighthouse in a storm",
      model: "veo3_fast",
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const { taskId } = started.json<{ taskId: string }>();
    t.sim.advance?.(60_000); // the provider has the video ready

    // The provider's answers pass through a gate, and every check in flight is counted.
    let inFlight = 0;
    let mostAtOnce = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let gated = true;
    const real = (t.app.jobs.taskWorker as unknown as { deps: { provider: VideoVendors } }).deps.provider;
    const provider = {
      makerFor: async (task: Parameters<VideoVendors["makerFor"]>[0]) => {
        const maker = await real.makerFor(task);
        return {
          status: async (id: string) => {
            mostAtOnce = Math.max(mostAtOnce, ++inFlight);
            try {
              if (gated) await gate;
              return await maker.status(id);
            } finally {
              inFlight--;
            }
          },
        } as unknown as VideoMaker;
      },
    } as unknown as VideoVendors;
    // Two processes' workers: one reaches the database through the proxy, the other directly. The lease is the real 90 s.
    const options = { ...DEFAULT_WORKER_OPTIONS, taskTimeoutMs: 3_600_000 };
    const inlineVideos = {
      resultUrlsOf: async (_task: unknown, record: { resultUrls: string[] }) => record.resultUrls,
    };
    const cutOff = new TaskWorker({ db: proxied.db, provider, mailer: t.app.mailer, inlineVideos }, options);
    const other = new TaskWorker({ db: behindProxy.direct.db, provider, mailer: t.app.mailer, inlineVideos }, options);

    // The check is with the provider when the database goes away: the answer ("ready") cannot be written.
    const checking = cutOff.runOnce();
    await expect.poll(() => inFlight).toBe(1);
    proxy.cut();
    gated = false;
    openGate();
    await checking;
    expect((await taskRow(behindProxy.direct.db, taskId)).status).toBe("generating");

    // Meanwhile the other process leaves the task alone: it is still leased.
    expect(await other.runOnce()).toBe(0);

    // Back: the next pass lets the stranded lease go and finishes the video (the lease had 90 s to run).
    proxy.restore();
    await expect
      .poll(
        async () => {
          await Promise.all([cutOff.runOnce().catch(() => 0), other.runOnce()]);
          return (await taskRow(behindProxy.direct.db, taskId)).status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe("completed");
    expect(mostAtOnce).toBe(1);
  });
});

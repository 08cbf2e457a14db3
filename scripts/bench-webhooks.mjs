// The "Webhooks" part of `npm run bench` (scripts/bench.mjs calls it once per database; issue 21,
// decision 0047): how fast the webhook sender empties its outbox into a local receiver, how long
// a finished video takes to reach a subscribed endpoint with the server running for real, and
// (scripts/bench-webhook-fairness.mjs; issue 36, decision 0062) how long another person's
// delivery takes while 200 wait for an endpoint that never answers.
// Figures only. Everything it makes (a database or PGlite folder, the receivers, the server) is
// removed before it returns.
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { benchStuckEndpoint, STUCK_QUEUED } from "./bench-webhook-fairness.mjs";

/** Pending deliveries drained per run (after WARMUP_DELIVERIES not counted). */
export const WEBHOOK_DELIVERIES = 2_000;
const WARMUP_DELIVERIES = 100;
/** The slow receiver's answer time. */
export const SLOW_RECEIVER_MS = 50;
/** Videos started in the completion-to-arrival run, one every VIDEO_SPACING_MS, over LATENCY_USERS people. */
export const LATENCY_VIDEOS = 150;
const VIDEO_SPACING_MS = 100;
// 15 videos each: under the 30-a-minute limit per person.
const LATENCY_USERS = 10;
const SIMULATOR_DELAY_MS = 1_000;
const ARRIVAL_TIMEOUT_MS = 60_000;
const INSERT_CHUNK = 500;

const receiverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-webhook-receiver.mjs");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The receiver in a process of its own, answering after `delayMs`. */
function startReceiver(delayMs) {
  const child = fork(receiverScript, [String(delayMs)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = (what) =>
    new Promise((resolve) => {
      child.once("message", resolve);
      child.send(what);
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", ({ port }) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        arrivals: async () => (await ask("report")).arrivals,
        close: () =>
          new Promise((r) => {
            if (child.exitCode !== null) return r();
            child.once("exit", () => r());
            child.send("close");
          }),
      }),
    );
  });
}

/** Nearest-rank percentile of sorted numbers. */
const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A body shaped like a real video.completed delivery (about 500 bytes). */
function payloadOf(eventId, at) {
  const taskId = crypto.randomBytes(16).toString("hex");
  return JSON.stringify({
    id: eventId,
    timestamp: at.toISOString(),
    type: "video.completed",
    data: {
      success: true,
      status: "completed",
      videoUrl: `http://127.0.0.1:5000/media/videos/${crypto.randomUUID()}.mp4?exp=${Math.floor(at.getTime() / 1000) + 259_200}&sig=${crypto.randomBytes(32).toString("base64url")}`,
      hdVideoUrl: null,
      resolution: "720p",
      message: "Video generation completed",
      taskId,
    },
  });
}

/** `n` events already fanned out, each with a delivery due now for the endpoint. */
async function seedDeliveries(db, schema, userId, endpointId, n) {
  const now = new Date();
  for (let done = 0; done < n; done += INSERT_CHUNK) {
    const ids = Array.from(
      { length: Math.min(INSERT_CHUNK, n - done) },
      () => `msg_${crypto.randomUUID().replaceAll("-", "")}`,
    );
    await db
      .insert(schema.webhookEvents)
      .values(ids.map((id) => ({ id, userId, type: "video.completed", createdAt: now, fannedOutAt: now })));
    await db
      .insert(schema.webhookDeliveries)
      .values(ids.map((id) => ({ eventId: id, endpointId, payload: payloadOf(id, now), nextAttemptAt: now })));
  }
}

async function countsOf(db, endpointId) {
  const { rows } = await db.execute(
    sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'succeeded')::int as succeeded,
          count(*) filter (where status = 'failed')::int as failed from webhook_deliveries where endpoint_id = ${endpointId}`,
  );
  return rows[0];
}

/**
 * Part 1: the sender (WebhookSender.runOnce, its default options) in this process, on the
 * database, draining `n` seeded deliveries to a receiver answering after `delayMs`.
 */
async function drain(ctx, delayMs) {
  const { db, schema, sender, userId, endpointId } = ctx;
  const receiver = await startReceiver(delayMs);
  try {
    await db
      .update(schema.webhookEndpoints)
      .set({ url: `${receiver.url}/drain` })
      .where(eq(schema.webhookEndpoints.id, endpointId));
    // Warm-up (connections, JIT): not counted.
    await seedDeliveries(db, schema, userId, endpointId, WARMUP_DELIVERIES);
    await sender.runOnce();
    if ((await countsOf(db, endpointId)).pending > 0) throw new Error("the warm-up deliveries were not all sent");
    const before = await countsOf(db, endpointId);
    const arrivedBefore = (await receiver.arrivals()).length;
    await seedDeliveries(db, schema, userId, endpointId, WEBHOOK_DELIVERIES);
    const startedAt = performance.now();
    let runs = 0;
    for (;;) {
      await sender.runOnce();
      runs++;
      if ((await countsOf(db, endpointId)).pending === 0) break;
      if (runs >= 20) throw new Error(`deliveries still pending after ${runs} runs`);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const after = await countsOf(db, endpointId);
    const arrivals = (await receiver.arrivals()).slice(arrivedBefore);
    const succeeded = after.succeeded - before.succeeded;
    if (succeeded !== WEBHOOK_DELIVERIES || after.failed !== before.failed) {
      throw new Error(
        `${succeeded} of ${WEBHOOK_DELIVERIES} deliveries succeeded, ${after.failed - before.failed} failed`,
      );
    }
    if (arrivals.length !== WEBHOOK_DELIVERIES || !arrivals.every((a) => a.signed)) {
      throw new Error(
        `the receiver got ${arrivals.length} requests (${arrivals.filter((a) => a.signed).length} signed)`,
      );
    }
    return { deliveries: WEBHOOK_DELIVERIES, delayMs, seconds, perSecond: WEBHOOK_DELIVERIES / seconds, runs };
  } finally {
    await receiver.close();
  }
}

/** A state-changing call as the web app makes it: the session cookie and its fetch headers. */
async function post(base, user, pathname, body) {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", ...user.webApp },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Part 2: the built server as its own process (background workers on, built-in simulator), an
 * endpoint per person subscribed to video.completed, LATENCY_VIDEOS videos started one every
 * VIDEO_SPACING_MS; each webhook's arrival minus its task's completed_at (read afterwards).
 */
async function completionToArrival(deps, dbEnv, open, users) {
  const { startServer, stopServer, waitReady, freePort } = deps;
  const receiver = await startReceiver(0);
  let server;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      BACKGROUND_WORKERS: "true",
      SIMULATOR_DELAY_MS: String(SIMULATOR_DELAY_MS),
      WEBHOOKS_ALLOW_LOCAL: "true",
      SECRETS_KEY: deps.secretsKey,
      ...dbEnv,
    });
    await waitReady(base, server);
    for (const [i, user] of users.entries()) {
      await post(base, user, "/api/webhooks/endpoints", {
        url: `${receiver.url}/hooks/${i}`,
        events: ["video.completed"],
      });
    }
    const startedAt = performance.now();
    const starts = [];
    for (let n = 0; n < LATENCY_VIDEOS; n++) {
      const due = startedAt + n * VIDEO_SPACING_MS;
      if (due > performance.now()) await sleep(due - performance.now());
      const user = users[n % users.length];
      starts.push(
        post(base, user, "/api/generate-video", {
          prompt: `A webhook benchmark video number ${n}`,
          model: "veo3_fast",
          aspectRatio: "16:9",
        }),
      );
    }
    const taskIds = new Set((await Promise.all(starts)).map((r) => r.taskId));
    const deadline = performance.now() + ARRIVAL_TIMEOUT_MS;
    let arrivals;
    for (;;) {
      arrivals = (await receiver.arrivals()).filter((a) => a.type === "video.completed" && taskIds.has(a.taskId));
      if (new Set(arrivals.map((a) => a.taskId)).size >= taskIds.size || performance.now() > deadline) break;
      await sleep(250);
    }
    // Stopped before reading: PGlite is one process's at a time.
    await stopServer(server);
    server = undefined;
    const database = await open();
    try {
      const { rows } = await database.db.execute(
        sql`select t.task_id, t.status, t.completed_at, e.fanned_out_at, d.attempts, d.status as delivery_status
            from video_tasks t
            left join webhook_events e on e.video_task_id = t.id and e.type = 'video.completed'
            left join webhook_deliveries d on d.event_id = e.id`,
      );
      const byTask = new Map(rows.filter((r) => taskIds.has(r.task_id)).map((r) => [r.task_id, r]));
      const firstArrival = new Map();
      for (const a of arrivals) if (!firstArrival.has(a.taskId)) firstArrival.set(a.taskId, a);
      const ms = (d) => new Date(d).getTime();
      const latencies = [];
      const fanOut = [];
      for (const [taskId, a] of firstArrival) {
        const row = byTask.get(taskId);
        if (!row?.completed_at) continue;
        latencies.push(a.at - ms(row.completed_at));
        if (row.fanned_out_at) fanOut.push(ms(row.fanned_out_at) - ms(row.completed_at));
      }
      latencies.sort((a, b) => a - b);
      fanOut.sort((a, b) => a - b);
      const completed = [...byTask.values()].filter((r) => r.status === "completed").length;
      return {
        videos: LATENCY_VIDEOS,
        completed,
        received: latencies.length,
        duplicates: arrivals.length - firstArrival.size,
        retried: [...byTask.values()].filter((r) => (r.attempts ?? 0) > 1).length,
        p50: pct(latencies, 0.5),
        p99: pct(latencies, 0.99),
        max: latencies.at(-1) ?? 0,
        fanOutP50: pct(fanOut, 0.5),
        fanOutP99: pct(fanOut, 0.99),
      };
    } finally {
      await database.close();
    }
  } finally {
    if (server) await stopServer(server);
    await receiver.close();
  }
}

/**
 * deps: what bench.mjs has (the root, the admin connection and base URL of PostgreSQL, the built
 * server's modules, its server start-up helpers). `label`: "PostgreSQL" (a fresh database next to
 * pgBase) or "PGlite" (a fresh folder).
 */
export async function benchWebhooks(label, deps) {
  const { root, admin, pgBase, openDatabase, schema, hashPassword, createSession } = deps;
  const dist = (p) => path.join(root, "dist/node/server", p);
  const { WebhookSender, DEFAULT_WEBHOOK_OPTIONS } = await import(dist("jobs/webhook-sender.js"));
  const { createSecretBox } = await import(dist("lib/secret-box.js"));
  const { newWebhookSecret } = await import(dist("features/webhooks/signature.js"));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-webhooks-"));
  const dbName = `bench_webhooks_${crypto.randomBytes(4).toString("hex")}`;
  let dbEnv = { DATA_DIR: dataDir, EMBEDDED_DATABASE: "pglite" };
  if (label === "PostgreSQL") {
    await admin.query(`create database ${dbName}`);
    dbEnv = { ...dbEnv, DATABASE_URL: Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString() };
  }
  const open = () =>
    openDatabase({ databaseUrl: dbEnv.DATABASE_URL, dataDir, embeddedDatabase: dbEnv.EMBEDDED_DATABASE });
  let database;
  try {
    database = await open();
    const { db } = database;
    const password = await hashPassword("bench-pass-123");

    // Part 1: one person, one endpoint, deliveries seeded straight into the outbox.
    const secretBox = createSecretBox(crypto.randomBytes(32));
    const [owner] = await db
      .insert(schema.users)
      .values({ username: "bench_webhooks", password, credits: 0 })
      .returning();
    const [endpoint] = await db
      .insert(schema.webhookEndpoints)
      .values({
        userId: owner.id,
        url: "http://127.0.0.1:9/",
        eventTypes: ["video.completed"],
        secretEncrypted: secretBox.encrypt(newWebhookSecret()),
      })
      .returning();
    const render = () => Promise.reject(new Error("the drain seeds its deliveries already fanned out"));
    const sender = new WebhookSender(
      { db, secretBox, renderTaskStatus: render },
      { ...DEFAULT_WEBHOOK_OPTIONS, allowLocal: true },
    );
    const ctx = { db, schema, sender, userId: owner.id, endpointId: endpoint.id };
    const fast = await drain(ctx, 0);
    const slow = await drain(ctx, SLOW_RECEIVER_MS);
    // Part 3: one endpoint that never answers, with the sender's loop running in this process.
    const stuck = await benchStuckEndpoint(db, {
      schema,
      WebhookSender,
      DEFAULT_WEBHOOK_OPTIONS,
      createSecretBox,
      newWebhookSecret,
    });

    // Part 2: people with credits and sessions; the server opens the database itself.
    const users = [];
    for (let i = 0; i < LATENCY_USERS; i++) {
      const [user] = await db
        .insert(schema.users)
        .values({ username: `bench_webhooks_${i}`, password, credits: 100_000 })
        .returning();
      await db
        .insert(schema.transactions)
        .values({ userId: user.id, type: "adjustment", amount: 100_000, description: "bench credits" });
      const sessionToken = await createSession(db, user.id);
      users.push({ cookie: `sid=${sessionToken}`, webApp: deps.webAppHeaders(sessionToken) });
    }
    await database.close();
    database = undefined;
    const latency = await completionToArrival(deps, dbEnv, open, users);
    return {
      label,
      drain: {
        fast,
        slow,
        concurrency: DEFAULT_WEBHOOK_OPTIONS.concurrency,
        perEndpoint: DEFAULT_WEBHOOK_OPTIONS.perEndpoint,
        batchSize: DEFAULT_WEBHOOK_OPTIONS.batchSize,
      },
      latency,
      stuck,
      intervalMs: DEFAULT_WEBHOOK_OPTIONS.intervalMs,
    };
  } finally {
    await database?.close().catch(() => {});
    if (label === "PostgreSQL") await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (x, digits = 1) => x.toFixed(digits);
const thousands = (n) => n.toLocaleString("en-US");

/** The section of docs/benchmarks.md: one column per database that ran. */
export function webhooksSection(runs, { machine }) {
  const first = runs[0];
  const cols = runs.map((r) => r.label);
  const row = (name, f) => `| ${name} | ${runs.map(f).join(" | ")} |`;
  return [
    "## Webhooks",
    "",
    // BENCH_ONLY=webhooks rewrites this section alone, so it names its own machine and day.
    `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL on the same machine.`,
    "",
    `Outbox drain: the webhook sender (\`WebhookSender.runOnce\`, default options: batches of ${first.drain.batchSize}, ${first.drain.concurrency} requests at a time, ${first.drain.perEndpoint} to one endpoint) in the bench process ` +
      `sends ${thousands(WEBHOOK_DELIVERIES)} deliveries inserted straight into a fresh database's outbox for one endpoint (after ${WARMUP_DELIVERIES} not counted), ` +
      `signed and logged as in production, to a Node HTTP receiver in another process on 127.0.0.1 answering 200 at once or after ${SLOW_RECEIVER_MS} ms. ` +
      `Completion to arrival: the built server as its own process (background workers on, built-in simulator ${fixed(SIMULATOR_DELAY_MS / 1000, 0)} s, WEBHOOKS_ALLOW_LOCAL=true), ` +
      `${LATENCY_USERS} people each with an endpoint for video.completed (POST /api/webhooks/endpoints), ${LATENCY_VIDEOS} videos started one every ${VIDEO_SPACING_MS} ms; ` +
      "per video, the receiver's arrival time minus the task's completed_at read from the database afterwards (one machine, one clock). " +
      `Stuck endpoint (issue 36): the sender's loop running in the bench process (default options, a ${fixed(first.stuck.timeoutMs / 1000, 0)} s timeout), ${STUCK_QUEUED} test events queued for ` +
      "an endpoint on 127.0.0.1 that accepts connections and never answers; then one for another person's endpoint on the same host, answering at once: from writing it (and waking the sender, as the route does) to its arrival, " +
      "beside the same measure with nothing else queued. Times in ms.",
    "",
    `| webhooks | ${cols.join(" | ")} |`,
    `|---|${cols.map(() => "---:").join("|")}|`,
    row(
      `Outbox drain, receiver answers at once (${thousands(WEBHOOK_DELIVERIES)} deliveries)`,
      (r) => `${Math.round(r.drain.fast.perSecond)}/s (${fixed(r.drain.fast.seconds)} s)`,
    ),
    row(
      `Outbox drain, receiver answers after ${SLOW_RECEIVER_MS} ms`,
      (r) => `${Math.round(r.drain.slow.perSecond)}/s (${fixed(r.drain.slow.seconds)} s)`,
    ),
    row("Task completed to webhook received, p50", (r) => r.latency.p50),
    row("Task completed to webhook received, p99", (r) => r.latency.p99),
    row("Task completed to webhook received, max", (r) => r.latency.max),
    row("Task completed to event fanned out, p50 / p99", (r) => `${r.latency.fanOutP50} / ${r.latency.fanOutP99}`),
    row(
      "Webhooks received / videos completed / started",
      (r) => `${r.latency.received} / ${r.latency.completed} / ${r.latency.videos}`,
    ),
    row("Deliveries that needed a retry, duplicates received", (r) => `${r.latency.retried}, ${r.latency.duplicates}`),
    row(`Another person's delivery, ${STUCK_QUEUED} queued for an endpoint that never answers`, (r) =>
      Math.round(r.stuck.stuckMs),
    ),
    row("Another person's delivery, nothing else queued", (r) => Math.round(r.stuck.baselineMs)),
    "",
    `With a ${SLOW_RECEIVER_MS} ms receiver, one request at a time would give ${Math.round(1000 / SLOW_RECEIVER_MS)}/s, ` +
      `less the sender's own work per delivery; one endpoint gets at most ${first.drain.perEndpoint} at a time (decision 0062), so at most ${Math.round((first.drain.perEndpoint * 1000) / SLOW_RECEIVER_MS)}/s here. ` +
      "Lanes take deliveries from a shared queue, claimed 50 at a time when it runs dry (every endpoint's oldest first), so a slow request holds up only its own lane. " +
      "With a receiver answering at once, the rate is that work alone (signing, the request, a transaction writing its log row and status; the log is trimmed once per pass). " +
      `The sender is woken by the notification the trigger sends when it writes the event (its ${first.intervalMs / 1000} s scan is the fallback). ` +
      `Before decision 0062 the stuck endpoint's deliveries took all 16 lanes for their full timeout, one batch after another: another person's delivery arrived after 140.5 s (15 ms with nothing else queued; \`npx tsx scripts/bench-webhook-fairness.mjs\` on PGlite, 2026-11-25).`,
    "",
  ];
}

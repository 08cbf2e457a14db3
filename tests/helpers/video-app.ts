/**
 * A test app whose provider is a standalone simulator on its own port: the product's real KIE
 * client talks to it over HTTP. Short delays and schedules keep tests fast.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { transactions, users, videoTasks } from "../../src/server/db/schema.js";
import type { Db } from "../../src/server/db/connect.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";
import { createTestApp, signUp, type TestApp, type TestAppOptions } from "./test-app.js";

export type StartedSimulator = StandaloneKieSimulator & {
  /** startSimulator's: moves the simulator's clock on, as if that much time had passed. */
  advance?: (ms: number) => void;
};

export interface VideoTestApp extends TestApp {
  sim: StartedSimulator;
}

export const FAST_WORKER = {
  pollScheduleMs: [0],
  hdScheduleMs: [0],
  hdMaxAttempts: 5,
  uhdScheduleMs: [0],
  uhdMaxAttempts: 5,
  leaseMs: 30_000,
  intervalMs: 50,
};

/** How far runWorkerUntil moves the simulator's clock between passes: one default video. */
const SIM_STEP_MS = 100;

export async function startSimulator(
  opts: { delayMs?: number; hdDelayMs?: number; fourKDelayMs?: number; webhookHmacKey?: string } = {},
): Promise<StartedSimulator> {
  // The simulator's clock: real time plus whatever the tests skipped instead of waiting.
  let skippedMs = 0;
  const sim = await startKieSimulator({
    delayMs: opts.delayMs ?? 100,
    hdDelayMs: opts.hdDelayMs ?? 100,
    fourKDelayMs: opts.fourKDelayMs ?? 100,
    uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), "veo-sim-")),
    now: () => Date.now() + skippedMs,
    webhookHmacKey: () => opts.webhookHmacKey,
  });
  return Object.assign(sim, { advance: (ms: number) => void (skippedMs += ms) });
}

/**
 * Lets `ms` of the simulator's time pass: its clock moves on (startSimulator's) instead of the
 * test waiting; a simulator on the real clock is waited for.
 */
export async function passSimulatorTime(sim: StartedSimulator, ms: number): Promise<void> {
  if (sim.advance) {
    sim.advance(ms);
    await sleep(0);
  } else {
    await sleep(ms);
  }
}

/** `sim` given: reuse it (a second process, a restart); otherwise start one owned by this app. */
export async function createVideoTestApp(
  opts: TestAppOptions & { sim?: StartedSimulator } = {},
): Promise<VideoTestApp> {
  const sim = opts.sim ?? (await startSimulator());
  const t = await createTestApp({
    simulator: { baseUrl: sim.baseUrl, publicBaseUrl: sim.baseUrl, apiKey: "test-simulator-key" },
    worker: FAST_WORKER,
    generateRateLimit: { max: 10_000, windowMs: 60_000 },
    ...opts,
  });
  return {
    ...t,
    sim,
    async close() {
      await t.close();
      if (!opts.sim) await sim.close();
    },
  };
}

/** A signed-in user holding `credits`, written through the ledger as an adjustment. */
export async function userWithCredits(app: FastifyInstance, db: Db, credits: number) {
  const signed = await signUp(app);
  const [user] = await db.select().from(users).where(eq(users.username, signed.username));
  if (credits > 0) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ credits }).where(eq(users.id, user!.id));
      await tx
        .insert(transactions)
        .values({ userId: user!.id, type: "adjustment", amount: credits, description: "test credits" });
    });
  }
  return { ...signed, id: user!.id };
}

export async function balanceOf(db: Db, userId: string): Promise<{ credits: number; ledger: number }> {
  const [u] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [l] = await db
    .select({ sum: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return { credits: u!.credits, ledger: Number(l!.sum) };
}

export async function taskRow(db: Db, taskId: string) {
  const [row] = await db.select().from(videoTasks).where(eq(videoTasks.taskId, taskId));
  return row!;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the worker until `done` holds. Between passes the simulator's clock (startSimulator's)
 * moves on by a video's time instead of the test waiting for it; other simulators work in real
 * time, so then it waits.
 */
export async function runWorkerUntil(
  t: TestApp | VideoTestApp,
  done: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  const advance = "sim" in t ? t.sim.advance : undefined;
  while (Date.now() < end) {
    await t.app.jobs.taskWorker.runOnce();
    if (await done()) return;
    if (advance) {
      advance(SIM_STEP_MS);
      await sleep(5);
    } else {
      await sleep(40);
    }
  }
  throw new Error("the worker did not reach the expected state in time");
}

/**
 * Small PNGs of random pixels, encoded by sharp as the server re-encodes them (decision 0090), so an
 * upload of one is stored byte for byte as it was sent. Made once; randomPng() takes the next.
 */
const PNG_POOL = await Promise.all(
  Array.from({ length: 128 }, () =>
    sharp(crypto.randomBytes(4 * 4 * 3), { raw: { width: 4, height: 4, channels: 3 } })
      .png()
      .toBuffer(),
  ),
);
let nextPng = 0;

/** A valid PNG (4×4 random pixels); consecutive calls give different images. */
export function randomPng(): Buffer {
  return PNG_POOL[nextPng++ % PNG_POOL.length]!;
}

/** A PNG of random pixels of at least `bytes` bytes (random pixels do not compress), as sharp encodes it. */
export async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.max(1, Math.ceil(Math.sqrt(bytes / 3)));
  return sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/** POST /api/images/upload as a browser would send it (multipart field `image`). */
export function uploadImage(app: FastifyInstance, cookie: string | undefined, data: Buffer, filename: string) {
  const boundary = "----veo" + crypto.randomBytes(8).toString("hex");
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: "/api/images/upload",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** Lets a user have `limit` videos being made at once (decision 0093): for tests about something else. */
export async function allowInFlight(db: Db, userId: string, limit = 1000): Promise<void> {
  await db.update(users).set({ maxVideosInFlight: limit }).where(eq(users.id, userId));
}

/**
 * Refunded, then delivered (issue 36, decision 0064): a submission KIE accepts only after the
 * worker's grace has failed and refunded its task leaves the task failed and refunded, and a 4K
 * file that arrives after its upgrade was refunded is not kept. The person never gets both. KIE answers through a
 * proxy that holds the submission; the grace passes by moving the task's clock, not by waiting.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { createLogger } from "../../src/server/logger.js";
import { TASK_FAILURES } from "../../src/shared/videos.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  sleep,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

/** The simulator behind a proxy that can hold one path's requests until released. */
interface HoldingProxy {
  baseUrl: string;
  /** Holds the next requests to `path` (a KIE endpoint); resolves when the first one arrives. */
  hold(path: string): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  let holding: string | undefined;
  let arrived = () => {};
  let open = () => {};
  let gate = Promise.resolve();
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (holding && req.url?.split("?")[0] === holding) {
      arrived();
      void gate.then(forward);
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(path) {
      holding = path;
      gate = new Promise((resolve) => (open = resolve));
      return new Promise((resolve) => (arrived = resolve));
    },
    release() {
      holding = undefined;
      open();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged.push(chunk.toString("utf8"));
    done();
  },
});

let sim: StartedSimulator;
let proxy: HoldingProxy;
let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  sim = await startSimulator();
  proxy = await startHoldingProxy(sim.baseUrl);
  t = await createVideoTestApp({
    sim,
    simulator: { baseUrl: proxy.baseUrl, publicBaseUrl: sim.baseUrl, apiKey: "test-simulator-key" },
    logger: createLogger({ logLevel: "warn" }, logStream),
  });
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await sim?.close();
});

type User = Awaited<ReturnType<typeof userWithCredits>>;

/**
 * Sends `submit` while KIE holds `kiePath`; once the task is recorded, the worker finds it past its
 * grace (its clock moved back three minutes) and fails and refunds it; then KIE accepts it.
 */
async function acceptedAfterTheGrace(
  u: User,
  kiePath: string,
  submit: () => Promise<{ statusCode: number; json: () => unknown }>,
) {
  const arrived = proxy.hold(kiePath);
  const answer = submit();
  await arrived;
  const placeholder = and(eq(videoTasks.userId, u.id), like(videoTasks.taskId, "unsubmitted_%"));
  await db()
    .update(videoTasks)
    .set({ createdAt: sql`now() - interval '3 minutes'`, nextCheckAt: sql`now() - interval '1 second'` })
    .where(placeholder);
  await t.app.jobs.taskWorker.runOnce();
  const [failed] = await db().select().from(videoTasks).where(placeholder);
  expect(failed).toMatchObject({ status: "failed", refunded: true, errorMessage: TASK_FAILURES.interrupted });
  proxy.release();
  const res = await answer;
  // The worker's later passes find nothing to do with it either.
  await passSimulatorTime(sim, 1_000);
  await t.app.jobs.taskWorker.runOnce();
  await sleep(0);
  return { res, task: await taskRow(db(), failed!.taskId) };
}

describe("a submission KIE accepts after the grace", () => {
  it("leaves the video failed and refunded, tells the person, and logs KIE's task id", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const { res, task } = await acceptedAfterTheGrace(u, "/api/v1/veo/generate", () =>
      u.client.post("/api/generate-video", { prompt: "a slow boat", model: "veo3_fast" }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ reason: "generation_unavailable" });
    expect(task).toMatchObject({ status: "failed", refunded: true, resultUrls: null });
    expect(task.taskId).toMatch(/^unsubmitted_/);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 5, ledger: 5 });
    expect(logged.join("")).toMatch(
      /"providerTaskId":"[^"]+".*accepted a video after its task was failed and refunded/,
    );
    await expectLedgerBalanced(db());
  });

  it("does the same for an extension", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const made = await u.client.post("/api/generate-video", {
      prompt: "a knight",
      model: "veo3_fast",
      keepExtendable: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const parent = made.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(db(), parent)).status === "completed");
    const before = await balanceOf(db(), u.id);

    const { res, task } = await acceptedAfterTheGrace(u, "/api/v1/veo/extend", () =>
      u.client.post(`/api/videos/${parent}/extend`, { prompt: "he rides on" }),
    );
    expect(res.statusCode).toBe(503);
    expect(task).toMatchObject({ status: "failed", refunded: true, extendedFrom: parent, resultUrls: null });
    expect(await balanceOf(db(), u.id)).toEqual(before);
    await expectLedgerBalanced(db());
  });
});

describe("a 4K file KIE hands over after the upgrade was refunded", () => {
  it("is not delivered: deleting the video while the worker asks KIE keeps the upgrade refunded", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const made = await u.client.post("/api/generate-video", { prompt: "a harbour", model: "veo3_fast" });
    const { taskId } = made.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    const before = await balanceOf(db(), u.id);
    expect((await u.client.post(`/api/videos/${taskId}/upgrade-4k`)).statusCode).toBe(200);
    // KIE starts making it, and has it ready by the next check.
    await t.app.jobs.taskWorker.runOnce();
    await passSimulatorTime(sim, 1_000);

    const arrived = proxy.hold("/api/v1/veo/get-4k-video");
    const pass = t.app.jobs.taskWorker.runOnce();
    await arrived;
    expect((await u.client.request("DELETE", `/api/videos/${taskId}`)).statusCode).toBe(200);
    proxy.release();
    await pass;

    expect(await taskRow(db(), taskId)).toMatchObject({ uhdStatus: "failed", uhdVideoUrl: null });
    expect(await balanceOf(db(), u.id)).toEqual(before);
    await expectLedgerBalanced(db());
  });
});

import crypto from "node:crypto";
import sharp from "sharp";
import { DEVICE } from "../helpers/images.js";
import { startImageHost } from "../helpers/image-host.js";
import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/server/db/connect.js";
import { vendorAccounts, videoTasks } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { startKieSimulator } from "../../src/server/simulator/index.js";
import { signInAdmin } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";
import {
  balanceOf,
  createVideoTestApp,
  FAST_WORKER,
  passSimulatorTime,
  randomPng,
  runWorkerUntil,
  startSimulator,
  taskRow,
  uploadImage,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

/** The real KIE client against the simulator on its own port, configured like production. */
let sim: StartedSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

async function realProviderApp(env: Record<string, string> = {}): Promise<VideoTestApp> {
  return createVideoTestApp({ sim, env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, ...env } });
}

/** An account with the costs accounts had before the cost map (migration 0037 copied them into it). */
async function addAccount(t: VideoTestApp, name: string, token: string, totalCredits: number) {
  const [row] = await t.database.db
    .insert(vendorAccounts)
    .values({
      name,
      tokenEncrypted: t.secretBox.encrypt(token),
      tokenHash: sha256Hex(token),
      totalCredits,
      modelCosts: { veo3: 400, veo3_fast: 80, veo3_lite: 40 },
    })
    .returning();
  return row!;
}

describe("choosing the provider key", () => {
  it("uses KIE_API_KEY when nothing else is configured, and pricing says not simulated", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-key-1" });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json().simulated).toBe(false);
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "env key", model: "veo3_fast" })).json();
      expect(await taskRow(t.database.db, taskId)).toMatchObject({ providerSource: "env", vendorAccountId: null });
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    } finally {
      await t.close();
    }
  });

  it("prefers the admin kieToken to KIE_API_KEY, and an enabled account to both", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-key-2" });
    try {
      const admin = await signInAdmin(t);
      await admin.put("/api/admin/settings", { kieToken: "settings-key-2" });
      const u = await userWithCredits(t.app, t.database.db, 2);
      const first = (await u.client.post("/api/generate-video", { prompt: "settings key", model: "veo3_fast" })).json();
      expect((await taskRow(t.database.db, first.taskId)).providerSource).toBe("settings");
      const account = await addAccount(t, "main", "account-key-2", 1000);
      const second = (await u.client.post("/api/generate-video", { prompt: "account key", model: "veo3_fast" })).json();
      expect(await taskRow(t.database.db, second.taskId)).toMatchObject({
        providerSource: "account",
        vendorAccountId: account.id,
      });
      const [after] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
      // A Fast video costs the account what its cost map says (80 here).
      expect(after).toMatchObject({ totalCredits: 920, totalUsage: 80 });
      expect(after!.lastUsed).toBeInstanceOf(Date);
    } finally {
      await t.close();
    }
  });

  it("stops simulating as soon as a KIE account is enabled, even one this server cannot open", async () => {
    const t = await realProviderApp();
    try {
      const simulated = async () =>
        (await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json<{ simulated: boolean }>().simulated;
      expect(await simulated()).toBe(true);
      // Sealed with another server's secrets key: no key to use, but the admin has configured KIE.
      const [row] = await t.database.db
        .insert(vendorAccounts)
        .values({
          name: "foreign",
          tokenEncrypted: "v1:not-ours",
          tokenHash: sha256Hex("foreign-key"),
          totalCredits: 1000,
        })
        .returning();
      await t.app.liveEvents.settle();
      expect(await simulated()).toBe(false);
      await t.database.db.update(vendorAccounts).set({ isEnabled: false }).where(eq(vendorAccounts.id, row!.id));
      await t.app.liveEvents.settle();
      expect(await simulated()).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("VIDEO_PROVIDER=simulator wins over configured keys", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-key-3", VIDEO_PROVIDER: "simulator" });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "forced", model: "veo3_fast" })).json();
      expect((await taskRow(t.database.db, taskId)).providerSource).toBe("simulator");
      expect((await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json().simulated).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("reference images", () => {
  it("hands our uploaded image to KIE's file upload before submitting with the real provider", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-key-image" });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { imageUrl } = (await uploadImage(t.app, u.client.sessionCookie, randomPng(), "ref.png")).json();
      const uploadsBefore = sim.stats.calls.upload;
      const res = await u.client.post("/api/generate-video", {
        prompt: "from an image",
        model: "veo3_fast",
        imageUrls: [imageUrl],
      });
      expect(res.statusCode).toBe(200);
      expect(sim.stats.calls.upload).toBe(uploadsBefore + 1);
      const submitted = sim.stats.submissions.find((s) => s.taskId === res.json().taskId);
      expect(submitted?.imageUrls).toHaveLength(1);
      expect(submitted!.imageUrls[0]).not.toBe(imageUrl);
      expect(submitted!.imageUrls[0]!.startsWith(sim.baseUrl)).toBe(true);
      // The file KIE got is the one the user uploaded.
      const handed = Buffer.from(await (await fetch(submitted!.imageUrls[0]!)).arrayBuffer());
      const ours = await t.app.inject({ method: "GET", url: new URL(imageUrl).pathname });
      expect(handed.equals(ours.rawPayload)).toBe(true);
      // The task keeps the user's own URL for display.
      expect((await taskRow(t.database.db, res.json().taskId)).imageUrls).toEqual([imageUrl]);
    } finally {
      await t.close();
    }
  });

  it("hands KIE a clean copy of a linked image, never the link; uploads nothing for the simulator", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-key-image-2" });
    const simApp = await createVideoTestApp({ sim });
    const host = await startImageHost();
    try {
      const outside = host.url("cat.jpg");
      const u = await userWithCredits(t.app, t.database.db, 1);
      const uploadsBefore = sim.stats.calls.upload;
      const viaKey = (
        await u.client.post("/api/generate-video", { prompt: "outside", model: "veo3_fast", imageUrls: [outside] })
      ).json();
      expect(sim.stats.calls.upload).toBe(uploadsBefore + 1);
      const [handedUrl] = sim.stats.submissions.find((x) => x.taskId === viaKey.taskId)!.imageUrls;
      expect(handedUrl!.startsWith(sim.baseUrl)).toBe(true);
      // What KIE got is the photo without its GPS position and device name (decision 0090).
      const handed = Buffer.from(await (await fetch(handedUrl!)).arrayBuffer());
      expect((await sharp(handed).metadata()).exif).toBeUndefined();
      expect(handed.includes(Buffer.from(DEVICE))).toBe(false);
      expect(host.requests).toEqual(["/cat.jpg"]);

      const s = await userWithCredits(simApp.app, simApp.database.db, 1);
      const { imageUrl } = (await uploadImage(simApp.app, s.client.sessionCookie, randomPng(), "ref.png")).json();
      const viaSim = (
        await s.client.post("/api/generate-video", { prompt: "simulated", model: "veo3_fast", imageUrls: [imageUrl] })
      ).json();
      expect(sim.stats.submissions.find((x) => x.taskId === viaSim.taskId)?.imageUrls).toEqual([imageUrl]);
      expect(sim.stats.calls.upload).toBe(uploadsBefore + 1);
    } finally {
      await t.close();
      await simApp.close();
      await host.close();
    }
  });
});

describe("provider accounts", () => {
  it("fails over when an account runs out mid-way, marks it, and keeps using the key that made each task", async () => {
    const t = await realProviderApp();
    try {
      // The simulator charges 60 KIE credits per fast video: "rich" can pay for one only.
      sim.accounts.set("rich-key", { credits: 60 });
      sim.accounts.set("backup-key", { credits: 10_000 });
      const rich = await addAccount(t, "rich", "rich-key", 5000);
      const backup = await addAccount(t, "backup", "backup-key", 1000);
      const u = await userWithCredits(t.app, t.database.db, 2);
      const one = (await u.client.post("/api/generate-video", { prompt: "first", model: "veo3_fast" })).json();
      const two = (await u.client.post("/api/generate-video", { prompt: "second", model: "veo3_fast" })).json();
      expect((await taskRow(t.database.db, one.taskId)).vendorAccountId).toBe(rich.id);
      expect((await taskRow(t.database.db, two.taskId)).vendorAccountId).toBe(backup.id);
      const [richAfter] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, rich.id));
      expect(richAfter!.totalCredits).toBe(0);
      // If status checks used another key than the task's, the revoked one would answer 401.
      sim.accounts.set("rich-key", { credits: 0, revoked: false });
      sim.accounts.set("other", { credits: 0, revoked: true });
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, two.taskId)).status === "completed");
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, one.taskId)).status === "completed");
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 0, ledger: 0 });
    } finally {
      await t.close();
      sim.accounts.clear();
    }
  });

  it("disables an account whose key is rejected and uses the next", async () => {
    const t = await realProviderApp();
    try {
      sim.accounts.set("revoked-key", { credits: 10_000, revoked: true });
      const bad = await addAccount(t, "bad", "revoked-key", 9000);
      const good = await addAccount(t, "good", "good-key", 1000);
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "x", model: "veo3_fast" })).json();
      expect((await taskRow(t.database.db, taskId)).vendorAccountId).toBe(good.id);
      const [badAfter] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, bad.id));
      expect(badAfter!.isEnabled).toBe(false);
    } finally {
      await t.close();
      sim.accounts.clear();
    }
  });

  it("skips accounts that cannot afford the model", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-fallback" });
    try {
      await addAccount(t, "poor", "poor-key", 100); // a quality video costs the account 400
      const u = await userWithCredits(t.app, t.database.db, 5);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "quality", model: "veo3" })).json();
      expect((await taskRow(t.database.db, taskId)).providerSource).toBe("env");
    } finally {
      await t.close();
    }
  });

  it("when every key is out of credits the user is refunded and told the service is unavailable", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "broke-key" });
    try {
      sim.accounts.set("broke-key", { credits: 0 });
      const u = await userWithCredits(t.app, t.database.db, 1);
      const res = await u.client.post("/api/generate-video", { prompt: "x", model: "veo3_fast" });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        "Video generation is temporarily unavailable. Please try again later. Your 1 credit was refunded.",
      );
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      await t.close();
      sim.accounts.clear();
    }
  });
});

describe("KIE's newer answers (issue 22)", () => {
  it("a Lite video costs an account its Lite price; an account that cannot afford Lite is skipped", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-fallback" });
    try {
      const poor = await addAccount(t, "poor", "poor-lite", 10);
      await t.database.db
        .update(vendorAccounts)
        .set({ modelCosts: { veo3_lite: 25 } })
        .where(eq(vendorAccounts.id, poor.id));
      const rich = await addAccount(t, "rich", "rich-lite", 100);
      await t.database.db
        .update(vendorAccounts)
        .set({ modelCosts: { veo3_lite: 25 } })
        .where(eq(vendorAccounts.id, rich.id));
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "lite", model: "veo3_lite" })).json();
      expect((await taskRow(t.database.db, taskId)).vendorAccountId).toBe(rich.id);
      const [after] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, rich.id));
      expect(after).toMatchObject({ totalCredits: 75, totalUsage: 25 });
    } finally {
      await t.close();
    }
  });

  it("433 (a key's own cap) moves on to the next key and leaves the account as it was", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "env-after-433" });
    try {
      const capped = await addAccount(t, "capped", "capped-key", 5000);
      const u = await userWithCredits(t.app, t.database.db, 1);
      const before = sim.stats.calls.generate;
      // The marker makes every key answer 433: each is tried (the account, then KIE_API_KEY), none is marked, the user is refunded.
      const res = await u.client.post("/api/generate-video", { prompt: "capped [sim:code-433]", model: "veo3_fast" });
      expect(res.statusCode).toBe(503);
      expect(sim.stats.calls.generate - before).toBe(2);
      const [after] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, capped.id));
      expect(after).toMatchObject({ isEnabled: true, totalCredits: 5000 });
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      await t.close();
    }
  });

  it.each([
    [
      "451 (the image could not be fetched)",
      "451",
      422,
      /^The video service could not download an image of this video\. Upload the image again, or use another one\./,
    ],
    ["455 (maintenance)", "455", 503, /^Video generation is temporarily unavailable/],
    ["505 (feature disabled)", "505", 503, /^Video generation is temporarily unavailable/],
    ["408 (no result upstream)", "408", 503, /^Video generation is temporarily unavailable/],
    ["501 (generation failed)", "501", 503, /^Video generation is temporarily unavailable/],
  ])("%s at submission: refunded at once, with a message a person can act on", async (_, code, status, message) => {
    const t = await realProviderApp({ KIE_API_KEY: "codes-key" });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const res = await u.client.post("/api/generate-video", {
        prompt: `codes [sim:code-${code}]`,
        model: "veo3_fast",
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(res.json().message).toMatch(/Your 1 credit was refunded\.$/);
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      await t.close();
    }
  });
});

describe("provider trouble", () => {
  it("a 429 storm while tracking delays the task, never fails it", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "storm-key" });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "storm", model: "veo3_fast" })).json();
      await passSimulatorTime(sim, 150);
      sim.faults.inject("record-info", { httpStatus: 429 }, 6);
      for (let i = 0; i < 6; i++) await t.app.jobs.taskWorker.runOnce();
      expect((await taskRow(t.database.db, taskId)).status).toBe("generating");
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    } finally {
      sim.faults.clear();
      await t.close();
    }
  });

  it("429 at submission: the user is refunded and told to try again, with Retry-After", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "busy-key" });
    try {
      sim.faults.inject("generate", { httpStatus: 429 });
      const u = await userWithCredits(t.app, t.database.db, 1);
      const res = await u.client.post("/api/generate-video", { prompt: "busy", model: "veo3_fast" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("60");
      expect(res.json().message).toMatch(/^The video service is busy right now\./);
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      sim.faults.clear();
      await t.close();
    }
  });

  it("a timeout at submission refunds and does not try a second key", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "slow-key", KIE_TIMEOUT_MS: "200" });
    try {
      await addAccount(t, "first", "first-key", 5000);
      const before = sim.stats.calls.generate;
      sim.faults.inject("generate", { delayMs: 600 });
      const u = await userWithCredits(t.app, t.database.db, 1);
      const res = await u.client.post("/api/generate-video", { prompt: "slow", model: "veo3_fast" });
      expect(res.statusCode).toBe(503);
      expect(sim.stats.calls.generate - before).toBe(1);
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      sim.faults.clear();
      await t.close();
    }
  });

  it("reads results whatever shape KIE sends them in (resultUrls as a JSON string)", async () => {
    const t = await realProviderApp({ KIE_API_KEY: "shape-key" });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "shape", model: "veo3_fast" })).json();
      sim.faults.inject("record-info", {
        body: {
          code: 200,
          msg: "success",
          data: { taskId, successFlag: "1", response: { resultUrls: '["https://cdn.example/v.mp4"]' } },
        },
      });
      await t.app.jobs.taskWorker.runOnce();
      expect(await taskRow(t.database.db, taskId)).toMatchObject({
        status: "completed",
        resultUrls: ["https://cdn.example/v.mp4"],
      });
    } finally {
      sim.faults.clear();
      await t.close();
    }
  });
});

describe("restarts and several processes", () => {
  it("tasks in flight when the process stops finish after a restart", async () => {
    const first = await realProviderApp({ KIE_API_KEY: "restart-key" });
    const u = await userWithCredits(first.app, first.database.db, 3);
    const ids: string[] = [];
    for (const prompt of ["a", "b", "c [sim:fail]"]) {
      ids.push((await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" })).json().taskId);
    }
    await first.app.close(); // the process stops; the database stays (first.close would drop it)
    const restarted = await createVideoTestApp({
      sim,
      database: first.database,
      secretBox: first.secretBox,
      env: { KIE_BASE_URL: sim.baseUrl, KIE_API_KEY: "restart-key" },
    });
    try {
      await runWorkerUntil(restarted, async () => {
        const rows = await Promise.all(ids.map((id) => taskRow(first.database.db, id)));
        return rows.every((r) => r.status === "completed" || r.status === "failed");
      });
      const rows = await Promise.all(ids.map((id) => taskRow(first.database.db, id)));
      expect(rows.map((r) => r.status)).toEqual(["completed", "completed", "failed"]);
      expect(await balanceOf(first.database.db, u.id)).toEqual({ credits: 1, ledger: 1 });
    } finally {
      await restarted.close();
      await first.database.close();
    }
  });
});

/**
 * The task's status once the simulator's callback has finished it, or 20 s have passed (it takes
 * about a second when quiet; the tests' 60 s poll schedule leaves only the callback to do it).
 */
/**
 * How long the simulator takes to make a video in the tests that only its callback can finish.
 * After 100 ms (the tests' usual), a loaded machine had not yet stored the task's id when the
 * callback came: it found no task, and the test failed 20 s later (CI, stop 54).
 */
const CALLBACK_AFTER_MS = 2_000;

async function statusAfterCallback(db: Db, taskId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while ((await taskRow(db, taskId)).status !== "completed" && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return (await taskRow(db, taskId)).status;
}

describe("callbacks", () => {
  it("a callback only makes the worker re-read the provider; duplicates change nothing", async () => {
    // The simulator's clock is the test's: the video finishes when the test says so, not after a sleep.
    let simNow = Date.now();
    const ownSim = await startKieSimulator({
      delayMs: 100,
      hdDelayMs: 100,
      uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), "veo-sim-")),
      now: () => simNow,
    });
    // Polling so slow that only a callback can make the task due within the test.
    const t = await createVideoTestApp({
      sim: ownSim,
      env: { KIE_BASE_URL: ownSim.baseUrl, KIE_API_KEY: "callback-key" },
      worker: { ...FAST_WORKER, pollScheduleMs: [60_000] },
    });
    try {
      const u = await userWithCredits(t.app, t.database.db, 1);
      const { taskId } = (await u.client.post("/api/generate-video", { prompt: "cb", model: "veo3_fast" })).json();
      // A forged "success" for a task the provider still reports as generating changes nothing.
      const forged = { code: 200, msg: "ok", data: { taskId, info: { resultUrls: ["https://evil.example/x.mp4"] } } };
      const res = await t.app.inject({ method: "POST", url: "/api/callbacks/kie", payload: forged });
      expect(res.statusCode).toBe(200);
      expect(await t.app.jobs.taskWorker.runOnce()).toBe(1);
      expect((await taskRow(t.database.db, taskId)).status).toBe("generating");

      simNow += 1_000; // the provider has finished the video
      expect(await t.app.jobs.taskWorker.runOnce()).toBe(0); // not due: the next poll is a minute away
      for (let i = 0; i < 3; i++) await t.app.inject({ method: "POST", url: "/api/callbacks/kie", payload: forged });
      expect(await t.app.jobs.taskWorker.runOnce()).toBe(1);
      const row = await taskRow(t.database.db, taskId);
      expect(row.status).toBe("completed");
      expect(row.resultUrls![0]).not.toContain("evil.example");
      expect(ownSim.stats.calls["record-info"]).toBe(2);

      const unknown = await t.app.inject({
        method: "POST",
        url: "/api/callbacks/kie",
        payload: { data: { taskId: "nope" } },
      });
      expect(unknown.statusCode).toBe(200);
      const garbage = await t.app.inject({
        method: "POST",
        url: "/api/callbacks/kie",
        payload: "[1,2]",
        headers: { "content-type": "application/json" },
      });
      expect(garbage.statusCode).toBe(200);
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 0, ledger: 0 });
    } finally {
      await t.close();
      await ownSim.close();
    }
  });

  // On PGlite the database runs in this process and reads its (here faked) clock: no skew to test.
  it.runIf(usingPostgres)(
    "a task a callback made due is claimed at once, even when this process's clock is behind the database's",
    async () => {
      const t = await realProviderApp({ KIE_API_KEY: "clock-key" });
      try {
        const u = await userWithCredits(t.app, t.database.db, 1);
        const { taskId } = (await u.client.post("/api/generate-video", { prompt: "clock", model: "veo3_fast" })).json();
        await t.database.db
          .update(videoTasks)
          .set({ nextCheckAt: new Date(Date.now() + 3_600_000) })
          .where(eq(videoTasks.taskId, taskId));
        await t.app.inject({ method: "POST", url: "/api/callbacks/kie", payload: { data: { taskId } } });
        // This process's clock a second behind: "due now" must still be due (the database's clock decides).
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 1_000 });
        try {
          expect(await t.app.jobs.taskWorker.runOnce()).toBe(1);
        } finally {
          vi.useRealTimers();
        }
      } finally {
        await t.close();
      }
    },
  );

  it(
    "the simulator's callback reaches a listening app and completes the task without polling",
    { timeout: 60_000 },
    async () => {
      const { freePort } = await import("../helpers/test-app.js");
      const port = await freePort();
      const sim = await startSimulator({ delayMs: CALLBACK_AFTER_MS });
      const t = await createVideoTestApp({
        sim,
        env: { PORT: String(port), HOST: "127.0.0.1" },
        // Polling so slow that only the callback can finish the task within the test.
        worker: { pollScheduleMs: [60_000], hdScheduleMs: [60_000], intervalMs: 50 },
      });
      try {
        await t.app.listen({ port, host: "127.0.0.1" });
        t.app.jobs.start(); // as main.ts does with BACKGROUND_WORKERS on
        const u = await userWithCredits(t.app, t.database.db, 1);
        const { taskId } = (
          await u.client.post("/api/generate-video", { prompt: "callback", model: "veo3_fast" })
        ).json();
        expect(await statusAfterCallback(t.database.db, taskId)).toBe("completed");
        expect(
          (await t.database.db.select().from(videoTasks).where(eq(videoTasks.taskId, taskId)))[0]!.checkAttempts,
        ).toBeLessThanOrEqual(1);
      } finally {
        await t.close();
        await sim.close();
      }
    },
  );
});

describe("signed callbacks (KIE's webhook HMAC key)", () => {
  const KEY = "kie-hmac-test-key";
  const sign = (taskId: string, timestamp: string, key = KEY) =>
    crypto.createHmac("sha256", key).update(`${taskId}.${timestamp}`).digest("base64");
  const now = () => String(Math.floor(Date.now() / 1000));

  it(
    "with the key set, the simulator's signed callback completes the task; unsigned, wrongly signed and stale ones change nothing",
    { timeout: 60_000 },
    async () => {
      const { freePort } = await import("../helpers/test-app.js");
      const port = await freePort();
      const signingSim = await startSimulator({ webhookHmacKey: KEY, delayMs: CALLBACK_AFTER_MS });
      const t = await createVideoTestApp({
        sim: signingSim,
        env: { PORT: String(port), HOST: "127.0.0.1" },
        // Polling so slow that only a callback can finish the task within the test.
        worker: { pollScheduleMs: [60_000], hdScheduleMs: [60_000], intervalMs: 50 },
      });
      try {
        const admin = await signInAdmin(t);
        expect(
          (await admin.put("/api/admin/settings", { kieWebhookHmacKey: KEY })).json().settings.kieWebhookHmacKey,
        ).toMatch(/^•+-key$/);
        const u = await userWithCredits(t.app, t.database.db, 2);

        // Refused callbacks: the task is not made due (the worker finds nothing to do).
        const { taskId: quiet } = (
          await u.client.post("/api/generate-video", { prompt: "quiet", model: "veo3_fast" })
        ).json();
        await t.app.jobs.taskWorker.runOnce(); // the first check is a minute away after this
        const post = (headers: Record<string, string>, body: unknown = { code: 200, data: { taskId: quiet } }) =>
          t.app.inject({ method: "POST", url: "/api/callbacks/kie", payload: body as object, headers });
        const old = String(Math.floor(Date.now() / 1000) - 3600);
        for (const headers of [
          {} as Record<string, string>,
          { "x-webhook-timestamp": now(), "x-webhook-signature": sign(quiet, now(), "another-key") },
          { "x-webhook-timestamp": old, "x-webhook-signature": sign(quiet, old) },
          { "x-webhook-timestamp": now(), "x-webhook-signature": sign("some-other-task", now()) },
        ]) {
          const res = await post(headers);
          expect(res.statusCode, JSON.stringify(headers)).toBe(401);
          expect(res.json()).toEqual({ message: "Invalid or missing webhook signature", code: "not_signed_in" });
        }
        expect(await t.app.jobs.taskWorker.runOnce()).toBe(0);
        // KIE's documented samples read data.task_id: a valid signature over that shape is accepted.
        const ts = now();
        expect(
          (
            await post(
              { "x-webhook-timestamp": ts, "x-webhook-signature": sign(quiet, ts) },
              { data: { task_id: quiet } },
            )
          ).statusCode,
        ).toBe(200);
        expect(await t.app.jobs.taskWorker.runOnce()).toBe(1);

        // The simulator signs its own callback: it reaches the listening app and finishes the video.
        await t.app.listen({ port, host: "127.0.0.1" });
        t.app.jobs.start();
        const { taskId } = (
          await u.client.post("/api/generate-video", { prompt: "signed", model: "veo3_fast" })
        ).json();
        expect(await statusAfterCallback(t.database.db, taskId)).toBe("completed");
      } finally {
        await t.close();
        await signingSim.close();
      }
    },
  );
});

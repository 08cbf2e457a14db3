/**
 * The bearer-token automation API: POST /api/n8n/generate and
 * GET /api/n8n/video-status/{taskId} through the real KIE client and the simulator; every 401,
 * owners only, API prices, reference images (URL, base64, data URL; base64 deleted after 24 h),
 * 402, 429 and the `{success:false, message}` error shape. Decision 0017.
 */
import { ASPECT_RATIOS, MODELS } from "../../src/shared/catalogue.js";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { TASK_NOT_FOUND } from "../../src/server/features/automation/messages.js";
import { IMAGE_MESSAGES } from "../../src/server/features/automation/reference-image.js";
import { BEARER_MESSAGES } from "../../src/server/http/bearer-auth.js";
import {
  automationErrorSchema,
  automationGenerateResultSchema,
  automationVideoStatusSchema,
} from "../../src/shared/schemas/automation.js";
import { MAX_IMAGE_BYTES } from "../../src/shared/videos.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { photoJpeg } from "../helpers/images.js";
import { startImageHost } from "../helpers/image-host.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  startSimulator,
  taskRow,
  uploadImage,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

const PUBLIC_URL = "https://veo.test";
const dataDir = path.join(os.tmpdir(), `veo-automation-${crypto.randomBytes(4).toString("hex")}`);
const uploadsDir = path.join(dataDir, "uploads");

let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL } });
  await makingCostsNextToNothing(t.database.db);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/**
 * A bare HTTP client: no cookies, only the Authorization header given. Like the cookie client
 * (tests/helpers/test-app.ts), it first lets the read caches hear of every committed change (the
 * worker's too): an automation's next poll comes later than that.
 */
async function api(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  authorization?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  await app.liveEvents.settle();
  return app.inject({
    method,
    url,
    headers: { ...(authorization === undefined ? {} : { authorization }), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function newToken(client: Client, name = "n8n"): Promise<{ id: string; token: string }> {
  const res = await client.post("/api/user-tokens", { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A signed-in user with credits and an API token. */
async function tokenUser(credits: number, app: VideoTestApp = t) {
  const u = await userWithCredits(app.app, app.database.db, credits);
  const { id: tokenId, token } = await newToken(u.client);
  const bearer = `Bearer ${token}`;
  return {
    ...u,
    token,
    tokenId,
    generate: (body: unknown) => api(app.app, "POST", "/api/n8n/generate", bearer, body),
    status: (taskId: string) => api(app.app, "GET", `/api/n8n/video-status/${encodeURIComponent(taskId)}`, bearer),
  };
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Json;
  expect(automationErrorSchema.safeParse(body).success).toBe(true);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

const tasksOf = (userId: string) => db().select().from(videoTasks).where(eq(videoTasks.userId, userId));
const temporaryFiles = () =>
  fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).filter((n) => n.startsWith("tmp-")) : [];

describe("a video through the API, from generate to 1080p", () => {
  it("charges the API price, records an API task and reports processing, then 720p/1080p", async () => {
    const u = await tokenUser(50);
    const res = await u.generate({
      prompt: "A red fox in fresh snow",
      model: "veo3",
      aspectRatio: "16:9",
      seeds: 12345,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = automationGenerateResultSchema.parse(res.json());
    // One video: a list of one and no batch (variants, decision 0162).
    expect(body).toEqual({
      success: true,
      taskId: expect.any(String),
      creditsUsed: 10,
      remainingCredits: 40,
      taskIds: [body.taskId],
      batchId: null,
    });

    const row = await taskRow(db(), body.taskId);
    expect(row).toMatchObject({
      userId: u.id,
      createdVia: "api",
      creditsUsed: 10,
      model: "veo3",
      aspectRatio: "16:9",
      seeds: 12345,
      imageUrls: [],
      enableFallback: false,
      watermark: null,
    });
    const usage = await db().select().from(transactions).where(eq(transactions.videoTaskId, row.id));
    expect(usage.map((r) => [r.type, r.amount, r.description])).toEqual([
      ["usage", -10, "Video generation (Veo3 (Quality), API)"],
    ]);

    const processing = await u.status(body.taskId);
    expect(processing.statusCode).toBe(200);
    expect(processing.headers["cache-control"]).toBe("no-store");
    expect(automationVideoStatusSchema.parse(processing.json())).toEqual({
      success: true,
      status: "processing",
      videoUrl: null,
      hdVideoUrl: null,
      videoUrl4k: null,
      resolution: null,
      message: "The video is being generated. Check again in 15-30 seconds.",
      taskId: body.taskId,
      // Who made it (decision 0175): the simulator stands in for KIE.
      vendor: "kie",
    });

    await runWorkerUntil(t, async () => (await taskRow(db(), body.taskId)).status === "completed");
    const done = automationVideoStatusSchema.parse((await u.status(body.taskId)).json());
    const completed = await taskRow(db(), body.taskId);
    expect(done).toMatchObject({
      success: true,
      status: "completed",
      videoUrl: completed.resultUrls![0],
      taskId: body.taskId,
    });
    expect(done.videoUrl).toMatch(/16x9-720p\.mp4$/);
    if (!done.hdVideoUrl)
      expect(done).toMatchObject({
        resolution: "720p",
        message: "The 720p video is ready; the 1080p version is still being processed",
      });

    await runWorkerUntil(t, async () => Boolean((await taskRow(db(), body.taskId)).hdVideoUrl));
    const hd = automationVideoStatusSchema.parse((await u.status(body.taskId)).json());
    expect(hd).toMatchObject({
      success: true,
      status: "completed",
      resolution: "1080p",
      message: "The video is ready in 1080p",
    });
    expect(hd.hdVideoUrl).toMatch(/16x9-1080p\.mp4$/);
    expect(hd.videoUrl).toBe(done.videoUrl);

    // The same account on the web: the video is listed, made via the API; the balance is shared.
    const list = (await u.client.get("/api/video-tasks?days=14")).json();
    expect(list.tasks[0]).toMatchObject({
      taskId: body.taskId,
      createdVia: "api",
      status: "completed",
      creditsUsed: 10,
    });
    expect((await u.client.get("/api/auth/current-user")).json().credits).toBe(40);
  });

  it("a 9:16 video gets its 1080p version too", async () => {
    const u = await tokenUser(2);
    const { taskId } = (
      await u.generate({ prompt: "A tall waterfall", model: "veo3_fast", aspectRatio: "9:16" })
    ).json();
    await runWorkerUntil(t, async () => Boolean((await taskRow(db(), taskId)).hdVideoUrl));
    const hd = automationVideoStatusSchema.parse((await u.status(taskId)).json());
    expect(hd).toMatchObject({
      success: true,
      status: "completed",
      resolution: "1080p",
      message: "The video is ready in 1080p",
    });
    expect(hd.hdVideoUrl).toMatch(/9x16-1080p\.mp4$/);
  });

  it("defaults to veo3 and 16:9 like the contract says", async () => {
    const u = await tokenUser(10);
    const res = await u.generate({ prompt: "Defaults" });
    expect(res.json()).toMatchObject({ creditsUsed: 10, remainingCredits: 0 });
    expect(await taskRow(db(), res.json().taskId)).toMatchObject({ model: "veo3", aspectRatio: "16:9" });
  });
});

describe("failures", () => {
  it("a video that fails upstream reports failed with the reason and the refund", async () => {
    const u = await tokenUser(2);
    const { taskId } = (await u.generate({ prompt: "doomed [sim:fail]", model: "veo3_fast" })).json();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
    const res = await u.status(taskId);
    expect(res.statusCode).toBe(200);
    expect(automationVideoStatusSchema.parse(res.json())).toEqual({
      success: false,
      status: "failed",
      videoUrl: null,
      hdVideoUrl: null,
      videoUrl4k: null,
      resolution: null,
      message:
        "Video generation failed: Veo3 Fast could not make this video. Try again, or change the prompt a little. 2 credits were refunded.",
      taskId,
      vendor: "kie",
    });
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 2, ledger: 2 });
  });

  it("a prompt the provider refuses is 422 with the refund, and the task reads failed", async () => {
    const u = await tokenUser(2);
    const res = await u.generate({ prompt: "something [sim:reject]", model: "veo3_fast" });
    expectError(
      res,
      422,
      "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words. Your 2 credits were refunded.",
    );
    const [task] = await tasksOf(u.id);
    expect(task).toMatchObject({ status: "failed", createdVia: "api", refunded: true });
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 2, ledger: 2 });
  });

  it("402 with the spec's message when credits are short; nothing is recorded", async () => {
    const u = await tokenUser(1);
    expectError(
      await u.generate({ prompt: "a cat", model: "veo3_fast" }),
      402,
      "You need 2 credits to generate a video with Veo3 Fast. You have 1 credit.",
    );
    expect(await tasksOf(u.id)).toEqual([]);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1, ledger: 1 });
  });

  it.each([
    [{}, "Prompt is required"],
    [{ prompt: "  " }, "Prompt is required"],
    [{ prompt: "a cat", model: "veo2" }, `Model must be ${MODELS.slice(0, -1).join(", ")} or ${MODELS.at(-1)}`],
    [{ prompt: "a cat", aspectRatio: "1:1" }, "Veo3 (Quality) makes 16:9 or 9:16 videos, not 1:1"],
    [{ prompt: "a cat", aspectRatio: "5:4" }, `Aspect ratio must be ${ASPECT_RATIOS.join(" or ")}`],
    [{ prompt: "a cat", model: "wan26", audio: true }, "Wan 2.6 makes videos without sound"],
    [
      { prompt: "a cat", model: "kling3", durationSeconds: 6 },
      "Kling 3.0 makes videos of 5 seconds, 10 seconds or 15 seconds, not 6 seconds",
    ],
    [{ prompt: "a cat", seeds: 9999 }, "Seed must be a whole number between 10000 and 99999"],
    [
      { prompt: "a cat", imageUrls: "https://a.example/1.png" },
      "imageUrls must be a list of image URLs or base64 images",
    ],
    [{ prompt: "a cat", imageUrls: [""] }, "Each image must be a URL or base64 image data"],
  ])("400 for %j: %s, nothing charged", async (body, message) => {
    const u = await tokenUser(10);
    expectError(await u.generate(body), 400, message);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 10, ledger: 10 });
  });

  it("400 for malformed JSON and 415 for a non-JSON body, in the API's shape", async () => {
    const u = await tokenUser(10);
    const bearer = `Bearer ${u.token}`;
    expectError(
      await api(t.app, "POST", "/api/n8n/generate", bearer, "{not json", { "content-type": "application/json" }),
      400,
      "Request body is not valid JSON",
    );
    expectError(
      await api(t.app, "POST", "/api/n8n/generate", bearer, "prompt=a", {
        "content-type": "application/x-www-form-urlencoded",
      }),
      415,
    );
  });

  it("unknown automation paths are 404 in the API's shape", async () => {
    const u = await tokenUser(0);
    const body = expectError(await api(t.app, "GET", "/api/n8n/nothing-here", `Bearer ${u.token}`), 404);
    expect(body.message).toContain("POST /api/n8n/generate");
  });

  it("a task id longer than any real one is 414, and an undecodable one 400, in the API's shape", async () => {
    const u = await tokenUser(0);
    expectError(await u.status("x".repeat(300)), 414, "This address is too long: check the id in the URL");
    expectError(
      await api(t.app, "GET", "/api/n8n/video-status/%E0%A4%A", `Bearer ${u.token}`),
      400,
      "This address is not valid: check the URL",
    );
  });
});

describe("owners only", () => {
  it("another user's task, or an unknown one, is 404", async () => {
    const alice = await tokenUser(2);
    const bob = await tokenUser(0);
    const { taskId } = (await alice.generate({ prompt: "mine", model: "veo3_fast" })).json();
    expectError(await bob.status(taskId), 404, TASK_NOT_FOUND);
    expectError(await alice.status("no-such-task"), 404, TASK_NOT_FOUND);
    expectError(await alice.status(""), 404, TASK_NOT_FOUND);
    expect((await alice.status(taskId)).statusCode).toBe(200);
  });
});

describe("authentication: bearer token only", () => {
  const endpoints = [
    ["POST", "/api/n8n/generate"],
    ["GET", "/api/n8n/video-status/some-task"],
  ] as const;

  async function expect401(authorization: string | undefined, message: string, headers: Record<string, string> = {}) {
    for (const [method, url] of endpoints) {
      const res = await api(
        t.app,
        method,
        url,
        authorization,
        method === "POST" ? { prompt: "a cat", model: "veo3_fast" } : undefined,
        headers,
      );
      const body = expectError(res, 401, message);
      const sent = authorization?.replace(/^Bearer\s*/i, "");
      if (sent) expect(JSON.stringify(body)).not.toContain(sent);
    }
  }

  it("missing header", async () => {
    await expect401(undefined, BEARER_MESSAGES.missing);
    await expect401("", BEARER_MESSAGES.missing);
  });

  it("malformed header or not a token", async () => {
    const u = await tokenUser(0);
    for (const header of ["Basic dXNlcjpwYXNz", "Bearer", `Bearer ${u.token} extra`, `Token ${u.token}`])
      await expect401(header, BEARER_MESSAGES.malformed);
    for (const header of ["Bearer abc", `Bearer ${u.token.slice(0, -1)}`, `Bearer ${u.token.slice(4)}`])
      await expect401(header, BEARER_MESSAGES.notAToken);
  });

  it("unknown token", async () => {
    await expect401(`Bearer veo_${crypto.randomBytes(32).toString("base64url")}`, BEARER_MESSAGES.unknown);
  });

  it("deleted token", async () => {
    const u = await tokenUser(2);
    expect((await u.generate({ prompt: "before", model: "veo3_fast" })).statusCode).toBe(200);
    expect((await u.client.request("DELETE", `/api/user-tokens/${u.tokenId}`)).statusCode).toBe(200);
    await expect401(`Bearer ${u.token}`, BEARER_MESSAGES.unknown);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it("inactive token", async () => {
    const u = await tokenUser(2);
    await db().update(apiTokens).set({ isActive: false }).where(eq(apiTokens.id, u.tokenId));
    await expect401(`Bearer ${u.token}`, BEARER_MESSAGES.inactive);
    // The user's other tokens still work.
    const other = await newToken(u.client, "other");
    expect((await api(t.app, "GET", "/api/n8n/video-status/x", `Bearer ${other.token}`)).statusCode).toBe(404);
  });

  it("disabled user", async () => {
    const u = await tokenUser(2);
    const admin = await signInAdmin(t);
    expect((await admin.put(`/api/admin/users/${u.id}/toggle`, { isActive: false })).statusCode).toBe(200);
    await expect401(`Bearer ${u.token}`, BEARER_MESSAGES.disabledUser);
    expect(await tasksOf(u.id)).toEqual([]);
  });

  it("a session cookie alone is not enough, and no CSRF token or cookie is needed with a token", async () => {
    const u = await tokenUser(2);
    await expect401(undefined, BEARER_MESSAGES.missing, { cookie: u.client.sessionCookie! });
    const viaCookie = await u.client.post("/api/n8n/generate", { prompt: "cookie", model: "veo3_fast" });
    expectError(viaCookie, 401, BEARER_MESSAGES.missing);
    expect(await tasksOf(u.id)).toEqual([]);
    // Lower-case scheme, no cookie, a foreign Origin: it works.
    const res = await api(
      t.app,
      "POST",
      "/api/n8n/generate",
      `bearer ${u.token}`,
      { prompt: "ok", model: "veo3_fast" },
      { origin: "https://n8n.example" },
    );
    expect(res.statusCode).toBe(200);
  });

  it("updates lastUsed on use, at most once a minute", async () => {
    const u = await tokenUser(0);
    const lastUsed = async () =>
      (await db().select({ v: apiTokens.lastUsed }).from(apiTokens).where(eq(apiTokens.id, u.tokenId)))[0]!.v;
    expect(await lastUsed()).toBeNull();
    await u.status("whatever");
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    const listed = (await u.client.get("/api/user-tokens")).json<{ id: string; lastUsed: string | null }[]>();
    expect(listed.find((x) => x.id === u.tokenId)!.lastUsed).toBe(first!.toISOString());

    await u.status("whatever");
    expect(await lastUsed()).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await db().update(apiTokens).set({ lastUsed: twoMinutesAgo }).where(eq(apiTokens.id, u.tokenId));
    await u.status("whatever");
    expect((await lastUsed())!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });
});

describe("API pricing", () => {
  it("uses veo3ApiPrice/veo3FastApiPrice from settings, rounding a decimal price up", async () => {
    const admin = await signInAdmin(t);
    const u = await tokenUser(100);
    try {
      expect((await u.generate({ prompt: "fast", model: "veo3_fast" })).json().creditsUsed).toBe(2);
      expect(
        (await admin.put("/api/admin/settings", { veo3FastApiPrice: "3.25", veo3ApiPrice: "12" })).statusCode,
      ).toBe(200);
      const fast = (await u.generate({ prompt: "fast again", model: "veo3_fast" })).json();
      expect(fast).toMatchObject({ creditsUsed: 4, remainingCredits: 94 });
      const quality = (await u.generate({ prompt: "quality", model: "veo3" })).json();
      expect(quality).toMatchObject({ creditsUsed: 12, remainingCredits: 82 });
      expect(await taskRow(db(), fast.taskId)).toMatchObject({ creditsUsed: 4, createdVia: "api" });
      const rows = await db().select().from(transactions).where(eq(transactions.userId, u.id));
      expect(
        rows
          .filter((r) => r.type === "usage")
          .map((r) => r.amount)
          .sort((a, b) => a - b),
      ).toEqual([-12, -4, -2]);
      // The web keeps its own price.
      expect(
        (await u.client.post("/api/generate-video", { prompt: "web", model: "veo3_fast" })).json().creditsUsed,
      ).toBe(1);
    } finally {
      await admin.put("/api/admin/settings", { veo3FastApiPrice: "2", veo3ApiPrice: "10" });
    }
  });
});

describe("reference images", () => {
  const submittedImages = (taskId: string) => t.sim.stats.submissions.find((s) => s.taskId === taskId)?.imageUrls;

  it("fetches a linked image and hands on a stored copy; only the first image is used", async () => {
    const host = await startImageHost();
    try {
      const u = await tokenUser(2);
      const res = await u.generate({
        prompt: "url image",
        model: "veo3_fast",
        imageUrls: [host.url("fox.png"), host.url("second.png"), "not even checked"],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(host.requests).toEqual(["/fox.png"]);
      const [stored] = (await taskRow(db(), res.json().taskId)).imageUrls!;
      expect(stored).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/tmp-[a-f0-9]{32}\\.png$`));
      expect(submittedImages(res.json().taskId)).toEqual([stored]);
    } finally {
      await host.close();
    }
  });

  it("stores plain base64 as a temporary upload reachable at PUBLIC_URL/uploads/<name>", async () => {
    const u = await tokenUser(2);
    const png = randomPng();
    const res = await u.generate({
      prompt: "base64 image",
      model: "veo3_fast",
      imageUrls: [png.toString("base64"), "https://images.example/ignored.png"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [url] = (await taskRow(db(), res.json().taskId)).imageUrls!;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/tmp-[a-f0-9]{32}\\.png$`));
    expect(submittedImages(res.json().taskId)).toEqual([url]);
    const served = await t.app.inject({ method: "GET", url: new URL(url!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it("accepts a data: URL (JPEG, with line breaks) and URL-safe base64", async () => {
    const u = await tokenUser(4);
    const jpg = await photoJpeg({ width: 40, height: 20, orientation: 6 });
    const wrapped = jpg.toString("base64").replace(/(.{40})/g, "$1\n");
    const a = await u.generate({
      prompt: "data url",
      model: "veo3_fast",
      imageUrls: [`data:image/jpeg;base64,${wrapped}`],
    });
    expect(a.statusCode, a.body).toBe(200);
    const [urlA] = (await taskRow(db(), a.json().taskId)).imageUrls!;
    expect(urlA).toMatch(/\/uploads\/tmp-[a-f0-9]{32}\.jpg$/);
    // Re-encoded upright without its EXIF (decision 0090).
    const servedA = (await t.app.inject({ method: "GET", url: new URL(urlA!).pathname })).rawPayload;
    const meta = await sharp(servedA).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 20, 40, undefined]);

    const png = randomPng();
    const b = await u.generate({ prompt: "base64url", model: "veo3_fast", imageUrls: [png.toString("base64url")] });
    expect(b.statusCode, b.body).toBe(200);
    const [urlB] = (await taskRow(db(), b.json().taskId)).imageUrls!;
    expect((await t.app.inject({ method: "GET", url: new URL(urlB!).pathname })).rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ["not base64", "!!! definitely not base64 !!!", IMAGE_MESSAGES.badBase64],
    ["truncated base64", "iVBORw0KG", IMAGE_MESSAGES.badBase64],
    ["a data URL without base64", "data:image/png,rawbytes", IMAGE_MESSAGES.dataNotBase64],
    [
      "text, not an image",
      Buffer.from("hello, this is not a picture at all").toString("base64"),
      IMAGE_MESSAGES.notImage,
    ],
    [
      "a JPEG's first bytes over random bytes",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]).toString("base64"),
      IMAGE_MESSAGES.unreadable,
    ],
    [
      "a WebP image",
      Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), crypto.randomBytes(16)]).toString("base64"),
      IMAGE_MESSAGES.notImage,
    ],
    ["an ftp URL", "ftp://images.example/a.png", IMAGE_MESSAGES.otherScheme],
    ["a broken http URL", "http://", IMAGE_MESSAGES.badUrl],
  ])("400 for %s; nothing charged or stored", async (_label, image, message) => {
    const u = await tokenUser(2);
    const before = temporaryFiles().length;
    expectError(await u.generate({ prompt: "bad image", model: "veo3_fast", imageUrls: [image] }), 400, message);
    expect(await tasksOf(u.id)).toEqual([]);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 2, ledger: 2 });
    expect(temporaryFiles()).toHaveLength(before);
  });

  it("takes a 10 MB image in base64 (other routes keep the 1 MB limit); larger is refused", async () => {
    const u = await tokenUser(2);
    const big = Buffer.concat([randomPng(), Buffer.alloc(MAX_IMAGE_BYTES - 200)]);
    const ok = await u.generate({ prompt: "big image", model: "veo3_fast", imageUrls: [big.toString("base64")] });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);

    const tooBig = Buffer.concat([big, Buffer.alloc(300)]);
    expectError(
      await u.generate({ prompt: "too big", model: "veo3_fast", imageUrls: [tooBig.toString("base64")] }),
      400,
      IMAGE_MESSAGES.tooLarge,
    );
    const huge = await u.generate({
      prompt: "huge",
      model: "veo3_fast",
      imageUrls: [tooBig.toString("base64"), tooBig.toString("base64")],
    });
    expect(expectError(huge, 413).message).toMatch(/^Request body is too large/);
    expect((await u.client.post("/api/generate-video", { prompt: "x".repeat(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 0, ledger: 0 });
  });

  it("does not keep a base64 image when the video could not be paid for", async () => {
    const u = await tokenUser(1);
    const before = temporaryFiles();
    expectError(
      await u.generate({ prompt: "poor", model: "veo3_fast", imageUrls: [randomPng().toString("base64")] }),
      402,
    );
    expect(temporaryFiles()).toEqual(before);
  });

  it("nor when its model is turned off, or a linked image beside it fails", async () => {
    const admin = await signInAdmin(t);
    const u = await tokenUser(5);
    const before = temporaryFiles();
    await admin.put("/api/admin/settings", { disabledModels: ["veo3_lite"] });
    try {
      expectError(
        await u.generate({ prompt: "off", model: "veo3_lite", imageUrls: [randomPng().toString("base64")] }),
        409,
      );
    } finally {
      await admin.put("/api/admin/settings", { disabledModels: [] });
    }
    expectError(
      await u.generate({
        prompt: "one base64, one link that is not there",
        model: "veo3_fast",
        mode: "image",
        imageUrls: [randomPng().toString("base64"), "http://127.0.0.1:9/missing.png"],
      }),
      400,
    );
    expect(temporaryFiles()).toEqual(before);
    expect((await balanceOf(db(), u.id)).credits).toBe(5);
  });

  it("deletes base64 images after 24 hours, and never people's own uploads", async () => {
    const u = await tokenUser(2);
    const res = await u.generate({
      prompt: "expiring",
      model: "veo3_fast",
      imageUrls: [randomPng().toString("base64")],
    });
    const [url] = (await taskRow(db(), res.json().taskId)).imageUrls!;
    const pathname = new URL(url!).pathname;
    const name = pathname.split("/").pop()!;
    const upload = await uploadImage(t.app, u.client.sessionCookie, randomPng(), "mine.png");
    expect(upload.statusCode).toBe(201);
    const ownPath = new URL(upload.json().imageUrl as string).pathname;
    const hours = (h: number) => new Date(Date.now() + h * 60 * 60_000);

    expect(await t.app.jobs.temporaryImageSweep.runOnce(hours(23))).not.toContain(name);
    expect((await t.app.inject({ method: "GET", url: pathname })).statusCode).toBe(200);

    expect(await t.app.jobs.temporaryImageSweep.runOnce(hours(24.1))).toContain(name);
    expect((await t.app.inject({ method: "GET", url: pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: ownPath })).statusCode).toBe(200);
    expect(temporaryFiles()).toEqual([]);
    // The video itself is unaffected.
    expect((await u.status(res.json().taskId)).statusCode).toBe(200);
  });
});

describe("with a real provider key", () => {
  it("hands a base64 image to the provider as an upload", async () => {
    const sim = await startSimulator();
    const real = await createVideoTestApp({
      sim,
      env: { KIE_API_KEY: "automation-key", KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl },
    });
    try {
      const u = await tokenUser(2, real);
      const png = randomPng();
      const res = await u.generate({
        prompt: "real key",
        model: "veo3_fast",
        imageUrls: [`data:image/png;base64,${png.toString("base64")}`],
      });
      expect(res.statusCode, res.body).toBe(200);
      const handed = sim.stats.submissions.find((s) => s.taskId === res.json().taskId)!.imageUrls;
      expect(handed).toHaveLength(1);
      expect(handed[0]!.startsWith(sim.baseUrl)).toBe(true);
      expect(Buffer.from(await (await fetch(handed[0]!)).arrayBuffer()).equals(png)).toBe(true);
    } finally {
      await real.close();
      await sim.close();
    }
  });
});

describe("rate limits", () => {
  it("429 with Retry-After per token; another token is counted separately", async () => {
    const limited = await createVideoTestApp({ automationRateLimits: { perToken: { max: 3, windowMs: 60_000 } } });
    try {
      const u = await tokenUser(0, limited);
      for (let i = 0; i < 3; i++) expect((await u.status("some-task")).statusCode).toBe(404);
      const res = await u.status("some-task");
      const body = expectError(res, 429);
      expect(body.message).toMatch(/^Too many API requests with this token\. Please try again in 1 minute\.$/);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
      expectError(await u.generate({ prompt: "still limited" }), 429);

      const other = await newToken(u.client, "second");
      expect(
        (await api(limited.app, "GET", "/api/n8n/video-status/some-task", `Bearer ${other.token}`)).statusCode,
      ).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it("generation keeps the web's per-user limit", async () => {
    const limited = await createVideoTestApp({ generateRateLimit: { max: 1, windowMs: 60_000 } });
    try {
      const u = await tokenUser(10, limited);
      expect((await u.generate({ prompt: "one", model: "veo3_fast" })).statusCode).toBe(200);
      const res = await u.generate({ prompt: "two", model: "veo3_fast" });
      expectError(res, 429);
      expect(res.headers["retry-after"]).toBeDefined();
      const [row] = await limited.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, u.id));
      expect(row!.credits).toBe(8);
    } finally {
      await limited.close();
    }
  });

  it("shares that budget with the web: a video asked for on the web counts against the API", async () => {
    const limited = await createVideoTestApp({ generateRateLimit: { max: 1, windowMs: 60_000 } });
    try {
      const u = await tokenUser(10, limited);
      const web = await u.client.request("POST", "/api/generate-video", { prompt: "on the web", model: "veo3_fast" });
      expect(web.statusCode, web.body).toBe(200);
      expectError(await u.generate({ prompt: "through the API", model: "veo3_fast" }), 429);
    } finally {
      await limited.close();
    }
  });
});

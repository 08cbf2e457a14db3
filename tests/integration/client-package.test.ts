/**
 * The typed client package, @veo-studio/client (decision 0172), as published: built into a
 * temporary folder by its own build and imported from there, against a listening server whose
 * provider is the simulator. Models, a video generated and waited for by polling and by a signed
 * callback (a real delivery to a receiver on 127.0.0.1; forged and tampered ones refused), the
 * balance, idempotency, an extension, and refusals as VeoStudioError. The build's output is
 * checked too: self-contained, its values those of the shared contracts.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ClientModule from "../../integrations/client/src/index.js";
import { videoTasks } from "../../src/server/db/schema.js";
import { POLL_SECONDS, TOKEN_PREFIX } from "../../src/shared/automation.js";
import { automationApi } from "../../src/shared/api/automation.js";
import { siteApi } from "../../src/shared/api/site.js";
import { webhooksTokenApi } from "../../src/shared/api/webhooks.js";
import { automationBalanceSchema, automationVideoStatusSchema } from "../../src/shared/schemas/automation.js";
import { modelsViewSchema } from "../../src/shared/schemas/models.js";
import { freePort } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const BUILD = path.resolve("integrations/client/scripts/build.mjs");
/** Fast polling against the test server; the documented 15-30 s is the default. */
const FAST_POLL = { minMs: 20, maxMs: 100 };

let lib: typeof ClientModule;
let dist: string;
let t: VideoTestApp;
let origin: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "veo-client-"));
  execFileSync(process.execPath, [BUILD, "--out-dir", dist], { stdio: "pipe" });
  lib = (await import(pathToFileURL(path.join(dist, "index.js")).href)) as typeof ClientModule;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // WEBHOOKS_ALLOW_LOCAL: the callback may go to a receiver on 127.0.0.1 over http.
  t = await createVideoTestApp({
    env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, WEBHOOKS_ALLOW_LOCAL: "true" },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** A person with credits, an API token from the /api page and a client holding it. */
async function tokenOwner(credits = 100) {
  const u = await userWithCredits(t.app, t.database.db, credits);
  const res = await u.client.post("/api/user-tokens", { name: "client" });
  expect(res.statusCode).toBe(201);
  const token = res.json<{ token: string }>().token;
  return { ...u, token, veo: lib.createClient({ baseUrl: `${origin}/`, token }) };
}

/** The worker and the simulator moving on while a promise is pending; then its result. */
async function passTimeUntil<T>(pending: Promise<T>, alsoEachRound?: () => Promise<unknown>): Promise<T> {
  let settled = false;
  const watched = pending.finally(() => (settled = true));
  watched.catch(() => undefined);
  for (let round = 0; round < 200 && !settled; round++) {
    await t.app.jobs.taskWorker.runOnce();
    await passSimulatorTime(t.sim, 120);
    await alsoEachRound?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return watched;
}

async function refusal(promise: Promise<unknown>): Promise<ClientModule.VeoStudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(lib.VeoStudioError);
  return error as ClientModule.VeoStudioError;
}

describe("the built package", () => {
  it("imports nothing from outside itself and declares its types in full", () => {
    for (const file of fs.readdirSync(dist)) {
      const text = fs.readFileSync(path.join(dist, file), "utf8");
      expect(text, file).not.toMatch(/from ["'](?!\.\/)/);
      expect(text, file).not.toMatch(/\bimport\(/);
      expect(text, file).not.toContain("zod");
    }
    // A consumer with only the web platform's types (no @types/node) type-checks against it.
    const consumer = path.join(dist, "consumer.ts");
    fs.writeFileSync(
      consumer,
      [
        `import { createClient, verifyWebhook, type GenerateInput } from "./index.js";`,
        `const veo = createClient({ baseUrl: "https://veo.example.com", token: "${TOKEN_PREFIX}x" });`,
        `const input: GenerateInput = { prompt: "A fox", model: "veo3_fast", aspectRatio: "9:16" };`,
        `export const started = veo.generate(input).then((r) => r.taskIds.length + r.remainingCredits);`,
        `export const checked = verifyWebhook({ secret: "whsec_x", body: "{}", headers: new Headers() });`,
        `// @ts-expect-error not a model the catalogue has`,
        `export const wrong: GenerateInput = { prompt: "A fox", model: "sora" };`,
      ].join("\n"),
    );
    const program = ts.createProgram([consumer], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
    fs.rmSync(consumer);
  });

  it("carries the shared contracts' paths and constants", () => {
    expect(lib.POLL_SECONDS).toEqual(POLL_SECONDS);
    expect(lib.TOKEN_PREFIX).toBe(TOKEN_PREFIX);
    const written = fs.readFileSync(path.join(dist, "contracts.js"), "utf8");
    for (const route of [
      automationApi.generate,
      automationApi.extend,
      automationApi.final,
      automationApi.videoStatus,
      automationApi.balance,
      automationApi.listVideos,
      automationApi.upgrade4k,
      siteApi.models,
      webhooksTokenApi.register,
      webhooksTokenApi.get,
    ])
      expect(written).toContain(JSON.stringify(route.path));
  });
});

describe("the client against a running server", () => {
  it("lists the models as GET /api/models does", async () => {
    const { veo } = await tokenOwner();
    const models = await veo.models();
    expect(modelsViewSchema.parse(models)).toEqual(models);
    expect(models.models.map((m) => m.id)).toContain("veo3_fast");
  });

  it("generates a video, waits for it by polling and reads the balance, which fell by the API price", async () => {
    const owner = await tokenOwner(100);
    const fast = (await owner.veo.models()).models.find((m) => m.id === "veo3_fast")!;
    expect(await owner.veo.balance()).toEqual(
      automationBalanceSchema.parse({ success: true, credits: 100, expiring: [] }),
    );

    const started = await owner.veo.generate({ prompt: "A red fox in fresh snow", model: "veo3_fast" });
    expect(started).toMatchObject({ success: true, taskIds: [started.taskId], batchId: null });
    expect(started.creditsUsed).toBe(Math.ceil(fast.price.apiCredits));
    expect(started.remainingCredits).toBe(100 - started.creditsUsed);
    expect((await owner.veo.balance()).credits).toBe(100 - started.creditsUsed);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100 - started.creditsUsed);

    const seen: string[] = [];
    const waiting = owner.veo.waitForVideo(started.taskId, { poll: FAST_POLL, onProgress: (s) => seen.push(s.status) });
    waiting.catch(() => undefined); // awaited below; a rejection while the first check is awaited is not unhandled
    // The first check answers before the worker moves on, so at least one progress report is seen.
    for (let i = 0; i < 500 && seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const done = await passTimeUntil(waiting);
    expect(automationVideoStatusSchema.parse(done)).toEqual(done);
    expect(done).toMatchObject({ success: true, status: "completed", taskId: started.taskId });
    expect(done.videoUrl).toMatch(/^https?:\/\//);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["processing"]));
    // Already finished: the first check answers.
    expect((await owner.veo.waitForVideo(started.taskId)).status).toBe("completed");
  });

  it("resolves with the failed status of a video that failed, refunded", async () => {
    const owner = await tokenOwner(100);
    const started = await owner.veo.generate({ prompt: "A storm [sim:fail]", model: "veo3_fast" });
    const failed = await passTimeUntil(owner.veo.waitForVideo(started.taskId, { poll: FAST_POLL }));
    expect(failed).toMatchObject({ success: false, status: "failed", taskId: started.taskId });
    expect((await owner.veo.balance()).credits).toBe(100);
  });

  it("gives up when told: a TimeoutError after timeoutMs, the caller's abort reason after abort", async () => {
    const owner = await tokenOwner(100);
    const { taskId } = await owner.veo.generate({ prompt: "A slow tide", model: "veo3_fast" });
    const late = await owner.veo.waitForVideo(taskId, { timeoutMs: 150, poll: FAST_POLL }).catch((e: unknown) => e);
    expect(late).toMatchObject({ name: "TimeoutError" });
    expect(String((late as Error).message)).toContain(taskId);
    const controller = new AbortController();
    const waiting = owner.veo.waitForVideo(taskId, { signal: controller.signal, poll: FAST_POLL });
    controller.abort(new Error("stopped by the caller"));
    await expect(waiting).rejects.toThrow("stopped by the caller");
  });

  it("refuses as VeoStudioError: 401 a wrong token, 402 too few credits, 404 another person's video, 400 bad input", async () => {
    const stranger = lib.createClient({ baseUrl: origin, token: `${TOKEN_PREFIX}not-a-real-token` });
    const unauthorized = await refusal(stranger.balance());
    expect(unauthorized).toMatchObject({ status: 401, code: "invalid_api_token" });
    expect(unauthorized.message).toBeTruthy();

    const poor = await tokenOwner(0);
    const broke = await refusal(poor.veo.generate({ prompt: "A fox", model: "veo3_fast" }));
    expect(broke).toMatchObject({ status: 402, code: "insufficient_credits" });

    const owner = await tokenOwner(100);
    const { taskId } = await owner.veo.generate({ prompt: "Mine", model: "veo3_fast" });
    const other = await tokenOwner(100);
    expect(await refusal(other.veo.status(taskId))).toMatchObject({ status: 404, code: "not_found" });
    expect(await refusal(other.veo.waitForVideo(taskId, { poll: FAST_POLL }))).toMatchObject({ status: 404 });
    expect(await refusal(owner.veo.status("no-such-task"))).toMatchObject({ status: 404, code: "not_found" });

    const bad = await refusal(owner.veo.generate({ prompt: "  ", model: "veo3_fast" }));
    expect(bad).toMatchObject({ status: 400, code: "invalid_input" });
    expect(bad.message).toMatch(/prompt/i);
  });

  it("is idempotent: the same key starts one video and charges once; the key on another request is refused", async () => {
    const owner = await tokenOwner(100);
    const input = { prompt: "A lighthouse at dusk", model: "veo3_fast" } as const;
    const a = await owner.veo.generate(input, { idempotencyKey: "client-key-1" });
    const b = await owner.veo.generate(input, { idempotencyKey: "client-key-1" });
    expect(b).toEqual(a);
    expect((await owner.veo.balance()).credits).toBe(100 - a.creditsUsed);
    const reused = await refusal(
      owner.veo.generate({ ...input, prompt: "Another" }, { idempotencyKey: "client-key-1" }),
    );
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
    // Without a key each call is its own video.
    const c = await owner.veo.generate(input);
    expect(c.taskId).not.toBe(a.taskId);
  });

  it("sends a request again with the same key after a lost answer: one video, one charge", async () => {
    const owner = await tokenOwner(100);
    let calls = 0;
    // The first answer is lost after the server acted on the request, as when a connection drops.
    const flaky: typeof fetch = async (input, init) => {
      calls += 1;
      const response = await fetch(input, init);
      if (calls === 1) throw new TypeError("fetch failed");
      return response;
    };
    const veo = lib.createClient({ baseUrl: origin, token: owner.token, fetch: flaky });
    const started = await veo.generate({ prompt: "A kite over dunes", model: "veo3_fast" });
    expect(calls).toBe(2);
    const rows = await t.database.db.select().from(videoTasks).where(eq(videoTasks.userId, owner.id));
    expect(rows.map((r) => r.taskId)).toEqual([started.taskId]);
    expect((await owner.veo.balance()).credits).toBe(100 - started.creditsUsed);
  });

  it("extends a finished video", async () => {
    const owner = await tokenOwner(200);
    const first = await owner.veo.generate({ prompt: "A fox in the snow", model: "veo3_fast" });
    await passTimeUntil(owner.veo.waitForVideo(first.taskId, { poll: FAST_POLL }));
    await runWorkerUntil(t, async () => Boolean((await taskRow(t.database.db, first.taskId)).resultUrls?.length));
    await t.app.jobs.videoArchiver.runOnce();
    const before = (await owner.veo.balance()).credits;
    const extension = await owner.veo.extend(first.taskId, { prompt: "The fox jumps" });
    expect(extension.taskId).not.toBe(first.taskId);
    expect(extension.remainingCredits).toBe(before - extension.creditsUsed);
    const status = await owner.veo.status(extension.taskId);
    expect(status.extendMethod).toMatch(/^(native|last_frame)$/);
    expect(await refusal(owner.veo.extend("no-such-task", { prompt: "More" }))).toMatchObject({ status: 404 });
  });

  it("makes a finished draft final, once per key; a video that is no draft is a 409", async () => {
    const owner = await tokenOwner(300);
    const draft = await owner.veo.generate({ prompt: "A lantern on a jetty", model: "veo3_fast", draft: true });
    await passTimeUntil(owner.veo.waitForVideo(draft.taskId, { poll: FAST_POLL }));
    expect((await owner.veo.status(draft.taskId)).draftOf).toEqual({ model: "veo3_fast", resolution: "720p" });
    const before = (await owner.veo.balance()).credits;
    const final = await owner.veo.makeFinal(draft.taskId, { idempotencyKey: "final-once" });
    const again = await owner.veo.makeFinal(draft.taskId, { idempotencyKey: "final-once" });
    expect(again.taskId).toBe(final.taskId);
    expect((await owner.veo.balance()).credits).toBe(before - final.creditsUsed);
    expect(await taskRow(t.database.db, final.taskId)).toMatchObject({ model: "veo3_fast", draftOfModel: null });
    await passTimeUntil(owner.veo.waitForVideo(final.taskId, { poll: FAST_POLL }));
    expect(await refusal(owner.veo.makeFinal(final.taskId))).toMatchObject({ status: 409, code: "conflict" });
  });

  it("lists the account's videos and upgrades one to 4K, once", async () => {
    const owner = await tokenOwner(200);
    const first = await owner.veo.generate({ prompt: "A heron by the river", model: "veo3_fast" });
    await passTimeUntil(owner.veo.waitForVideo(first.taskId, { poll: FAST_POLL }));
    const list = await owner.veo.videos({ limit: 5, q: "heron" });
    expect(list.videos.map((v) => v.taskId)).toEqual([first.taskId]);
    expect(list).toMatchObject({ total: 1, page: 1, limit: 5 });

    const before = (await owner.veo.balance()).credits;
    const upgrade = await owner.veo.upgradeTo4k(first.taskId);
    expect(upgrade).toMatchObject({ taskId: first.taskId, uhdStatus: "pending" });
    expect(upgrade.remainingCredits).toBe(before - upgrade.creditsUsed);
    expect(await refusal(owner.veo.upgradeTo4k(first.taskId))).toMatchObject({ status: 409 });
    expect((await owner.veo.balance()).credits).toBe(upgrade.remainingCredits);
  });
});

describe("waiting by webhook: callbackUrl and a receiver that verifies", () => {
  interface Receiver {
    url: string;
    answers: number[];
    deliveries: { body: string; headers: http.IncomingHttpHeaders }[];
    close(): Promise<void>;
  }

  type Delivery = Parameters<ClientModule.WebhookWaiter["receive"]>[0];

  /** A receiver on 127.0.0.1 that hands each delivery to a waiter: 200 verified, 400 refused. */
  async function startReceiver(receive: (delivery: Delivery) => Promise<unknown>): Promise<Receiver> {
    const answers: number[] = [];
    const deliveries: Receiver["deliveries"] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        deliveries.push({ body, headers: req.headers });
        receive({ body, headers: req.headers }).then(
          () => {
            answers.push(200);
            res.writeHead(200).end();
          },
          (error: unknown) => {
            answers.push(error instanceof lib.WebhookVerificationError ? 400 : 500);
            res.writeHead(answers.at(-1)!).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/veo/callback`,
      answers,
      deliveries,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  const post = (url: string, body: string, headers: Record<string, string>) =>
    fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

  it("resolves with the video's status from the signed callback; forged and tampered deliveries are refused", async () => {
    const owner = await tokenOwner(100);
    // The callbacks' signing secret, as the /api page shows it.
    const { secret } = (await owner.client.post("/api/webhooks/callback-secret")).json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    const waiter = lib.createWebhookWaiter({ secret });
    const receiver = await startReceiver((delivery) => waiter.receive(delivery));
    try {
      const started = await owner.veo.generate({
        prompt: "A paper boat on a stream",
        model: "veo3_fast",
        callbackUrl: receiver.url,
      });
      const waiting = waiter.wait(started.taskId, { timeoutMs: 30_000 });

      // A forgery of the event before the real one: signed with another secret, or not at all.
      const fake = JSON.stringify({
        id: "evt_forged",
        type: "video.completed",
        timestamp: new Date().toISOString(),
        data: { ...(await owner.veo.status(started.taskId)), status: "completed", videoUrl: "https://evil.test/x.mp4" },
      });
      const now = String(Math.floor(Date.now() / 1000));
      const forgedHeaders = { "webhook-id": "evt_forged", "webhook-timestamp": now };
      const forgedSignature = `v1,${createHmac("sha256", Buffer.alloc(32, 7)).update(`evt_forged.${now}.${fake}`).digest("base64")}`;
      expect((await post(receiver.url, fake, { ...forgedHeaders, "webhook-signature": forgedSignature })).status).toBe(
        400,
      );
      expect((await post(receiver.url, fake, forgedHeaders)).status).toBe(400);

      const done = await passTimeUntil(waiting, () => t.app.jobs.webhookSender.runOnce());
      expect(done).toMatchObject({ status: "completed", taskId: started.taskId, success: true });
      expect(done.videoUrl).not.toContain("evil.test");
      expect(receiver.answers).toEqual([400, 400, 200]);

      // The real delivery with its body changed is refused; as sent, it verifies again (receivers dedupe on webhook-id).
      const real = receiver.deliveries.at(-1)!;
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, String(real.headers[h])]),
      );
      const tampered = real.body.replace('"completed"', '"failed"');
      expect(tampered).not.toBe(real.body);
      expect((await post(receiver.url, tampered, headers)).status).toBe(400);
      expect((await post(receiver.url, real.body, headers)).status).toBe(200);
      // A wait that starts after the event arrived still gets it.
      await expect(waiter.wait(started.taskId)).resolves.toMatchObject({ status: "completed" });
    } finally {
      await receiver.close();
    }
  });
  it("subscribes an endpoint with the token, waits through it, and unsubscribes; another account cannot see it", async () => {
    const owner = await tokenOwner(100);
    // The secret comes with the registration, after the receiver's URL is known.
    let waiter: ClientModule.WebhookWaiter | undefined;
    const forwarding = await startReceiver(
      (delivery) => waiter?.receive(delivery) ?? Promise.reject(new Error("not registered yet")),
    );
    try {
      const registered = await owner.veo.webhooks.register({ url: forwarding.url, events: ["video.completed"] });
      expect(registered).toMatchObject({ created: true, endpoint: { url: forwarding.url, enabled: true } });
      const real = lib.createWebhookWaiter({ secret: registered.secret });
      waiter = real;

      const started = await owner.veo.generate({ prompt: "A heron at dawn", model: "veo3_fast" });
      const done = await passTimeUntil(real.wait(started.taskId, { timeoutMs: 30_000 }), () =>
        t.app.jobs.webhookSender.runOnce(),
      );
      expect(done).toMatchObject({ status: "completed", taskId: started.taskId });
      expect(forwarding.answers).toContain(200);
      expect(forwarding.answers).not.toContain(400);

      // The same URL again: the same endpoint, a new secret (the old one overlaps for a day).
      const again = await owner.veo.webhooks.register({
        url: forwarding.url,
        events: ["video.completed", "video.failed"],
      });
      expect(again).toMatchObject({ created: false, endpoint: { id: registered.endpoint.id } });
      expect(again.secret).not.toBe(registered.secret);
      expect(await owner.veo.webhooks.get(registered.endpoint.id)).toMatchObject({
        events: ["video.completed", "video.failed"],
      });

      const other = await tokenOwner(10);
      expect(await refusal(other.veo.webhooks.get(registered.endpoint.id))).toMatchObject({ status: 404 });
      expect(await refusal(other.veo.webhooks.delete(registered.endpoint.id))).toMatchObject({ status: 404 });
      await owner.veo.webhooks.delete(registered.endpoint.id);
      expect(await refusal(owner.veo.webhooks.get(registered.endpoint.id))).toMatchObject({
        status: 404,
        code: "not_found",
      });
    } finally {
      await forwarding.close();
    }
  });
});

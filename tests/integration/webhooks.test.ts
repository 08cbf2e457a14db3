/**
 * Outbound webhooks (decision 0047): endpoints and their secrets, events written with the change
 * that causes them, Standard Webhooks signatures checked by an independent implementation (the
 * `standardwebhooks` package), retries with backoff, timeouts, disabling after 3 days, resend,
 * secret rotation with overlap, per-request callbackUrls, credits.low, and no request forgery.
 */
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../src/server/db/schema.js";
import {
  DEFAULT_WEBHOOK_OPTIONS,
  DISABLED_AFTER_FAILING,
  type WebhookSenderOptions,
} from "../../src/server/jobs/webhook-sender.js";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_LOG_SIZE,
  type WebhookAttemptList,
  type WebhooksOverview,
} from "../../src/shared/schemas/webhooks.js";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";

let t: VideoTestApp;
let strict: TestApp;
let receiver: WebhookReceiver;
const db = () => t.database.db;
type User = Awaited<ReturnType<typeof userWithCredits>>;

const HOUR = 3600_000;
const TIMEOUT_MS = 5_000;

beforeAll(async () => {
  // Test events are the quick way to queue deliveries here; their rate limit has its own test (webhook-fairness).
  t = await createVideoTestApp({
    env: { WEBHOOKS_ALLOW_LOCAL: "true" },
    webhooks: { timeoutMs: TIMEOUT_MS },
    webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  strict = await createTestApp();
});
afterAll(async () => {
  await strict.close();
  await t.close();
});
// A receiver per test: retries left over from an earlier test (the tests move the sender's clock
// days ahead) go to a closed port, not into this test's list.
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

/** Another process on the same database (the same secrets key, as a deployment has). */
const secondProcess = (webhooks: Partial<WebhookSenderOptions> = {}) =>
  createVideoTestApp({
    database: t.database,
    sim: t.sim,
    secretBox: t.secretBox,
    env: { WEBHOOKS_ALLOW_LOCAL: "true" },
    webhooks,
    webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
  });

const send = (at?: Date) => t.app.jobs.webhookSender.runOnce(at);
const later = (ms: number) => new Date(Date.now() + ms);

async function addEndpoint(u: User, events: string[], path = "/hook") {
  const res = await u.client.post("/api/webhooks/endpoints", { url: `${receiver.url}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ endpoint: { id: string }; secret: string }>();
}

async function finishVideo(u: User, body: object = {}) {
  const res = await u.client.post("/api/generate-video", {
    prompt: "A heron over a lake",
    model: "veo3_fast",
    aspectRatio: "16:9",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => ["completed", "failed"].includes((await taskRow(db(), taskId)).status));
  return taskId;
}

async function apiToken(u: User): Promise<string> {
  return (await u.client.post("/api/user-tokens", { name: "webhooks" })).json<{ token: string }>().token;
}

const attemptsOf = async (u: User, endpointId: string) =>
  (await u.client.get(`/api/webhooks/endpoints/${endpointId}/attempts`)).json<WebhookAttemptList>().attempts;
const bodyOf = (i = 0) =>
  JSON.parse(receiver.received[i]!.body) as {
    id: string;
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };

describe("signed events for finished videos", () => {
  it("video.completed and video.hd_ready carry the automation API's view, signed as Standard Webhooks says", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { endpoint, secret } = await addEndpoint(u, ["video.completed", "video.hd_ready"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const taskId = await finishVideo(u);

    const summary = await send();
    expect(summary).toMatchObject({ fannedOut: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    // The independent check: the standardwebhooks package accepts the body and headers as sent.
    expect(new Webhook(secret).verify(got.body, got.headers)).toEqual(JSON.parse(got.body));
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(got.body, got.headers),
    ).toThrow();
    expect(got.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.headers["content-type"]).toBe("application/json");
    const event = bodyOf();
    expect(event).toMatchObject({ id: got.headers["webhook-id"], type: "video.completed" });
    const token = await apiToken(u);
    const status = await t.app.inject({
      method: "GET",
      url: `/api/n8n/video-status/${taskId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(event.data).toEqual(status.json());

    // The 1080p version arrives: a second event, now with hdVideoUrl.
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    await send();
    expect(receiver.received).toHaveLength(2);
    expect(bodyOf(1)).toMatchObject({
      type: "video.hd_ready",
      data: { taskId, resolution: "1080p", status: "completed" },
    });
    expect(new Webhook(secret).verify(receiver.received[1]!.body, receiver.received[1]!.headers)).toBeTruthy();
    const log = await attemptsOf(u, endpoint.id);
    expect(log.map((a) => [a.eventType, a.statusCode, a.attempt, a.deliveryStatus])).toEqual([
      ["video.hd_ready", 200, 1, "succeeded"],
      ["video.completed", 200, 1, "succeeded"],
    ]);
    // Nothing is sent twice.
    expect(await send()).toMatchObject({ fannedOut: 0, succeeded: 0 });
    expect(receiver.received).toHaveLength(2);
  });

  it("video.failed says what was refunded; only subscribed events are sent", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { secret } = await addEndpoint(u, ["video.failed"]);
    await finishVideo(u); // completes: not subscribed
    const taskId = await finishVideo(u, { prompt: "A storm [sim:fail]" });
    expect((await taskRow(db(), taskId)).status).toBe("failed");
    await send();
    expect(receiver.received).toHaveLength(1);
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toBeTruthy();
    expect(bodyOf()).toMatchObject({ type: "video.failed", data: { taskId, status: "failed", success: false } });
    expect(bodyOf().data.message).toMatch(/1 credit was refunded/);
  });

  it("a person without endpoints or callbacks gets no events written at all, and the sender is not woken", async () => {
    let wakes = 0;
    const stop = t.app.liveEvents.onWebhookEvents(() => wakes++);
    try {
      const u = await userWithCredits(t.app, db(), 10);
      await finishVideo(u);
      await t.app.liveEvents.settle();
      expect(await db().select().from(webhookEvents).where(eq(webhookEvents.userId, u.id))).toEqual([]);
      expect(wakes).toBe(0);
      // With an endpoint, the trigger that writes the event announces it.
      await addEndpoint(u, ["video.completed"]);
      await finishVideo(u);
      await t.app.liveEvents.settle();
      expect(wakes).toBe(1);
    } finally {
      stop();
    }
  });

  it("two senders at once deliver each event once", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    await addEndpoint(u, ["video.completed"]);
    for (let i = 0; i < 3; i++) await finishVideo(u);
    const second = await secondProcess();
    try {
      await Promise.all([send(), second.app.jobs.webhookSender.runOnce(), send()]);
    } finally {
      await second.close();
    }
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(3);
  });
});

describe("two processes sending", () => {
  it("a batch claimed late in a long pass is leased from its own claim, so no other process sends it too", async () => {
    // Small batches, one at a time, a slow receiver: the pass lasts four batches, longer than one lease.
    const opts = { batchSize: 2, concurrency: 1, leaseMs: 2_000 };
    const [first, second] = [await secondProcess(opts), await secondProcess(opts)];
    try {
      const u = await userWithCredits(t.app, db(), 0);
      const { endpoint } = await addEndpoint(u, ["video.completed"]);
      for (let i = 0; i < 8; i++) await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
      receiver.answer = { status: 200, delayMs: 300 };
      let done = false;
      const pass = first.app.jobs.webhookSender.runOnce().finally(() => (done = true));
      // The other process starts looking once the first has claimed everything (its last batch at
      // about 1.8 s), and goes on as its own loop would, past the first pass's start + one lease.
      await new Promise((r) => setTimeout(r, 1_900));
      while (!done) {
        await second.app.jobs.webhookSender.runOnce();
        await new Promise((r) => setTimeout(r, 100));
      }
      await pass;
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(8);
      expect(new Set(ids).size).toBe(8);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("a slow receiver holds up only the lane it occupies, not the batch behind it", async () => {
    const slow = await startWebhookReceiver();
    // Two lanes, batches of two: the slow delivery is claimed with a fast one.
    const sender = await secondProcess({ batchSize: 2, concurrency: 2 });
    try {
      const u = await userWithCredits(t.app, db(), 0);
      const slowUser = await userWithCredits(t.app, db(), 0);
      const slowEndpoint = (
        await slowUser.client.post("/api/webhooks/endpoints", { url: `${slow.url}/slow`, events: ["video.completed"] })
      ).json<{
        endpoint: { id: string };
      }>().endpoint;
      const { endpoint } = await addEndpoint(u, ["video.completed"]);
      slow.answer = { status: 200, delayMs: 2_500 };
      await slowUser.client.post(`/api/webhooks/endpoints/${slowEndpoint.id}/test`);
      for (let i = 0; i < 5; i++) await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
      const started = Date.now();
      await sender.app.jobs.webhookSender.runOnce();
      // The five fast ones arrived while the slow one was still being answered.
      expect(receiver.received).toHaveLength(5);
      expect(Math.max(...receiver.received.map((r) => r.at)) - started).toBeLessThan(2_000);
      expect(slow.received).toHaveLength(1);
    } finally {
      await sender.close();
      await slow.close();
    }
  });
});

describe("retries, disabling, resend", () => {
  it("a receiver that does not answer in time counts as a failure, retried later", async () => {
    const quick = await secondProcess({ timeoutMs: 200 });
    try {
      const u = await userWithCredits(t.app, db(), 0);
      const { endpoint } = await addEndpoint(u, ["video.completed"]);
      receiver.answer = { status: 200, delayMs: 2_000 };
      await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
      await quick.app.jobs.webhookSender.runOnce();
      const [attempt] = await attemptsOf(u, endpoint.id);
      expect(attempt).toMatchObject({ statusCode: null, deliveryStatus: "pending" });
      expect(attempt!.error).toMatch(/No answer within 0.2 s/);
      expect(attempt!.durationMs).toBeLessThan(2_000);
    } finally {
      await quick.close();
    }
  });

  it("retries a 500 on the backoff schedule, then gives up after about 27 hours", async () => {
    const schedule = DEFAULT_WEBHOOK_OPTIONS.retryScheduleMs;
    expect(schedule.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * HOUR);
    const u = await userWithCredits(t.app, db(), 10);
    const { endpoint } = await addEndpoint(u, ["video.completed"]);
    await finishVideo(u);
    receiver.answer = { status: 500 };
    const before = Date.now();
    await send();
    const after = Date.now();
    const deliveryRow = async () =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0]!;
    const delivery = await deliveryRow();
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    // The first wait is the schedule's, plus at most 10 % jitter.
    expect(delivery.nextAttemptAt.getTime() - after).toBeGreaterThanOrEqual(schedule[0]! - (after - before));
    // Counted from when the try ended, which is no later than `after` (a busy machine makes the try itself slow).
    expect(delivery.nextAttemptAt.getTime() - after).toBeLessThanOrEqual(schedule[0]! * 1.1 + 1);
    // Not due yet: nothing is sent.
    await send(new Date(delivery.nextAttemptAt.getTime() - 1000));
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryRow()).attempts).toBe(1);

    // Each later try comes when the schedule says, until the last one fails for good.
    let sentAt = 0;
    for (let i = 1; i <= schedule.length; i++) {
      const due = (await deliveryRow()).nextAttemptAt.getTime();
      if (i > 1) {
        expect(due - sentAt, `wait before try ${i + 1}`).toBeGreaterThanOrEqual(schedule[i - 1]!);
        expect(due - sentAt).toBeLessThanOrEqual(schedule[i - 1]! * 1.1 + 1);
      }
      sentAt = due + 1;
      await send(new Date(sentAt));
    }
    expect(await deliveryRow()).toMatchObject({ status: "failed", attempts: schedule.length + 1 });
    const log = await attemptsOf(u, endpoint.id);
    expect(log).toHaveLength(schedule.length + 1);
    expect(log[0]).toMatchObject({ attempt: schedule.length + 1, statusCode: 500, deliveryStatus: "failed" });
    expect(log.at(-1)).toMatchObject({ attempt: 1, statusCode: 500 });
    // One webhook-id for every try of the event.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });

  it("an endpoint failing for 3 days is disabled and says so; enabling it again clears that", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { endpoint } = await addEndpoint(u, ["video.completed"]);
    receiver.answer = { status: 503 };
    await finishVideo(u);
    await send();
    const view = async () =>
      (await u.client.get("/api/webhooks")).json<WebhooksOverview>().endpoints.find((e) => e.id === endpoint.id)!;
    expect((await view()).failingSince).not.toBeNull();
    expect((await view()).enabled).toBe(true);
    // A second event keeps failing after 3 days of failures.
    await finishVideo(u);
    await send(later(3 * 24 * HOUR + 60_000));
    const disabled = await view();
    expect(disabled).toMatchObject({ enabled: false, disabledReason: DISABLED_AFTER_FAILING });
    const pending = await db()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    expect(pending).toEqual([]);
    // Disabled: new events are not even written for it.
    const before = receiver.received.length;
    await finishVideo(u);
    await send(later(4 * 24 * HOUR));
    expect(receiver.received).toHaveLength(before);

    // Nothing can be sent to it until it is enabled again.
    const [lastAttempt] = await attemptsOf(u, endpoint.id);
    expect((await u.client.post(`/api/webhooks/deliveries/${lastAttempt!.deliveryId}/resend`)).statusCode).toBe(409);
    expect((await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(409);
    const enabled = await u.client.patch(`/api/webhooks/endpoints/${endpoint.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it("resend sends the same body under the same webhook-id, as a new series", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const { endpoint, secret } = await addEndpoint(u, ["video.completed"]);
    await finishVideo(u);
    await send();
    const [first] = await attemptsOf(u, endpoint.id);
    const res = await u.client.post(`/api/webhooks/deliveries/${first!.deliveryId}/resend`);
    expect(res.statusCode).toBe(202);
    await send();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
    expect(new Webhook(secret).verify(receiver.received[1]!.body, receiver.received[1]!.headers)).toBeTruthy();
    expect((await attemptsOf(u, endpoint.id)).map((a) => a.attempt)).toEqual([1, 1]);
  });

  it("the test event goes to that endpoint only; the log keeps the last 100 tries", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const { endpoint, secret } = await addEndpoint(u, ["video.completed"]);
    await addEndpoint(u, ["video.completed"], "/other");
    const res = await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(res.statusCode).toBe(202);
    await send();
    expect(receiver.received.map((r) => r.path)).toEqual(["/hook"]);
    expect(bodyOf()).toMatchObject({ id: res.json<{ eventId: string }>().eventId, type: "webhook.test" });
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toBeTruthy();
    for (let i = 0; i < WEBHOOK_LOG_SIZE + 4; i++) await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
    await send();
    expect(receiver.received).toHaveLength(WEBHOOK_LOG_SIZE + 5);
    expect(await attemptsOf(u, endpoint.id)).toHaveLength(WEBHOOK_LOG_SIZE);
  });
  it("a delivery due earlier in the same millisecond as the run is sent", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const { endpoint } = await addEndpoint(u, ["video.completed"]);
    expect((await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(202);
    await send(later(-HOUR)); // fanned out, nothing due yet
    expect(receiver.received).toHaveLength(0);
    // The database stamps microseconds, a JavaScript Date milliseconds (see mail-outbox.test.ts).
    const ms = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`${ms.toISOString()}::timestamptz + interval '500 microseconds'` })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    vi.useFakeTimers({ toFake: ["Date"], now: ms });
    try {
      expect(await send()).toMatchObject({ succeeded: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("secrets", () => {
  it("after a rotation both secrets sign for 24 hours, then only the new one", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const { endpoint, secret: old } = await addEndpoint(u, ["video.completed"]);
    const rotated = await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    const { secret: next, previousSecretValidUntil } = rotated.json<{
      secret: string;
      previousSecretValidUntil: string;
    }>();
    expect(next).not.toBe(old);
    expect(Date.parse(previousSecretValidUntil) - Date.now()).toBeGreaterThan(23 * HOUR);

    await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
    await send();
    const during = receiver.received[0]!;
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(next).verify(during.body, during.headers)).toBeTruthy();
    expect(new Webhook(old).verify(during.body, during.headers)).toBeTruthy();

    await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
    await send(later(25 * HOUR));
    const after = receiver.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    // The receiver checks the timestamp against its clock, which has not moved: only signatures matter here.
    expect(new Webhook(next).verify(after.body, after.headers)).toBeTruthy();
    expect(() => new Webhook(old).verify(after.body, after.headers)).toThrow();
  });

  it("no answer but the creation and rotation ones shows a secret", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const { endpoint, secret } = await addEndpoint(u, ["credits.low"]);
    const callback = (await u.client.post("/api/webhooks/callback-secret")).json<{ secret: string }>().secret;
    for (const url of ["/api/webhooks", `/api/webhooks/endpoints/${endpoint.id}/attempts`]) {
      const body = (await u.client.get(url)).body;
      expect(body).not.toContain(secret.slice(6, 20));
      expect(body).not.toContain(callback.slice(6, 20));
    }
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6, 20));
  });
});

describe("per-request callbackUrl", () => {
  it("the finished video's event goes to the request's callbackUrl, signed with the callback secret", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const secret = (await u.client.post("/api/webhooks/callback-secret")).json<{ secret: string }>().secret;
    const token = await apiToken(u);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "A kite on a beach", model: "veo3_fast", callbackUrl: `${receiver.url}/resume/abc?x=1` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    await send();
    // Once: video.completed (hd_ready is for endpoints that subscribe to it).
    expect(receiver.received.map((r) => r.path)).toEqual(["/resume/abc?x=1"]);
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toBeTruthy();
    expect(bodyOf()).toMatchObject({ type: "video.completed", data: { taskId, status: "completed" } });
    const overview = (await u.client.get("/api/webhooks")).json<WebhooksOverview>();
    expect(overview.endpoints).toEqual([]);
    expect((await attemptsOf(u, overview.callbacks.id!)).map((a) => a.statusCode)).toEqual([200]);
  });

  it("a failed video's event reaches the callbackUrl too; a callback secret is made if the person had none", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const token = await apiToken(u);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "A flood [sim:fail]", model: "veo3_fast", callbackUrl: `${receiver.url}/cb` },
    });
    const { taskId } = res.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
    await send();
    expect(bodyOf()).toMatchObject({ type: "video.failed", data: { taskId, status: "failed" } });
    expect(receiver.received[0]!.headers["webhook-signature"]).toMatch(/^v1,/);
    expect((await u.client.get("/api/webhooks")).json<WebhooksOverview>().callbacks.hasSecret).toBe(true);
  });

  it("a callbackUrl answering 500 is retried; one answering 410 (nobody waits there any more) is not", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const token = await apiToken(u);
    const start = async (path: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: "A kite", model: "veo3_fast", callbackUrl: `${receiver.url}${path}` },
      });
      const { taskId } = res.json<{ taskId: string }>();
      await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    };
    receiver.answer = { status: 500 };
    await start("/busy");
    await send();
    receiver.answer = { status: 410 };
    await start("/gone");
    await send();
    const callbacksId = (await u.client.get("/api/webhooks")).json<WebhooksOverview>().callbacks.id!;
    expect((await attemptsOf(u, callbacksId)).map((a) => [a.statusCode, a.deliveryStatus])).toEqual([
      [410, "failed"],
      [500, "pending"],
    ]);
  });
});

describe("credits.low", () => {
  it("fires once when the balance falls below the threshold, not on every spend below it", async () => {
    const u = await userWithCredits(t.app, db(), 6);
    const { secret } = await addEndpoint(u, ["credits.low"]);
    expect((await u.client.put("/api/webhooks/low-credits", { threshold: 5 })).statusCode).toBe(200);
    expect((await u.client.put("/api/webhooks/low-credits", { threshold: 0 })).statusCode).toBe(400);
    expect((await u.client.get("/api/webhooks")).json<WebhooksOverview>().lowCreditsThreshold).toBe(5);
    await finishVideo(u); // 6 -> 5: not below
    await send();
    expect(receiver.received).toHaveLength(0);
    await finishVideo(u); // 5 -> 4: below
    await finishVideo(u); // 4 -> 3: still below, no new event
    await send();
    expect(receiver.received).toHaveLength(1);
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toBeTruthy();
    expect(bodyOf()).toMatchObject({ type: "credits.low", data: { credits: 4, threshold: 5 } });
    // Back above, then below again: a new event.
    await db().update(users).set({ credits: 10 }).where(eq(users.id, u.id));
    await db().update(users).set({ credits: 2 }).where(eq(users.id, u.id));
    await send();
    expect(receiver.received).toHaveLength(2);
  });
});

describe("endpoints belong to their owner", () => {
  it("another person's ids answer 404 and change nothing", async () => {
    const owner = await userWithCredits(t.app, db(), 0);
    const other = await signUp(t.app);
    const { endpoint } = await addEndpoint(owner, ["video.completed"]);
    await owner.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
    await send();
    const [attempt] = await attemptsOf(owner, endpoint.id);
    for (const [method, url, body] of [
      ["PATCH", `/api/webhooks/endpoints/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/endpoints/${endpoint.id}`, undefined],
      ["POST", `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, undefined],
      ["POST", `/api/webhooks/endpoints/${endpoint.id}/test`, undefined],
      ["GET", `/api/webhooks/endpoints/${endpoint.id}/attempts`, undefined],
      ["POST", `/api/webhooks/deliveries/${attempt!.deliveryId}/resend`, undefined],
    ] as const) {
      const res = await other.client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true, previousSecretEncrypted: null });
    expect((await other.client.get("/api/webhooks")).json<WebhooksOverview>().endpoints).toEqual([]);
  });

  it(`at most ${MAX_WEBHOOK_ENDPOINTS} endpoints, even when added all at once; bad input is a 400 with a message`, async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const results = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) =>
        u.client.post("/api/webhooks/endpoints", { url: `${receiver.url}/${i}`, events: ["video.completed"] }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    for (const body of [
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ["video.exploded"] },
      { url: "", events: ["video.completed"] },
      { url: `${receiver.url}/x`, events: ["video.completed"], description: "d".repeat(201) },
      { url: `${receiver.url}/\u0000`, events: ["video.completed"] },
    ]) {
      const res = await u.client.post("/api/webhooks/endpoints", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
  });
});

describe("no server-side request forgery", () => {
  const refused = [
    "http://example.com/hook", // plain http
    "https://127.0.0.1/hook",
    "https://127.1.2.3:8443/hook",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::127.0.0.1]/hook", // IPv4-compatible, stored as [::7f00:1] (issue 36)
    "https://[::7f00:1]/hook",
    "https://[::a9fe:a9fe]/hook",
    "https://[::ffff:169.254.169.254]/hook",
    "https://[64:ff9b::a9fe:a9fe]/hook", // NAT64 of the metadata address
    "https://[64:ff9b::10.1.2.3]/hook",
    "https://[2002:7f00:1::1]/hook", // 6to4 of 127.0.0.1
    "https://[2002:c0a8:a::1]/hook", // 6to4 of 192.168.0.10
    "https://10.1.2.3/hook",
    "https://192.168.0.10/hook",
    "https://172.16.5.4/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00::1]/hook",
    "https://0.0.0.0/hook",
    "https://localhost/hook", // a name that resolves to loopback
    "https://user:pass@93.184.216.34/hook",
    "ftp://93.184.216.34/hook",
  ];

  it("refuses loopback, private, link-local and metadata addresses at save time", async () => {
    const u = await signUp(strict.app);
    for (const url of refused) {
      const res = await u.client.post("/api/webhooks/endpoints", { url, events: ["video.completed"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: "webhook_url_refused" });
    }
    // A public address is accepted (nothing is sent until an event happens).
    expect(
      (
        await u.client.post("/api/webhooks/endpoints", {
          url: "https://93.184.216.34/hook",
          events: ["video.completed"],
        })
      ).statusCode,
    ).toBe(201);
  });

  it("with WEBHOOKS_ALLOW_LOCAL, loopback and http pass, but private and metadata addresses never", async () => {
    const u = await signUp(t.app);
    expect(
      (await u.client.post("/api/webhooks/endpoints", { url: "http://127.0.0.1:9/x", events: ["video.completed"] }))
        .statusCode,
    ).toBe(201);
    for (const url of [
      "http://10.0.0.1/x",
      "http://169.254.169.254/",
      "https://192.168.1.1/x",
      "http://[::127.0.0.1]:9/x",
      "http://[64:ff9b::7f00:1]/x",
    ]) {
      const res = await u.client.post("/api/webhooks/endpoints", { url, events: ["video.completed"] });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it("a callbackUrl is checked the same way, before anything is charged", async () => {
    const u = await userWithCredits(strict.app, strict.database.db, 5);
    const token = (await u.client.post("/api/user-tokens", { name: "x" })).json<{ token: string }>().token;
    for (const callbackUrl of [
      "https://169.254.169.254/latest/meta-data/",
      "https://localhost/x",
      "http://93.184.216.34/x",
      "https://[::127.0.0.1]/x",
      "https://[2002:a9fe:a9fe::]/x",
    ]) {
      const res = await strict.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: "x", model: "veo3_fast", callbackUrl },
      });
      expect(res.statusCode, callbackUrl).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "webhook_url_refused" });
    }
    const [row] = await strict.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, u.id));
    expect(row!.credits).toBe(5);
  });

  it("checks again at delivery: a name that now resolves to loopback is never connected to", async () => {
    // As if the DNS answer changed after the URL was saved: the row is written behind the check.
    const local = await startWebhookReceiver();
    try {
      const u = await signUp(strict.app);
      const [user] = await strict.database.db.select().from(users).where(eq(users.username, u.username));
      const port = new URL(local.url).port;
      const [endpoint] = await strict.database.db
        .insert(webhookEndpoints)
        .values({
          userId: user!.id,
          url: `https://localhost:${port}/hook`,
          eventTypes: ["video.completed"],
          secretEncrypted: strict.secretBox.encrypt("whsec_AAAA"),
        })
        .returning();
      await u.client.post(`/api/webhooks/endpoints/${endpoint!.id}/test`);
      await strict.app.jobs.webhookSender.runOnce();
      expect(local.received).toHaveLength(0);
      const [attempt] = (
        await u.client.get(`/api/webhooks/endpoints/${endpoint!.id}/attempts`)
      ).json<WebhookAttemptList>().attempts;
      expect(attempt).toMatchObject({ statusCode: null, deliveryStatus: "pending" });
      expect(attempt!.error).toMatch(/not a public internet address/);
    } finally {
      await local.close();
    }
  });

  it("does not follow a redirect", async () => {
    const target = await startWebhookReceiver();
    try {
      const u = await userWithCredits(t.app, db(), 0);
      const { endpoint } = await addEndpoint(u, ["video.completed"]);
      receiver.answer = { status: 302, location: `${target.url}/stolen` };
      await u.client.post(`/api/webhooks/endpoints/${endpoint.id}/test`);
      await send();
      expect(receiver.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      const [attempt] = await attemptsOf(u, endpoint.id);
      expect(attempt).toMatchObject({ statusCode: 302, deliveryStatus: "pending" });
      expect(attempt!.error).toMatch(/not followed/);
    } finally {
      await target.close();
    }
  });
});

/**
 * Fair webhook delivery (issue 36, decision 0062): an endpoint that never answers holds up only
 * its own deliveries; it gets a shorter timeout, one try at a time and a pause that doubles; the
 * deliveries waiting per endpoint are capped (test events dropped first, real ones only with a
 * row in the delivery log).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../src/server/db/schema.js";
import { fanOutEvents, newEventId } from "../../src/server/features/webhooks/deliveries.js";
import {
  WEBHOOK_DROPPED_ERROR,
  WEBHOOK_PENDING_MAX,
  type WebhookAttemptList,
} from "../../src/shared/schemas/webhooks.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";

type User = Awaited<ReturnType<typeof userWithCredits>>;

/** A receiver that accepts connections and never answers (until `answer` is set), counting them. */
interface Blackhole {
  url: string;
  connections: number;
  /** From now on, answer 200 instead. */
  answer(): void;
  close(): Promise<void>;
}

async function startBlackhole(): Promise<Blackhole> {
  const sockets = new Set<net.Socket>();
  let answering = false;
  const hole = { connections: 0 } as Blackhole;
  const server = net.createServer((socket) => {
    hole.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.on("data", () => {
      if (answering) socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hole.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hole.answer = () => void (answering = true);
  hole.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return hole;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const later = (ms: number) => new Date(Date.now() + ms);

async function addEndpoint(u: User, url: string, events = ["video.completed"]) {
  const res = await u.client.post("/api/webhooks/endpoints", { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ endpoint: { id: string } }>().endpoint.id;
}

const attemptsOf = async (u: User, endpointId: string) =>
  (await u.client.get(`/api/webhooks/endpoints/${endpointId}/attempts`)).json<WebhookAttemptList>().attempts;

describe("one endpoint that never answers", () => {
  let t: VideoTestApp;
  let bobReceiver: WebhookReceiver;
  const QUEUED = 200;
  // Today's sender took 16 of these at a time for the full timeout: 200 of them held everyone
  // for about 12 timeouts. Bob's wait is read no longer than one timeout.
  const TIMEOUT_MS = 3_000;

  beforeAll(async () => {
    t = await createVideoTestApp({
      env: { WEBHOOKS_ALLOW_LOCAL: "true" },
      webhooks: { timeoutMs: TIMEOUT_MS },
      webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    bobReceiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await bobReceiver.close();
    await t.close();
  });

  /**
   * Bob sends himself test events, one after another, with the sender's loop running (on Alice's
   * QUEUED deliveries to `alice.url`, if given): the longest time from his request to its arrival
   * (the first may be the one held up, until the stuck endpoint's first tries time out).
   */
  async function bobsWait(alice?: { url: string; started: () => boolean }): Promise<number> {
    const bob = await userWithCredits(t.app, t.database.db, 0);
    const bobEndpoint = await addEndpoint(bob, `${bobReceiver.url}/bob`);
    if (alice) {
      const owner = await userWithCredits(t.app, t.database.db, 0);
      const endpointId = await addEndpoint(owner, alice.url);
      for (let i = 0; i < QUEUED; i++)
        expect((await owner.client.post(`/api/webhooks/endpoints/${endpointId}/test`)).statusCode).toBe(202);
    }
    const sender = t.app.jobs.webhookSender;
    sender.start();
    while (alice && !alice.started()) await sleep(10);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = bobReceiver.received.length;
      const sentAt = Date.now();
      // The route wakes the sender, as in production.
      expect((await bob.client.post(`/api/webhooks/endpoints/${bobEndpoint}/test`)).statusCode).toBe(202);
      while (bobReceiver.received.length === before && Date.now() - sentAt < TIMEOUT_MS) await sleep(5);
      waits.push(bobReceiver.received.length > before ? bobReceiver.received.at(-1)!.at - sentAt : Infinity);
    }
    return Math.max(...waits);
  }

  it("holds up only its own deliveries: another person's arrive about as fast as with no stuck endpoint", async () => {
    const sender = t.app.jobs.webhookSender;
    // Its first pass also does the hourly cleanup: done before anything is measured.
    await sender.runOnce();
    // The baseline: the same measure with nothing else to send.
    const baselineWait = await bobsWait();
    await sender.stop();
    const hole = await startBlackhole();
    let stuckWait: number;
    try {
      stuckWait = await bobsWait({ url: `${hole.url}/alice`, started: () => hole.connections > 0 });
    } finally {
      // Closing it ends the tries it holds, so the pass ends.
      await hole.close();
      await sender.stop();
    }
    console.log(
      `Bob's delivery with ${QUEUED} queued for a stuck endpoint: ${stuckWait} ms; with nothing else queued: ${baselineWait} ms`,
    );
    expect(stuckWait).toBeLessThan(Infinity);
    // A floor of 50 ms under the baseline, so a lucky one does not turn noise into a failure.
    expect(stuckWait / Math.max(baselineWait, 50)).toBeLessThan(10);
  });
});

describe("a per-request callbackUrl (n8n's Wait node)", () => {
  it("is delivered while another person's stuck tries are still hanging", async () => {
    const hole = await startBlackhole();
    const receiver = await startWebhookReceiver();
    // Long enough that no stuck try ends while the video is made.
    const t = await createVideoTestApp({
      env: { WEBHOOKS_ALLOW_LOCAL: "true" },
      webhooks: { timeoutMs: 30_000 },
      webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    try {
      const alice = await userWithCredits(t.app, t.database.db, 0);
      const aliceEndpoint = await addEndpoint(alice, `${hole.url}/alice`);
      for (let i = 0; i < 200; i++)
        expect((await alice.client.post(`/api/webhooks/endpoints/${aliceEndpoint}/test`)).statusCode).toBe(202);
      const sender = t.app.jobs.webhookSender;
      sender.start();
      while (hole.connections === 0) await sleep(10);

      const bob = await userWithCredits(t.app, t.database.db, 10);
      const token = (await bob.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: "A kite on a beach", model: "veo3_fast", callbackUrl: `${receiver.url}/resume/1` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { taskId } = res.json<{ taskId: string }>();
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
      // The trigger's announcement wakes the pass under way; Bob's callback goes beside Alice's stuck tries.
      const deadline = Date.now() + 20_000;
      while (receiver.received.length === 0 && Date.now() < deadline) await sleep(10);
      const aliceTriesEnded = await t.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, aliceEndpoint));
      expect(receiver.received.map((r) => r.path)).toEqual(["/resume/1"]);
      expect(aliceTriesEnded).toEqual([]);
    } finally {
      await hole.close();
      await t.app.jobs.webhookSender.stop();
      await t.close();
      await receiver.close();
    }
  });
});

describe("an endpoint that keeps timing out", () => {
  // Long enough that a loaded machine's slow step never outlasts a pause the test expects to hold.
  const PAUSE_MS = 30_000;
  let t: VideoTestApp;
  let hole: Blackhole;
  beforeAll(async () => {
    t = await createVideoTestApp({
      env: { WEBHOOKS_ALLOW_LOCAL: "true" },
      webhooks: { timeoutMs: 800, minTimeoutMs: 200, pauseMs: PAUSE_MS, maxPauseMs: 4 * PAUSE_MS },
      webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    hole = await startBlackhole();
  });
  afterEach(() => hole.close());

  it("gets a shorter timeout each time, one try at a time, and pauses; an answer restores it", async () => {
    const u = await userWithCredits(t.app, t.database.db, 0);
    const endpointId = await addEndpoint(u, `${hole.url}/slow`);
    const test = async () =>
      expect((await u.client.post(`/api/webhooks/endpoints/${endpointId}/test`)).statusCode).toBe(202);
    const send = (at?: Date) => t.app.jobs.webhookSender.runOnce(at);
    const endpointRow = async () =>
      (await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)))[0]!;

    await test();
    const before = Date.now();
    await send();
    expect((await attemptsOf(u, endpointId))[0]!.error).toMatch(/No answer within 0.8 s/);
    const first = await endpointRow();
    expect(first.timeoutStreak).toBe(1);
    // Paused for pauseMs from the try's end.
    expect(first.pausedUntil!.getTime()).toBeGreaterThanOrEqual(before + PAUSE_MS);

    // Paused: a new event waits, nothing is sent.
    await test();
    expect(await send()).toMatchObject({ succeeded: 0, retried: 0, failed: 0 });
    expect(hole.connections).toBe(1);

    // After the pause: the next try has half the time; the pause doubles.
    const at = new Date(first.pausedUntil!.getTime() + 1);
    await send(at);
    expect(hole.connections).toBe(2);
    expect((await attemptsOf(u, endpointId))[0]!.error).toMatch(/No answer within 0.4 s/);
    const second = await endpointRow();
    expect(second.timeoutStreak).toBe(2);
    expect(second.pausedUntil!.getTime() - at.getTime()).toBeGreaterThanOrEqual(2 * PAUSE_MS);

    // Five more due after the pause: one try at a time, so only one is sent before it pauses again.
    for (let i = 0; i < 5; i++) await test();
    const afterSecond = new Date(second.pausedUntil!.getTime() + 1);
    await send(afterSecond);
    expect(hole.connections).toBe(3);
    expect((await attemptsOf(u, endpointId))[0]!.error).toMatch(/No answer within 0.2 s/);

    // It answers again: the streak and the pause end, and everything waiting goes.
    hole.answer();
    const third = await endpointRow();
    const summary = await send(new Date(Math.max(later(60_000).getTime(), third.pausedUntil!.getTime() + 1)));
    expect(summary.succeeded).toBeGreaterThanOrEqual(5);
    expect(await endpointRow()).toMatchObject({ timeoutStreak: 0, pausedUntil: null });
  });
});

describe("requests in flight", () => {
  it("are limited per endpoint and per destination host, across the person's endpoints", async () => {
    const hole = await startBlackhole();
    const t = await createVideoTestApp({
      env: { WEBHOOKS_ALLOW_LOCAL: "true" },
      webhooks: { timeoutMs: 10_000, perEndpoint: 2, perHost: 3 },
      webhookSendRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    try {
      const u = await userWithCredits(t.app, t.database.db, 0);
      // Two endpoints on one host (another port would still be that host).
      for (const path of ["/a", "/b"]) {
        const endpointId = await addEndpoint(u, `${hole.url}${path}`);
        for (let i = 0; i < 5; i++)
          expect((await u.client.post(`/api/webhooks/endpoints/${endpointId}/test`)).statusCode).toBe(202);
      }
      // Three tries at once (the host's limit); none ends before the hole closes, so none frees a place.
      const pass = t.app.jobs.webhookSender.runOnce();
      while (hole.connections < 3) await sleep(10);
      await sleep(300);
      expect(hole.connections).toBe(3);
      await hole.close();
      await pass;
    } finally {
      await hole.close();
      await t.close();
    }
  });
});

describe("deliveries waiting for one endpoint", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { WEBHOOKS_ALLOW_LOCAL: "true" } });
  });
  afterAll(() => strict.close());

  it(`keep at most ${WEBHOOK_PENDING_MAX} waiting per endpoint: test events are dropped first, real ones only with a log row`, async () => {
    const { db } = strict.database;
    const u = await userWithCredits(strict.app, db, 0);
    // Nothing listens there, and the sender is not run: everything stays waiting.
    const endpointId = await addEndpoint(u, "http://127.0.0.1:9/hook", ["video.completed", "credits.low"]);
    const seed = async (type: string, n: number, createdAt: Date) => {
      const ids = Array.from({ length: n }, () => newEventId());
      await db
        .insert(webhookEvents)
        .values(ids.map((id) => ({ id, userId: u.id, type, createdAt, fannedOutAt: createdAt })));
      await db
        .insert(webhookDeliveries)
        .values(
          ids.map((id) => ({ eventId: id, endpointId, payload: "{}", createdAt, nextAttemptAt: later(3_600_000) })),
        );
      return ids;
    };
    const oldTests = await seed("webhook.test", 2, new Date(Date.now() - 3_000));
    const real = await seed("video.completed", WEBHOOK_PENDING_MAX - 2, new Date(Date.now() - 2_000));
    const statusOf = async (eventIds: string[]) =>
      (
        await db
          .select({ eventId: webhookDeliveries.eventId, status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId))
      )
        .filter((d) => eventIds.includes(d.eventId))
        .map((d) => d.status);
    const pending = async () =>
      (
        await db
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
      ).length;

    // Three new test events: the three oldest test events go, no real one.
    const newTests: string[] = [];
    for (let i = 0; i < 3; i++)
      newTests.push(
        (await u.client.post(`/api/webhooks/endpoints/${endpointId}/test`)).json<{ eventId: string }>().eventId,
      );
    expect(await pending()).toBe(WEBHOOK_PENDING_MAX);
    expect(await statusOf(oldTests)).toEqual(["failed", "failed"]);
    expect((await statusOf(newTests)).sort()).toEqual(["failed", "pending", "pending"]);
    expect(new Set(await statusOf(real))).toEqual(new Set(["pending"]));
    expect(await attemptsOf(u, endpointId)).toEqual([]);

    // Three real events fanned out: the two test events left go first, then the oldest real one, with a trace.
    for (let i = 0; i < 3; i++)
      await db
        .insert(webhookEvents)
        .values({ id: newEventId(), userId: u.id, type: "credits.low", data: { credits: 1, threshold: 5 } });
    await fanOutEvents(db, () => Promise.reject(new Error("no task events here")));
    expect(await pending()).toBe(WEBHOOK_PENDING_MAX);
    expect(await statusOf(newTests)).toEqual(["failed", "failed", "failed"]);
    const stillReal = await statusOf(real);
    expect(stillReal.filter((s) => s === "failed")).toHaveLength(1);
    const log = await attemptsOf(u, endpointId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      eventType: "video.completed",
      statusCode: null,
      deliveryStatus: "failed",
      error: WEBHOOK_DROPPED_ERROR,
    });
    // The person can send it again from the log.
    expect(real).toContain(log[0]!.eventId);
  });
});

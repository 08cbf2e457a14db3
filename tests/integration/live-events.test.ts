/**
 * GET /api/events: the user's task and credit changes pushed over server-sent events, from the
 * database's own notifications (triggers + LISTEN), on PGlite and on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, users } from "../../src/server/db/schema.js";
import { listenPostgres } from "../../src/server/db/pg-listen.js";
import { STREAM_UNAVAILABLE } from "../../src/server/features/events/routes.js";
import { Client, signInAdmin, signUp } from "../helpers/test-app.js";
import { SseClient } from "../helpers/sse-client.js";
import { createTestDatabase, usingPostgres } from "../helpers/test-db.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  sleep,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let base: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createVideoTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function openStream(headers: Record<string, string>): Promise<SseClient> {
  const res = await SseClient.open(`${base}/api/events`, headers);
  if (!(res instanceof SseClient)) throw new Error(`stream refused: ${res.status} ${JSON.stringify(res.body)}`);
  streams.push(res);
  return res;
}

const cookieOf = (client: Client) => ({ cookie: client.sessionCookie! });

describe("GET /api/events", () => {
  it("needs a session or an API token", async () => {
    const res = await SseClient.open(`${base}/api/events`, {});
    expect(res).toMatchObject({ status: 401 });
    const bad = await SseClient.open(`${base}/api/events`, { authorization: "Bearer nope" });
    expect(bad).toMatchObject({ status: 401 });
  });

  it("pushes a new task, the credits it cost, and its completion with the video", async () => {
    const u = await userWithCredits(t.app, t.database.db, 10);
    // The setup's own change (credits set to 10) is announced too: let it arrive before the stream
    // opens, or a busy machine delivers it after "ready" as a credits event of 10.
    await t.app.liveEvents.settle();
    const stream = await openStream(cookieOf(u.client));
    expect(await stream.next("ready")).toEqual({ credits: 10, expiring: [] });

    const res = await u.client.post("/api/generate-video", {
      prompt: "a lighthouse in a storm",
      model: "veo3_fast",
      aspectRatio: "16:9",
    });
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json<{ taskId: string }>();

    const created = await stream.next("task", (d) => d.task.taskId === taskId);
    expect(created.task).toMatchObject({
      taskId,
      status: "generating",
      prompt: "a lighthouse in a storm",
      resultUrls: [],
    });
    expect(await stream.next("credits")).toEqual({ credits: 9, expiring: [] });

    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const done = await stream.next("task", (d) => d.task.taskId === taskId && d.task.status === "completed");
    expect(done.task.resultUrls).toHaveLength(1);
    expect(done.task.completedAt).not.toBeNull();
  });

  it("never carries another user's changes", async () => {
    const a = await userWithCredits(t.app, t.database.db, 5);
    const b = await userWithCredits(t.app, t.database.db, 5);
    const streamA = await openStream(cookieOf(a.client));
    await streamA.next("ready");
    const res = await b.client.post("/api/generate-video", { prompt: "someone else's video", model: "veo3_fast" });
    const { taskId } = res.json<{ taskId: string }>();
    const own = await a.client.post("/api/generate-video", { prompt: "my own video", model: "veo3_fast" });
    // A's own task arrives; B's, created before it, never did.
    await streamA.next("task", (d) => d.task.taskId === own.json<{ taskId: string }>().taskId);
    expect(streamA.events.some((e) => JSON.stringify(e.data).includes(taskId))).toBe(false);
    await streamA.next("credits");
    expect(streamA.events.filter((e) => e.event === "credits")).toEqual([
      { event: "credits", data: { credits: 4, expiring: [] } },
    ]);
  });

  it("works with an API token, for automations", async () => {
    const u = await userWithCredits(t.app, t.database.db, 3);
    const created = await u.client.post("/api/user-tokens", { name: "events" });
    const stream = await openStream({ authorization: `Bearer ${created.json<{ token: string }>().token}` });
    expect(await stream.next("ready")).toEqual({ credits: 3, expiring: [] });
    const admin = await signInAdmin(t);
    await admin.put(`/api/admin/users/${u.id}/credits`, {
      change: "set",
      amount: 30,
      reason: "test",
      expectedCredits: 3,
    });
    expect(await stream.next("credits")).toEqual({ credits: 30, expiring: [] });
  });

  it("says 'signed-out' and ends when the session is signed out elsewhere or the account is disabled", async () => {
    const u = await signUp(t.app);
    const stream = await openStream(cookieOf(u.client));
    await stream.next("ready");
    // The same session signed out from another tab.
    const other = new Client(t.app);
    other.sessionCookie = u.client.sessionCookie;
    await other.post("/api/auth/logout");
    await stream.next("signed-out");
    await stream.ended;

    const v = await signUp(t.app);
    const second = await openStream(cookieOf(v.client));
    await second.next("ready");
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, v.username));
    const admin = await signInAdmin(t);
    expect((await admin.put(`/api/admin/users/${row!.id}/toggle`, { isActive: false })).statusCode).toBe(200);
    await second.next("signed-out");
    await second.ended;
  });

  it("ends a stream opened with an API token when that token is deleted, deactivated or revoked by a password change", async () => {
    const u = await signUp(t.app);
    const token = async (name: string) =>
      (await u.client.post("/api/user-tokens", { name })).json<{ id: string; token: string }>();
    const [deleted, deactivated, revoked] = [
      await token("deleted"),
      await token("deactivated"),
      await token("revoked"),
    ];
    const bearer = (created: { token: string }) => openStream({ authorization: `Bearer ${created.token}` });
    const [sDeleted, sDeactivated, sRevoked, sCookie] = await Promise.all([
      bearer(deleted),
      bearer(deactivated),
      bearer(revoked),
      openStream(cookieOf(u.client)),
    ]);
    for (const s of [sDeleted, sDeactivated, sRevoked, sCookie]) await s.next("ready");
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
    const admin = await signInAdmin(t);

    expect((await u.client.delete(`/api/user-tokens/${deleted.id}`)).statusCode).toBe(200);
    await sDeleted.next("signed-out");
    await sDeleted.ended;
    // The other tokens' streams heard the same announcement and carry on.
    await admin.put(`/api/admin/users/${row!.id}/credits`, {
      change: "set",
      amount: 7,
      reason: "test",
      expectedCredits: 0,
    });
    for (const s of [sDeactivated, sRevoked])
      expect(await s.next("credits", (d) => d.credits === 7)).toEqual({ credits: 7, expiring: [] });

    await t.database.db.update(apiTokens).set({ isActive: false }).where(eq(apiTokens.id, deactivated.id));
    await sDeactivated.next("signed-out");
    await sDeactivated.ended;

    const changed = await u.client.put("/api/user/change-password", {
      currentPassword: u.password,
      newPassword: "a-new-password",
      revokeApiTokens: true,
    });
    expect(changed.statusCode).toBe(200);
    await sRevoked.next("signed-out");
    await sRevoked.ended;
    // The session that changed the password stays, and so does its stream.
    await admin.put(`/api/admin/users/${row!.id}/credits`, {
      change: "add",
      amount: 1,
      reason: "test",
      expectedCredits: 7,
    });
    expect(await sCookie.next("credits", (d) => d.credits === 8)).toEqual({ credits: 8, expiring: [] });
    expect(sCookie.isEnded).toBe(false);
  });

  it("ends streams and refuses new ones while the database's event channel is down", async () => {
    const u = await signUp(t.app);
    const stream = await openStream(cookieOf(u.client));
    await stream.next("ready");
    t.app.liveEvents.setConnected(false);
    try {
      await stream.ended;
      const refused = await SseClient.open(`${base}/api/events`, cookieOf(u.client));
      expect(refused).toEqual({ status: 503, body: { message: STREAM_UNAVAILABLE, code: "service_unavailable" } });
    } finally {
      t.app.liveEvents.setConnected(true);
    }
    const again = await openStream(cookieOf(u.client));
    await again.next("ready");
  });

  it("announces only what a page shows: worker bookkeeping is silent", async () => {
    const u = await userWithCredits(t.app, t.database.db, 5);
    const stream = await openStream(cookieOf(u.client));
    await stream.next("ready");
    const { taskId } = (await u.client.post("/api/generate-video", { prompt: "quiet bookkeeping" })).json<{
      taskId: string;
    }>();
    await stream.next("task", (d) => d.task.taskId === taskId);
    const before = stream.events.length;
    await t.database.db.execute(
      sql`update video_tasks set check_attempts = check_attempts + 1, next_check_at = now() where task_id = ${taskId}`,
    );
    await sleep(200);
    expect(stream.events.length).toBe(before);
  });
});

describe.runIf(usingPostgres)("the PostgreSQL listener", () => {
  it("reconnects after its connection is killed, saying it was down meanwhile", async () => {
    const database = await createTestDatabase();
    const url = (database as { url?: string }).url!;
    const states: boolean[] = [];
    const payloads: string[] = [];
    const stop = listenPostgres(url, "veo_test", {
      onPayload: (p) => payloads.push(p),
      onConnected: (up) => states.push(up),
    });
    try {
      await until(() => states.at(-1) === true);
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN \"veo_test\"' and pid <> pg_backend_pid()",
      );
      await until(() => states.includes(false) && states.at(-1) === true, 10_000);
      await killer.query("select pg_notify('veo_test', 'after the restart')");
      await until(() => payloads.includes("after the restart"));
      await killer.end();
      expect(states).toEqual([true, false, true]);
    } finally {
      await stop();
      await database.close();
    }
  });
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(20);
  }
}

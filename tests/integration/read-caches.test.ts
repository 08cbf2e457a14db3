/**
 * The read caches (decision 0031): polled reads are answered from memory, every change the
 * database announces drops them in every process, and a person's own write is visible to their
 * very next request. Requests here go through app.inject directly, not the test Client (which
 * waits for announcements first), so nothing hides a stale read.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, videoTasks } from "../../src/server/db/schema.js";
import type { Database, Db } from "../../src/server/db/connect.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: VideoTestApp;
let second: VideoTestApp;
/** A third process whose event channel is slow: every announcement reaches it 50 ms late. */
let slow: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  await makingCostsNextToNothing(t.database.db);
  // Another server process on the same database.
  second = await createVideoTestApp({ database: t.database, sim: t.sim, secretBox: t.secretBox });
  const listen: Database["listen"] = (channel, handlers) =>
    t.database.listen(channel, {
      ...handlers,
      onPayload: (payload) => setTimeout(() => handlers.onPayload(payload), 50),
    });
  slow = await createVideoTestApp({ database: t.database, sim: t.sim, secretBox: t.secretBox, listen });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await slow.close();
  await second.close();
  await t.close();
});

function inject(
  app: FastifyInstance,
  cookie: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method, url, headers: { cookie, ...headers }, ...(body ? { payload: body } : {}) });
}
const credits = async (app: FastifyInstance, cookie: string) =>
  (await inject(app, cookie, "GET", "/api/auth/current-user")).json().credits as number;

/** A write the database does not announce, as if made with the triggers off: only a stale cache would miss it. */
async function silently(write: (tx: Db) => Promise<unknown>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

describe("read caches", () => {
  it("answer the session, a task, the task list and the settings from memory until the database announces a change", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const cookie = u.client.sessionCookie!;
    const made = await inject(
      t.app,
      cookie,
      "POST",
      "/api/generate-video",
      { prompt: "cached", model: "veo3_fast" },
      u.client.webAppHeaders,
    );
    expect(made.statusCode, made.body).toBe(200);
    const { taskId } = made.json<{ taskId: string }>();
    const status = async () =>
      (await inject(t.app, cookie, "GET", `/api/video-status/${taskId}`)).json().data.errorMessage as string | null;
    const list = async () =>
      (await inject(t.app, cookie, "GET", "/api/video-tasks?days=14")).json().tasks[0].errorMessage as string | null;
    expect(await credits(t.app, cookie)).toBe(9);
    expect(await status()).toBeNull();
    expect(await list()).toBeNull();

    await silently(async (tx) => {
      await tx.update(users).set({ credits: 500 }).where(eq(users.id, u.id));
      await tx.update(videoTasks).set({ errorMessage: "unannounced" }).where(eq(videoTasks.taskId, taskId));
    });
    expect(await credits(t.app, cookie)).toBe(9);
    expect(await status()).toBeNull();
    expect(await list()).toBeNull();
    // Another process that had not read them yet sees the rows as they are.
    expect(await credits(second.app, cookie)).toBe(500);

    // Announced changes (the same rows, triggers on) reach both processes.
    await db().update(users).set({ credits: 9 }).where(eq(users.id, u.id));
    await db().update(videoTasks).set({ errorMessage: "announced" }).where(eq(videoTasks.taskId, taskId));
    await Promise.all([t.app.liveEvents.settle(), second.app.liveEvents.settle()]);
    expect(await credits(t.app, cookie)).toBe(9);
    expect(await credits(second.app, cookie)).toBe(9);
    expect(await status()).toBe("announced");
    expect(await list()).toBe("announced");
  });

  it("show a person's own write on their very next request, however late the announcements arrive", async () => {
    const u = await userWithCredits(t.app, db(), 20);
    const cookie = u.client.sessionCookie!;
    await slow.app.liveEvents.settle();
    for (let left = 19; left >= 15; left--) {
      expect(await credits(slow.app, cookie)).toBe(left + 1);
      const list = (await inject(slow.app, cookie, "GET", "/api/video-tasks?days=14")).json().tasks as unknown[];
      const made = await inject(
        slow.app,
        cookie,
        "POST",
        "/api/generate-video",
        { prompt: `mine ${left}`, model: "veo3_fast" },
        u.client.webAppHeaders,
      );
      expect(made.statusCode, made.body).toBe(200);
      expect(await credits(slow.app, cookie)).toBe(left);
      expect((await inject(slow.app, cookie, "GET", "/api/video-tasks?days=14")).json().tasks).toHaveLength(
        list.length + 1,
      );
    }
  });

  it("show an admin's edit of their own balance on the next request", async () => {
    const cookie = admin.sessionCookie!;
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.username, "admin"));
    await credits(slow.app, cookie);
    for (let n = 1; n <= 3; n++) {
      const res = await inject(slow.app, cookie, "PUT", `/api/admin/users/${me!.id}/credits`, {
        change: "set",
        amount: 1000 + n,
        reason: "cache test",
        expectedCredits: await credits(slow.app, cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await credits(slow.app, cookie)).toBe(1000 + n);
    }
  });

  it("a price change by an admin applies to the next video at once, in every process", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const cookie = u.client.sessionCookie!;
    const generate = (app: FastifyInstance) =>
      inject(
        app,
        cookie,
        "POST",
        "/api/generate-video",
        { prompt: "priced", model: "veo3_fast" },
        u.client.webAppHeaders,
      );
    // Both processes have the settings in memory now.
    expect((await generate(t.app)).json().creditsUsed).toBe(1);
    expect((await generate(second.app)).json().creditsUsed).toBe(1);
    try {
      expect((await admin.put("/api/admin/settings", { veo3FastCredits: 3 })).statusCode).toBe(200);
      expect((await generate(t.app)).json().creditsUsed).toBe(3);
      await second.app.liveEvents.settle();
      expect((await generate(second.app)).json().creditsUsed).toBe(3);
    } finally {
      await admin.put("/api/admin/settings", { veo3FastCredits: 1 });
    }
  });

  it("an unchanged task list is answered 304 Not Modified to a conditional request", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const cookie = u.client.sessionCookie!;
    const first = await inject(t.app, cookie, "GET", "/api/video-tasks?days=14");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await inject(t.app, cookie, "GET", "/api/video-tasks?days=14", undefined, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // The same list from the other process carries the same tag.
    expect(
      (await inject(second.app, cookie, "GET", "/api/video-tasks?days=14", undefined, { "if-none-match": etag }))
        .statusCode,
    ).toBe(304);

    await inject(
      t.app,
      cookie,
      "POST",
      "/api/generate-video",
      { prompt: "news", model: "veo3_fast" },
      u.client.webAppHeaders,
    );
    const changed = await inject(t.app, cookie, "GET", "/api/video-tasks?days=14", undefined, {
      "if-none-match": etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().tasks).toHaveLength(1);
  });

  it("read the database directly while the event channel is down", async () => {
    const u = await userWithCredits(t.app, db(), 7);
    const cookie = u.client.sessionCookie!;
    expect(await credits(t.app, cookie)).toBe(7);
    t.app.liveEvents.setConnected(false);
    try {
      await silently((tx) => tx.update(users).set({ credits: 70 }).where(eq(users.id, u.id)));
      expect(await credits(t.app, cookie)).toBe(70);
    } finally {
      t.app.liveEvents.setConnected(true);
      await silently((tx) => tx.update(users).set({ credits: 7 }).where(eq(users.id, u.id)));
    }
  });

  it("a signed-out or disabled session stops working in every process as soon as it is announced", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const cookie = u.client.sessionCookie!;
    expect((await inject(t.app, cookie, "GET", "/api/auth/current-user")).statusCode).toBe(200);
    expect((await inject(second.app, cookie, "GET", "/api/auth/current-user")).statusCode).toBe(200);
    expect((await inject(second.app, cookie, "POST", "/api/auth/logout")).statusCode).toBe(200);
    await t.app.liveEvents.settle();
    expect((await inject(t.app, cookie, "GET", "/api/auth/current-user")).statusCode).toBe(401);
    expect((await inject(second.app, cookie, "GET", "/api/auth/current-user")).statusCode).toBe(401);
  });
});

/** A user's page for admins (decision 0052): profile, tokens (masked), sessions, orders, videos; signing out and revoking. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentOrders, sessions, users, videoTasks } from "../../src/server/db/schema.js";
import type { Client } from "../helpers/test-app.js";
import { createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

async function idOf(username: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe("GET /api/admin/users/:userId", () => {
  it("shows the profile, masked tokens, live sessions with address and browser, and payment orders", async () => {
    const { client, username } = await signUp(t.app, { email: "page.person@example.test" });
    const id = await idOf(username);
    const token = (await client.post("/api/user-tokens", { name: "n8n" })).json<{ id: string; token: string }>();
    await t.database.db.insert(paymentOrders).values({
      userId: id,
      packageName: "Starter",
      provider: "paypal",
      amount: "9.99",
      credits: 100,
      status: "completed",
      completedAt: new Date(),
    });
    await t.database.db.insert(paymentOrders).values({
      userId: id,
      packageName: "Pro",
      provider: "creem",
      amount: "19.00",
      credits: 250,
      status: "failed",
      failureReason: "Card declined",
    });

    const res = await admin.get(`/api/admin/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<
      Record<string, unknown> & {
        apiTokens: Record<string, unknown>[];
        sessions: Record<string, unknown>[];
        paymentOrders: Record<string, unknown>[];
      }
    >();
    expect(page).toMatchObject({
      id,
      username,
      email: "page.person@example.test",
      credits: 0,
      isActive: true,
      isAdmin: false,
      videoCount: 0,
      googleLinked: false,
      paymentOrderCount: 2,
    });
    expect(page.apiTokens).toEqual([
      {
        id: token.id,
        name: "n8n",
        token: expect.stringContaining("•") as string,
        createdAt: expect.any(String) as string,
        lastUsed: null,
      },
    ]);
    expect(res.body).not.toContain(token.token);
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ ip: client.remoteAddress, userAgent: "lightMyRequest" });
    expect(page.sessions[0]!.id).toMatch(/^[0-9a-f]{12}$/);
    expect(page.paymentOrders.map((o) => [o.packageName, o.status, o.amount, o.failureReason])).toEqual([
      ["Pro", "failed", "19.00", "Card declined"],
      ["Starter", "completed", "9.99", null],
    ]);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("keeps a session's browser text printable and short", async () => {
    const { username, password } = await signUp(t.app);
    const id = await idOf(username);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password },
      headers: { "user-agent": `Evil\u0001Agent/${"x".repeat(500)}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, id));
    const evil = rows.find((r) => r.userAgent?.startsWith("Evil"))!;
    expect(evil.userAgent).toMatch(/^EvilAgent\/x+$/);
    expect(evil.userAgent).toHaveLength(300);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27%20or%201%3D1"]) {
      const res = await admin.get(`/api/admin/users/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json<{ message: string }>().message).toBe("User not found");
    }
  });
});

describe("GET /api/admin/users/:userId/videos", () => {
  it("lists every video newest first, 20 a page, deleted ones without links", async () => {
    const { username } = await signUp(t.app);
    const id = await idOf(username);
    const base = Date.UTC(2026, 5, 1);
    for (let i = 0; i < 23; i++) {
      await t.database.db.insert(videoTasks).values({
        userId: id,
        taskId: `page-${id}-${i}`,
        prompt: `video ${i}`,
        model: "veo3_fast",
        aspectRatio: "16:9",
        status: "completed",
        resultUrls: [`https://tempfile.aiquickdraw.com/v/${i}.mp4`],
        createdAt: new Date(base + i * 60_000),
        deletedAt: i === 22 ? new Date() : null,
        // One made by Google while KIE was down (decision 0175).
        vendor: i === 21 ? "google" : "kie",
      });
    }
    const first = (await admin.get(`/api/admin/users/${id}/videos`)).json<{
      data: { prompt: string; videoUrl: string | null; deletedAt: string | null }[];
      total: number;
    }>();
    expect(first.total).toBe(23);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({
      prompt: "video 22",
      videoUrl: null,
      deletedAt: expect.any(String) as string,
    });
    expect(first.data[1]).toMatchObject({
      prompt: "video 21",
      videoUrl: "https://tempfile.aiquickdraw.com/v/21.mp4",
      deletedAt: null,
      vendor: "google",
    });
    expect(first.data[2]).toMatchObject({ prompt: "video 20", vendor: "kie" });
    const second = (await admin.get(`/api/admin/users/${id}/videos?page=2`)).json<{ data: { prompt: string }[] }>();
    expect(second.data.map((v) => v.prompt)).toEqual(["video 2", "video 1", "video 0"]);
    expect((await admin.get(`/api/admin/users/${id}/videos?page=0`)).statusCode).toBe(400);
    expect((await admin.get("/api/admin/users/00000000-0000-4000-8000-000000000000/videos")).statusCode).toBe(404);
  });
});

describe("the admin's links to a user's videos", () => {
  it("are paths on the page's own host, signed, so the player works whatever host name the admin used", async () => {
    const { username } = await signUp(t.app);
    const id = await idOf(username);
    const fileId = "0b6f3c1e-2d4a-4e8f-9a1b-3c5d7e9f1a2b";
    await t.database.db.insert(videoTasks).values({
      userId: id,
      taskId: `archived-${id}`,
      prompt: "an archived video",
      model: "veo3_fast",
      aspectRatio: "16:9",
      status: "completed",
      resultUrls: [`/media/videos/${fileId}.mp4`],
    });
    const page = (await admin.get(`/api/admin/users/${id}/videos`)).json<{ data: { videoUrl: string | null }[] }>();
    expect(page.data[0]!.videoUrl).toMatch(new RegExp(`^/media/videos/${fileId}\\.mp4\\?expires=\\d+&signature=`));
    expect((await t.app.inject({ method: "GET", url: page.data[0]!.videoUrl! })).statusCode).not.toBe(403);
  });
});

describe("signing a user out everywhere and revoking a token", () => {
  it("ends every session of that user only", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await admin.delete(`/api/admin/users/${await idOf(a.username)}/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "1 session ended" });
    expect((await a.client.get("/api/auth/current-user")).statusCode).toBe(401);
    expect((await b.client.get("/api/auth/current-user")).statusCode).toBe(200);
  });

  it("revokes one of the user's tokens; another user's token id is 404 and keeps working", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const ownerId = await idOf(owner.username);
    const mine = (await owner.client.post("/api/user-tokens", { name: "mine" })).json<{ id: string; token: string }>();
    const theirs = (await other.client.post("/api/user-tokens", { name: "theirs" })).json<{
      id: string;
      token: string;
    }>();
    // A token that works reaches the route (404: no such task); a revoked one is 401.
    const bearer = (token: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/n8n/video-status/no-such-task",
        headers: { authorization: `Bearer ${token}` },
      });

    const wrong = await admin.delete(`/api/admin/users/${ownerId}/api-tokens/${theirs.id}`);
    expect(wrong.statusCode).toBe(404);
    expect((await bearer(theirs.token)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/users/${ownerId}/api-tokens/not-a-uuid`)).statusCode).toBe(404);

    const ok = await admin.delete(`/api/admin/users/${ownerId}/api-tokens/${mine.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bearer(mine.token)).statusCode).toBe(401);
    expect((await admin.delete(`/api/admin/users/${ownerId}/api-tokens/${mine.id}`)).statusCode).toBe(404);
  });
});

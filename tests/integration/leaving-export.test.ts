/**
 * "Download my data" (decision 0087): the file holds exactly the signed-in person's data (never
 * another person's, never a secret, a hash or a masked token), its links to kept videos play
 * without a session for a week, long histories come whole and once, and it is rate-limited.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, transactions, users, videoTasks } from "../../src/server/db/schema.js";
import { dataExportSchema } from "../../src/shared/schemas/leaving.js";
import { keptBlobs, personWithData, type PersonWithData } from "../helpers/account-data.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import type { Client } from "../helpers/test-app.js";
import { signUp } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;
let alice: PersonWithData;
let bob: PersonWithData;

beforeAll(async () => {
  t = await createVideoTestApp({ env: { WEBHOOKS_ALLOW_LOCAL: "true" } });
  alice = await personWithData(t);
  bob = await personWithData(t);
}, 120_000);
afterAll(() => t.close());
afterEach(() => expectLedgerBalanced(db()));

async function download(client: Client) {
  const res = await client.get("/api/user/export");
  expect(res.statusCode, res.body).toBe(200);
  return { res, file: dataExportSchema.parse(JSON.parse(res.body)) };
}

describe("the file", () => {
  it("is an attachment named after the person and the day, never cached", async () => {
    const { res } = await download(alice.client);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="veo-studio-${alice.username}-${day}.json"`);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("holds the person's profile, ledger, videos, orders, token names and webhooks, and nobody else's", async () => {
    const { file, res } = await download(alice.client);
    const [me] = await db().select().from(users).where(eq(users.id, alice.id));
    expect(file.profile).toMatchObject({
      id: alice.id,
      username: alice.username,
      email: alice.email,
      emailConfirmed: true,
      hasPassword: true,
      googleConnected: false,
      credits: me!.credits,
      creditsOwed: 0,
      notices: { videoReady: false, videoFailed: true, lowBalance: true, newSignIn: true },
    });
    const ledger = await db()
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.userId, alice.id));
    expect(file.transactions.map((x) => x.id).sort()).toEqual(ledger.map((x) => x.id).sort());
    expect(file.transactions.reduce((sum, x) => sum + x.amount, 0)).toBe(file.profile.credits);
    expect(file.videos).toHaveLength(1);
    expect(file.videos[0]).toMatchObject({
      taskId: alice.taskId,
      prompt: alice.prompt,
      status: "completed",
      deletedAt: null,
      shareUrl: alice.shareUrl,
      imageUrls: [],
    });
    expect(file.paymentOrders.map((o) => o.id)).toEqual([alice.orderId]);
    expect(file.apiTokens).toEqual([
      expect.objectContaining({ name: `n8n of ${alice.username}`, active: true, lastUsed: null }),
    ]);
    expect(file.webhookEndpoints).toEqual([
      expect.objectContaining({ url: alice.webhookUrl, events: ["video.completed"], enabled: true }),
    ]);

    // Nothing of Bob's, whatever field it would hide in.
    for (const theirs of [bob.username, bob.email, bob.prompt, bob.taskId, bob.orderId, bob.id, bob.webhookUrl])
      expect(res.body).not.toContain(theirs);
  });

  it("never holds a secret: not the tokens, their hashes or masks, the webhook secrets, the password's hash", async () => {
    const { res } = await download(alice.client);
    const [token] = await db().select().from(apiTokens).where(eq(apiTokens.userId, alice.id));
    const [row] = await db().select().from(users).where(eq(users.id, alice.id));
    const secrets = [
      alice.apiToken,
      token!.tokenHash,
      token!.tokenMasked,
      alice.apiToken.slice(0, 8),
      alice.apiToken.slice(-8),
      alice.webhookSecret,
      alice.callbacksSecret,
      "whsec_",
      row!.password,
      "argon2",
    ];
    for (const secret of secrets) expect(res.body, secret).not.toContain(secret);
  });

  it("links to the kept files that play without a session for about a week", async () => {
    const { file } = await download(alice.client);
    const link = file.videos[0]!.files["720p"]!;
    const url = new URL(link);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(url.pathname).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    const expires = Number(url.searchParams.get("expires")) * 1000;
    expect(expires).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
    expect(expires).toBeLessThan(Date.now() + 7.1 * 24 * 3600_000);
    const played = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(played.statusCode).toBe(200);
    expect(played.headers["content-type"]).toBe("video/mp4");
    expect(await keptBlobs(db(), alice.id)).not.toEqual([]);
  });

  it("lists a deleted video with the day it went, without links", async () => {
    const u = await personWithData(t);
    expect((await u.client.delete(`/api/videos/${u.taskId}`)).statusCode).toBe(200);
    const { file } = await download(u.client);
    expect(file.videos).toHaveLength(1);
    expect(file.videos[0]!.deletedAt).not.toBeNull();
    expect(file.videos[0]!.files).toEqual({});
    expect(file.videos[0]!.shareUrl).toBeNull();
  });

  it("asks for a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user/export" });
    expect(res.statusCode).toBe(401);
    const token = await t.app.inject({
      method: "GET",
      url: "/api/user/export",
      headers: { authorization: `Bearer ${alice.apiToken}` },
    });
    expect(token.statusCode).toBe(401);
  });
});

describe("long histories", () => {
  it("come whole and each row once, across batches and rows written in the same microsecond", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    // 1,201 ledger rows and 1,100 videos, many sharing one timestamp: only the id tells them apart.
    await db().execute(sql`
      insert into transactions (user_id, type, amount, description, created_at)
      select ${u.id}::uuid, case when i % 2 = 0 then 'usage' else 'adjustment' end,
             case when i % 2 = 0 then -1 else 1 end, 'row ' || i, timestamptz '2026-01-02 03:04:05.123456+00' + (i / 7) * interval '1 microsecond'
      from generate_series(1, 1201) as i`);
    await db().update(users).set({ credits: 1 }).where(eq(users.id, u.id));
    await db().execute(sql`
      insert into video_tasks (user_id, task_id, prompt, model, aspect_ratio, status, created_at)
      select ${u.id}::uuid, 'bulk-' || ${crypto.randomUUID()} || '-' || i, 'prompt ' || i, 'veo3_fast', '16:9', 'failed',
             timestamptz '2026-01-02 03:04:05+00' + (i / 3) * interval '1 microsecond'
      from generate_series(1, 1100) as i`);
    const { file } = await download(u.client);
    expect(file.transactions).toHaveLength(1201);
    expect(new Set(file.transactions.map((x) => x.id)).size).toBe(1201);
    expect(file.videos).toHaveLength(1100);
    expect(new Set(file.videos.map((v) => v.id)).size).toBe(1100);
    const rows = await db().select({ id: videoTasks.id }).from(videoTasks).where(eq(videoTasks.userId, u.id));
    expect(file.videos.map((v) => v.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // Newest first.
    const times = file.videos.map((v) => v.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  }, 60_000);
});

describe("limits", () => {
  it("five downloads an hour per person; another person is not held back", async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await u.client.get("/api/user/export")).statusCode).toBe(200);
    const refused = await u.client.get("/api/user/export");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const other = await signUp(t.app);
    expect((await other.client.get("/api/user/export")).statusCode).toBe(200);
  });
});

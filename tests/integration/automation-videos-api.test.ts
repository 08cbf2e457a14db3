/**
 * The automation API's list of videos and its 4K upgrade (issue 73: what the n8n node's "List my
 * videos" and "Upgrade to 4K" and the typed client call): the token's own videos only, the 4K
 * surcharge at API prices charged once, a second ask a 409 that charges nothing, another person's
 * video not found, and a read-only OAuth token refused before anything is charged.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../src/server/db/schema.js";
import { automationUpgradeResultSchema, automationVideoListSchema } from "../../src/shared/schemas/automation.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { issueToken } from "../helpers/route-cases.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

async function tokenUser(credits: number) {
  const u = await userWithCredits(t.app, db(), credits);
  const { token, id: tokenId } = await issueToken(db(), u.id);
  const send = (method: "GET" | "POST", url: string, body?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  return { ...u, token, tokenId, send };
}

async function finishedVideo(u: Awaited<ReturnType<typeof tokenUser>>, prompt: string): Promise<string> {
  const res = await u.send("POST", "/api/n8n/generate", { prompt, model: "veo3_fast" });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  return taskId;
}

describe("GET /api/n8n/videos", () => {
  it("lists the token's own videos, newest first, a page at a time, filtered", async () => {
    const u = await tokenUser(100);
    const other = await tokenUser(100);
    const first = await finishedVideo(u, "a harbour in the fog");
    const second = await finishedVideo(u, "a red kite over the hills");
    await finishedVideo(other, "someone else's garden");

    const all = automationVideoListSchema.parse((await u.send("GET", "/api/n8n/videos")).json());
    expect(all.videos.map((v) => v.taskId)).toEqual([second, first]);
    expect(all).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(all.videos[0]).toMatchObject({
      status: "completed",
      model: "veo3_fast",
      prompt: "a red kite over the hills",
    });

    const paged = automationVideoListSchema.parse((await u.send("GET", "/api/n8n/videos?limit=1&page=2")).json());
    expect(paged.videos.map((v) => v.taskId)).toEqual([first]);
    const found = automationVideoListSchema.parse((await u.send("GET", "/api/n8n/videos?q=kite")).json());
    expect(found.videos.map((v) => v.taskId)).toEqual([second]);

    const bad = await u.send("GET", "/api/n8n/videos?limit=500");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/limit must be between 1 and 100/),
    });
  });
});

describe("POST /api/n8n/videos/:taskId/upgrade-4k", () => {
  it("charges the 4K surcharge at API prices once; a second ask is a 409 that charges nothing", async () => {
    const u = await tokenUser(100);
    const taskId = await finishedVideo(u, "a lighthouse at dusk");
    const { surcharges } = (await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json<{
      surcharges: { surcharge: string; api_credits: number }[];
    }>();
    const surcharge = surcharges.find((s) => s.surcharge === "4k")!.api_credits;
    const before = (await balanceOf(db(), u.id)).credits;

    const res = await u.send("POST", `/api/n8n/videos/${taskId}/upgrade-4k`);
    expect(res.statusCode, res.body).toBe(200);
    const body = automationUpgradeResultSchema.parse(res.json());
    expect(body).toEqual({
      success: true,
      taskId,
      uhdStatus: "pending",
      creditsUsed: surcharge,
      remainingCredits: before - surcharge,
    });
    expect((await balanceOf(db(), u.id)).credits).toBe(body.remainingCredits);

    const again = await u.send("POST", `/api/n8n/videos/${taskId}/upgrade-4k`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: "conflict" });
    expect((await balanceOf(db(), u.id)).credits).toBe(body.remainingCredits);

    await runWorkerUntil(t, async () => {
      const status = await u.send("GET", `/api/n8n/video-status/${taskId}`);
      return typeof status.json<{ videoUrl4k: string | null }>().videoUrl4k === "string";
    });
  });

  it("refuses another person's video, an unknown one and a read-only OAuth token, charging nothing", async () => {
    const owner = await tokenUser(100);
    const taskId = await finishedVideo(owner, "a quiet forest path");
    const other = await tokenUser(100);
    expect((await other.send("POST", `/api/n8n/videos/${taskId}/upgrade-4k`)).statusCode).toBe(404);
    expect((await other.send("POST", "/api/n8n/videos/no-such-task/upgrade-4k")).statusCode).toBe(404);

    // A token a person allowed only to read (decision 0169) cannot spend.
    await db()
      .update(apiTokens)
      .set({ scopes: ["videos:read"] })
      .where(eq(apiTokens.id, owner.tokenId));
    const before = (await balanceOf(db(), owner.id)).credits;
    const refused = await owner.send("POST", `/api/n8n/videos/${taskId}/upgrade-4k`);
    expect(refused.statusCode).toBe(403);
    expect((await balanceOf(db(), owner.id)).credits).toBe(before);
    // Reading stays allowed.
    expect((await owner.send("GET", "/api/n8n/videos")).statusCode).toBe(200);
  });
});

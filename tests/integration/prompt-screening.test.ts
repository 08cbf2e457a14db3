/**
 * Prompt screening (issue 41, decision 0089): every prompt and watermark, from the web generator,
 * the automation API and an extension, is screened before anything is charged or sent to KIE.
 * Creem's moderation is the fake Creem (its markers [mod:deny], [mod:flag], [mod:error],
 * [mod:timeout]); the admin's rules are matched on folded text; the simulator stands in for Creem
 * while Creem payments are off. A refusal leaves the balance, the tasks and KIE untouched.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { moderationEvents, videoTasks } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { ModerationRule } from "../../src/shared/schemas/moderation.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import {
  balanceOf,
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const API_KEY = "creem_test_moderation_key";
const METRICS_TOKEN = "metrics-token-for-screening-tests-0123";

let fake: CreemFake;
let t: VideoTestApp;
const db = () => t.database.db;

type Settings = Parameters<typeof updateSettings>[2];
const set = (patch: Settings) => updateSettings(db(), t.secretBox, patch);

/** Creem payments on, talking to the fake; screening as it is out of the box. */
const DEFAULTS: Settings = {
  creemEnabled: true,
  creemApiKey: API_KEY,
  creemWebhookSecret: "whsec_screening",
  moderationCreemEnabled: true,
  moderationFlagAction: "refuse",
  moderationUnreachableAction: "refuse",
  moderationRules: [],
};

beforeAll(async () => {
  fake = await startCreemFake({ apiKey: API_KEY, webhookSecret: "whsec_screening" });
  t = await createVideoTestApp({
    env: { CREEM_BASE_URL: fake.baseUrl, MODERATION_TIMEOUT_MS: "1500", METRICS_TOKEN },
  });
});
beforeEach(async () => {
  await set(DEFAULTS);
  fake.moderationRequests.length = 0;
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type User = Awaited<ReturnType<typeof userWithCredits>>;

async function tasksOf(userId: string) {
  return db().select().from(videoTasks).where(eq(videoTasks.userId, userId));
}
async function eventsOf(userId: string) {
  return db().select().from(moderationEvents).where(eq(moderationEvents.userId, userId));
}

/** Everything a refusal must leave as it was: the balance, the tasks, KIE's calls. */
async function expectNothingHappened(u: User, credits: number, kieCalls: number) {
  expect(await balanceOf(db(), u.id)).toEqual({ credits, ledger: credits });
  expect(await tasksOf(u.id)).toEqual([]);
  expect(kieSubmissions()).toBe(kieCalls);
}
const kieSubmissions = () => t.sim.stats.calls.generate + t.sim.stats.calls.extend + t.sim.stats.calls["create-task"];

async function apiUser(credits: number) {
  const u = await userWithCredits(t.app, db(), credits);
  const created = await u.client.post("/api/user-tokens", { name: "n8n" });
  expect(created.statusCode, created.body).toBe(201);
  const bearer = `Bearer ${created.json<{ token: string }>().token}`;
  const generate = async (body: unknown, headers: Record<string, string> = {}) => {
    await t.app.liveEvents.settle();
    return t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: bearer, ...headers },
      payload: body as object,
    });
  };
  return { ...u, generate };
}

async function metric(app: FastifyInstance, screener: string, decision: string): Promise<number> {
  const res = await app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const line = res.body
    .split("\n")
    .find((l) => l.startsWith(`veo_moderation_decisions_total{screener="${screener}",decision="${decision}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("a prompt Creem denies", () => {
  it("on the web: 422 with a reason a person can act on, nothing charged, no task, KIE never called", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const kie = kieSubmissions();
    const denied = await metric(t.app, "creem", "deny");
    const res = await u.client.post("/api/generate-video", { prompt: "a duel at dawn [mod:deny]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: "unprocessable", reason: "prompt_refused", params: { field: "prompt" } });
    expect(res.json().message).toMatch(/refused by the content policy.*nothing was charged/i);
    await expectNothingHappened(u, 10, kie);
    // Creem was asked about this prompt, for this person.
    expect(fake.moderationRequests).toEqual([
      { prompt: "a duel at dawn [mod:deny]", external_id: u.id, decision: "deny" },
    ]);
    expect(await eventsOf(u.id)).toMatchObject([
      { source: "web", field: "prompt", screener: "creem", decision: "deny", outcome: "refused" },
    ]);
    expect((await eventsOf(u.id))[0]!.detail).toMatch(/^mod_/);
    expect(await metric(t.app, "creem", "deny")).toBe(denied + 1);
  });

  it("through the automation API: 422 in its shape, nothing charged, the base64 image not kept", async () => {
    const u = await apiUser(10);
    const kie = kieSubmissions();
    const uploads = path.join(t.config.dataDir, "uploads");
    const temporary = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((f) => f.startsWith("tmp-")) : []);
    const before = temporary();
    const res = await u.generate({
      prompt: "[MOD:DENY] a portrait",
      model: "veo3_fast",
      imageUrls: [`data:image/png;base64,${randomPng().toString("base64")}`],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: "unprocessable" });
    await expectNothingHappened(u, 10, kie);
    expect(temporary()).toEqual(before);
    expect(await eventsOf(u.id)).toMatchObject([{ source: "api", screener: "creem", decision: "deny" }]);
  });

  it("as an extension's prompt: 422, the parent untouched and nothing charged", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const made = await u.client.post("/api/generate-video", {
      prompt: "a knight",
      model: "veo3_fast",
      keepExtendable: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const parent = made.json<{ taskId: string }>().taskId;
    await runWorkerUntil(t, async () => (await taskRow(db(), parent)).status === "completed");
    const before = await balanceOf(db(), u.id);
    const extends_ = t.sim.stats.calls.extend;

    const res = await u.client.post(`/api/videos/${parent}/extend`, { prompt: "he rides on [mod:deny]" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ reason: "prompt_refused" });
    expect(await balanceOf(db(), u.id)).toEqual(before);
    expect(await tasksOf(u.id)).toHaveLength(1);
    expect(t.sim.stats.calls.extend).toBe(extends_);
  });

  it("in the watermark text alone: 422 naming the watermark", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const kie = kieSubmissions();
    const res = await u.client.post("/api/generate-video", {
      prompt: "a quiet lake",
      model: "veo3_fast",
      watermark: "my brand [mod:deny]",
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ reason: "prompt_refused", params: { field: "watermark" } });
    await expectNothingHappened(u, 10, kie);
    expect(fake.moderationRequests.map((r) => r.prompt).sort()).toEqual(["a quiet lake", "my brand [mod:deny]"]);
    expect(await eventsOf(u.id)).toMatchObject([{ field: "watermark", decision: "deny" }]);
  });

  it("replays the refusal for the same Idempotency-Key, without asking Creem again", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/generate-video",
        headers: { cookie: u.client.sessionCookie!, ...u.client.webAppHeaders, "idempotency-key": "deny-once" },
        payload: { prompt: "again [mod:deny]", model: "veo3_fast" },
      });
    expect((await send()).statusCode).toBe(422);
    const replay = await send();
    expect(replay.statusCode).toBe(422);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(fake.moderationRequests).toHaveLength(1);
  });
});

describe("a prompt Creem flags", () => {
  it("is refused while flags refuse (the default)", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const kie = kieSubmissions();
    const res = await u.client.post("/api/generate-video", { prompt: "a boxing match [mod:flag]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ reason: "prompt_refused" });
    await expectNothingHappened(u, 10, kie);
    expect(await eventsOf(u.id)).toMatchObject([{ screener: "creem", decision: "flag", outcome: "refused" }]);
  });

  it("is made and listed for review while flags go to review", async () => {
    await set({ moderationFlagAction: "review" });
    const u = await apiUser(10);
    const res = await u.generate({ prompt: "a boxing match [mod:flag]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tasksOf(u.id)).toHaveLength(1);
    expect(await eventsOf(u.id)).toMatchObject([
      { source: "api", screener: "creem", decision: "flag", outcome: "review", reviewedAt: null },
    ]);
  });

  it("is still refused for review-flags when the other screener denies", async () => {
    await set({ moderationFlagAction: "review", moderationRules: [{ text: "boxing", kind: "flag" }] });
    const u = await userWithCredits(t.app, db(), 10);
    // The rules flag it (review), Creem denies it: refused, both verdicts on record.
    const res = await u.client.post("/api/generate-video", { prompt: "boxing [mod:deny]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(422);
    const events = await eventsOf(u.id);
    expect(events.map((e) => [e.screener, e.decision, e.outcome]).sort()).toEqual([
      ["creem", "deny", "refused"],
      ["rules", "flag", "refused"],
    ]);
    // One request: both rows share their time, so it counts as one refusal.
    expect(new Set(events.map((e) => e.createdAt.getTime())).size).toBe(1);
  });
});

describe("Creem cannot be reached", () => {
  it("times out: 503 screening_unavailable with Retry-After, nothing charged (the default refuses)", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const kie = kieSubmissions();
    const unavailable = await metric(t.app, "creem", "unavailable");
    const res = await u.client.post("/api/generate-video", { prompt: "a storm [mod:timeout]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: "service_unavailable", reason: "screening_unavailable" });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    await expectNothingHappened(u, 10, kie);
    expect(await eventsOf(u.id)).toMatchObject([{ screener: "creem", decision: "unavailable", outcome: "refused" }]);
    expect(await metric(t.app, "creem", "unavailable")).toBe(unavailable + 1);
  });

  it("answers 500: refused the same way, and the Idempotency-Key is let go for a retry", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const send = (prompt: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/generate-video",
        headers: { cookie: u.client.sessionCookie!, ...u.client.webAppHeaders, "idempotency-key": "retry-me" },
        payload: { prompt, model: "veo3_fast" },
      });
    const res = await send("a storm [mod:error]");
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ reason: "screening_unavailable" });
    // A different body with the same key is accepted: the 503 was not kept as the key's answer.
    expect((await send("a storm at sea")).statusCode).toBe(200);
  });

  it("refuses with a wrong Creem key too: Creem's 403 is no answer", async () => {
    await set({ creemApiKey: "creem_test_wrong_key" });
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "a calm sea", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(503);
    expect(fake.moderationRequests).toEqual([]);
    expect((await eventsOf(u.id))[0]).toMatchObject({
      decision: "unavailable",
      detail: expect.stringMatching(/API key/),
    });
  });

  it("lets the video through, listed for review, while unreachable screeners go to review", async () => {
    await set({ moderationUnreachableAction: "review" });
    const u = await userWithCredits(t.app, db(), 10);
    const timedOut = await u.client.post("/api/generate-video", {
      prompt: "a storm [mod:timeout]",
      model: "veo3_fast",
    });
    expect(timedOut.statusCode, timedOut.body).toBe(200);
    const failed = await u.client.post("/api/generate-video", { prompt: "a storm [mod:error]", model: "veo3_fast" });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await tasksOf(u.id)).toHaveLength(2);
    expect(await eventsOf(u.id)).toMatchObject([
      { decision: "unavailable", outcome: "review" },
      { decision: "unavailable", outcome: "review" },
    ]);
  });

  it("still refuses a denied prompt when unreachable ones go to review", async () => {
    await set({ moderationUnreachableAction: "review", moderationFlagAction: "review" });
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "[mod:deny]", model: "veo3_fast" });
    expect(res.statusCode).toBe(422);
  });
});

describe("a prompt that passes", () => {
  it("is made, leaves no log row, and is counted as an allow", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const allowed = await metric(t.app, "creem", "allow");
    const res = await u.client.post("/api/generate-video", { prompt: "a red fox in the snow", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(u.id)).toEqual([]);
    expect(await metric(t.app, "creem", "allow")).toBe(allowed + 1);
  });

  it("is not sent to Creem when the admin turned Creem's screening off (a marker then does nothing)", async () => {
    await set({ moderationCreemEnabled: false });
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "a duel [mod:deny]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.moderationRequests).toEqual([]);
  });
});

describe("the admin's rules", () => {
  const RULES: ModerationRule[] = [
    { text: "forbidden fruit", kind: "deny" },
    { text: "kill*", kind: "deny" },
    { text: "giết người", kind: "deny" },
    { text: "*nsfw*", kind: "flag" },
  ];
  beforeEach(() => set({ moderationRules: RULES }));

  const HOSTILE = [
    "FORBIDDEN   FRUIT",
    "a fórbíddén frúït for you",
    "forbidden\tfruit",
    "forbidden\r\nfruit",
    "f o r b i d d e n fruit",
    "f.o.r.b.i.d.d.e.n-fruit",
    // Cyrillic о and е, Greek ι
    "f\u043erbidd\u0435n fru\u03b9t",
    // Zero-width space, joiner and a soft hyphen inside the words
    "forb\u200bid\u200dden fr\u00aduit",
    // Full-width letters
    "\uff46\uff4f\uff52\uff42\uff49\uff44\uff44\uff45\uff4e \uff46\uff52\uff55\uff49\uff54",
    "f0rb1dd3n fru1t",
    "forbiddddden fruit!!!",
    "k!ll them",
    "$KILLING$ spree",
    "KiLlErS",
    "GIẾT  NGƯỜI",
    "giet nguoi",
    `${"a calm walk in the park, ".repeat(190)}forbidden fruit`,
  ];

  const named = HOSTILE.map((p) => [p.length > 60 ? `${p.slice(0, 24)}… (${p.length} characters)` : p, p] as const);
  it.each(named)("refuses %j before Creem is asked", async (_name, prompt) => {
    const u = await userWithCredits(t.app, db(), 10);
    const kie = kieSubmissions();
    const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ reason: "prompt_refused" });
    await expectNothingHappened(u, 10, kie);
    expect(fake.moderationRequests).toEqual([]);
    expect((await eventsOf(u.id))[0]).toMatchObject({ screener: "rules", decision: "deny", outcome: "refused" });
  });

  it.each(["the fruit is forbidden", "a skilled painter", "forbidden", "giết cá"])(
    "lets %j through (words apart, inside another word, or only part of a phrase)",
    async (prompt) => {
      const u = await userWithCredits(t.app, db(), 10);
      const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" });
      expect(res.statusCode, res.body).toBe(200);
      expect(await eventsOf(u.id)).toEqual([]);
    },
  );

  it("names the rule that matched; a flag rule refuses or lists for review as the admin chose", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const refused = await u.client.post("/api/generate-video", { prompt: "very NSFWish", model: "veo3_fast" });
    expect(refused.statusCode).toBe(422);
    expect((await eventsOf(u.id))[0]).toMatchObject({ screener: "rules", decision: "flag", detail: "*nsfw*" });

    await set({ moderationFlagAction: "review" });
    const listed = await u.client.post("/api/generate-video", { prompt: "very NSFWish", model: "veo3_fast" });
    expect(listed.statusCode, listed.body).toBe(200);
    // Flagged by the rules, then asked of Creem too (which allowed it).
    expect(fake.moderationRequests).toHaveLength(1);
  });
});

describe("with Creem payments off and videos simulated", () => {
  it("the built-in simulator speaks Creem's moderation: a marker denies, and the log names the simulator", async () => {
    await set({ creemEnabled: false });
    const u = await userWithCredits(t.app, db(), 10);
    const asked = t.sim.stats.calls.moderation;
    const kie = kieSubmissions();
    const res = await u.client.post("/api/generate-video", { prompt: "a duel [mod:deny]", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(422);
    await expectNothingHappened(u, 10, kie);
    expect(t.sim.stats.calls.moderation).toBe(asked + 1);
    expect(fake.moderationRequests).toEqual([]);
    expect(await eventsOf(u.id)).toMatchObject([{ screener: "simulator", decision: "deny" }]);

    const ok = await u.client.post("/api/generate-video", { prompt: "a duel at dawn", model: "veo3_fast" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(t.sim.stats.calls.moderation).toBe(asked + 2);
  });

  it("a simulator that does not answer is unreachable like Creem", async () => {
    await set({ creemEnabled: false });
    t.sim.faults.inject("moderation", { httpStatus: 502 });
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "a calm sea", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ reason: "screening_unavailable" });
  });
});

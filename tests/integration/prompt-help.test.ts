/**
 * Prompt help (issue 71 §3, decision 0160) through the app: the button's offer, the built-in rules
 * (free and priced), 402 before anything is screened or sent, the rate limit, screening of the idea
 * and of the answer, the owner's settings (audited, the key sealed and masked), and the 'llm' mode
 * against the fake OpenAI-compatible endpoint (tests/fakes/chat-fake.mjs): its request, its
 * failures as a clear 503, and the key in no answer and no log line.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, adminSettings, transactions } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import { createLogger } from "../../src/server/logger.js";
import { startChatFake, type ChatFake } from "../fakes/chat-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { keptLogLines } from "../helpers/log-lines.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

const KEY = "sk-prompt-help-secret-4242";
const MODEL = "fake-chat-model";

let fake: ChatFake;
let t: VideoTestApp;
let admin: Client;
const logs = keptLogLines();
const db = () => t.database.db;
type Patch = Parameters<typeof updateSettings>[2];
const set = (patch: Patch) => updateSettings(db(), t.secretBox, patch);

beforeAll(async () => {
  fake = await startChatFake({ key: KEY, model: MODEL });
  t = await createVideoTestApp({ logger: createLogger({ logLevel: "info" }, logs.stream) });
  admin = await signInAdmin(t);
});
beforeEach(async () => {
  fake.reset();
  await set({
    promptHelpMode: "builtin",
    prices: { prompt_help: { webCredits: 0, apiPrice: "0.00" } },
    moderationRules: [],
  });
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const IDEA = { prompt: "a dog on a beach", model: "veo3_fast", mode: "image" };
const improve = (client: Client, body: Record<string, unknown> = IDEA) => client.post("/api/prompt-help", body);
const reasonOf = (res: { json(): unknown }) => (res.json() as { reason?: string }).reason;
const rowsOf = (userId: string) => db().select().from(transactions).where(eq(transactions.userId, userId));
const priced = (credits: number) =>
  set({ prices: { prompt_help: { webCredits: credits, apiPrice: `${credits}.00` } } });
const llmMode = () =>
  admin.put("/api/admin/settings/prompt-help", {
    promptHelpMode: "llm",
    promptHelpBaseUrl: fake.baseUrl,
    promptHelpModel: MODEL,
    promptHelpApiKey: KEY,
  });

describe("the built-in rules", () => {
  it("offers the button free, and writes a prompt for the model without charging", async () => {
    const offer = await admin.get("/api/prompt-help");
    expect(offer.json()).toEqual({ enabled: true, webCredits: 0 });
    const u = await userWithCredits(t.app, db(), 0);
    const res = await improve(u.client);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ prompt: string; creditsUsed: number; remainingCredits: number | null }>();
    expect(body.prompt.startsWith("A dog on a beach.")).toBe(true);
    expect(body.prompt).toContain("SFX: waves crashing");
    expect(body).toMatchObject({ creditsUsed: 0, remainingCredits: null });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it("refuses the signed-out, calls without the site's token, and bad input in words a person can act on", async () => {
    const signedOut = await t.app.inject({ method: "POST", url: "/api/prompt-help", payload: IDEA });
    expect(signedOut.statusCode).toBe(401);
    const u = await userWithCredits(t.app, db(), 0);
    const noToken = await t.app.inject({
      method: "POST",
      url: "/api/prompt-help",
      payload: IDEA,
      headers: { cookie: u.client.sessionCookie! },
    });
    expect(noToken.statusCode).toBe(403);
    const empty = await improve(u.client, { ...IDEA, prompt: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Write an idea");
    const unknownModel = await improve(u.client, { ...IDEA, model: "sora2" });
    expect(unknownModel.statusCode).toBe(400);
    const tooLong = await improve(u.client, { ...IDEA, prompt: "x".repeat(5_001) });
    expect(tooLong.statusCode).toBe(400);
  });

  it("charges the owner's price once for an answer given, to the caller alone, and 402 when short", async () => {
    await priced(3);
    expect((await admin.get("/api/prompt-help")).json()).toEqual({ enabled: true, webCredits: 3 });
    const payer = await userWithCredits(t.app, db(), 5);
    const bystander = await userWithCredits(t.app, db(), 5);
    const res = await improve(payer.client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: 3, remainingCredits: 2 });
    const rows = (await rowsOf(payer.id)).filter((r) => r.type === "usage");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -3, description: "Prompt help (Veo3 Fast)", videoTaskId: null });
    expect(await balanceOf(db(), bystander.id)).toEqual({ credits: 5, ledger: 5 });

    // 2 left: refused before anything is screened, and nothing written.
    const short = await improve(payer.client);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: "insufficient_credits", params: { required: 3, balance: 2 } });
    expect((await rowsOf(payer.id)).filter((r) => r.type === "usage")).toHaveLength(1);
    expect(await balanceOf(db(), payer.id)).toEqual({ credits: 2, ledger: 2 });
  });

  it("charges at most once each when the same person asks many times at once", async () => {
    await priced(2);
    const u = await userWithCredits(t.app, db(), 5);
    const answers = await Promise.all(Array.from({ length: 6 }, () => improve(u.client)));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(2);
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(4);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 1, ledger: 1 });
  });

  it("limits each person's improvements, with Retry-After", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const other = await userWithCredits(t.app, db(), 0);
    for (let i = 0; i < 20; i++) expect((await improve(u.client)).statusCode).toBe(200);
    const limited = await improve(u.client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await improve(other.client)).statusCode).toBe(200);
  });

  it("refuses a refused idea before anything is written, charged or sent", async () => {
    await priced(1);
    await set({ moderationRules: [{ text: "forbidden thing", kind: "deny" }] });
    const u = await userWithCredits(t.app, db(), 5);
    const res = await improve(u.client, { ...IDEA, prompt: "a Forbidden  Thing on a beach" });
    expect(res.statusCode).toBe(422);
    expect(reasonOf(res)).toBe("prompt_refused");
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 5, ledger: 5 });
  });

  it("hides the button and refuses with a clear 404 while the owner has it off", async () => {
    await set({ promptHelpMode: "off" });
    expect((await admin.get("/api/prompt-help")).json()).toMatchObject({ enabled: false });
    const u = await userWithCredits(t.app, db(), 5);
    const res = await improve(u.client);
    expect(res.statusCode).toBe(404);
    expect(reasonOf(res)).toBe("prompt_help_off");
    expect(res.json().message).toContain("turned off");
  });
});

describe("a language model the owner configures", () => {
  it("is saved audited with its key sealed and masked, and refused without its endpoint", async () => {
    const incomplete = await admin.put("/api/admin/settings/prompt-help", {
      promptHelpMode: "llm",
      promptHelpBaseUrl: "",
    });
    expect(incomplete.statusCode).toBe(400);
    const badUrl = await admin.put("/api/admin/settings/prompt-help", { promptHelpBaseUrl: "ftp://x.example" });
    expect(badUrl.statusCode).toBe(400);
    const withUser = await admin.put("/api/admin/settings/prompt-help", {
      promptHelpBaseUrl: "https://user:pass@x.example/v1",
    });
    expect(withUser.statusCode).toBe(400);

    const res = await llmMode();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    const saved = res.json().settings as Record<string, unknown>;
    expect(saved).toMatchObject({ promptHelpMode: "llm", promptHelpBaseUrl: fake.baseUrl, promptHelpModel: MODEL });
    expect(saved.promptHelpApiKey).toMatch(/4242$/);
    expect((await admin.get("/api/admin/settings")).body).not.toContain(KEY);
    const [row] = await db().select().from(adminSettings);
    expect(row!.promptHelpApiKey).not.toContain(KEY);
    expect(t.secretBox.decrypt(row!.promptHelpApiKey!)).toBe(KEY);
    // A masked key sent back keeps the stored one.
    await admin.put("/api/admin/settings/prompt-help", { promptHelpApiKey: saved.promptHelpApiKey });
    const [kept] = await db().select().from(adminSettings);
    expect(t.secretBox.decrypt(kept!.promptHelpApiKey!)).toBe(KEY);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.update"));
    expect(JSON.stringify(audit)).toContain("promptHelpMode");
    expect(JSON.stringify(audit)).not.toContain(KEY);
  });

  it("asks the endpoint with the model, the bearer key and the rules, and gives its answer", async () => {
    expect((await llmMode()).statusCode).toBe(200);
    await priced(1);
    const u = await userWithCredits(t.app, db(), 3);
    fake.answerNext({ kind: "text", content: '```\n"A golden retriever surfs at sunset. SFX: waves."\n```' });
    const res = await improve(u.client, { ...IDEA, audio: true, aspectRatio: "9:16" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      prompt: "A golden retriever surfs at sunset. SFX: waves.",
      creditsUsed: 1,
      remainingCredits: 2,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.model).toBe(MODEL);
    const [system, user] = request!.body.messages!;
    expect(system!.content).toContain("Veo3 Fast");
    expect(system!.content).toContain("9:16");
    expect(user).toEqual({ role: "user", content: "a dog on a beach" });
  });

  it("answers a failing, broken or endless endpoint with a clear 503 and charges nothing", async () => {
    expect((await llmMode()).statusCode).toBe(200);
    await priced(1);
    const u = await userWithCredits(t.app, db(), 3);
    const failures = [
      { kind: "status", status: 500 },
      { kind: "status", status: 429 },
      { kind: "not-json" },
      { kind: "huge", bytes: 20 * 1024 * 1024 },
      { kind: "text", content: "   " },
    ] as const;
    for (const failure of failures) {
      fake.answerNext(failure);
      const res = await improve(u.client);
      expect(res.statusCode, `${failure.kind}: ${res.body}`).toBe(503);
      expect(reasonOf(res)).toBe("prompt_help_unavailable");
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.json().message).toContain("nothing was charged");
    }
    // A key the endpoint refuses is the same 503 for the person (the owner reads the log).
    await admin.put("/api/admin/settings/prompt-help", { promptHelpApiKey: "sk-some-other-key-9999" });
    expect((await improve(u.client)).statusCode).toBe(503);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 3, ledger: 3 });
    const logged = JSON.stringify(logs.lines);
    expect(logged).toContain("prompt help's language model failed");
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain("sk-some-other-key");
  });

  it("never sends a refused idea, and refuses an answer screening refuses, charging nothing", async () => {
    expect((await llmMode()).statusCode).toBe(200);
    await priced(1);
    await set({ moderationRules: [{ text: "forbidden thing", kind: "deny" }] });
    const u = await userWithCredits(t.app, db(), 3);
    const idea = await improve(u.client, { ...IDEA, prompt: "a forbidden thing" });
    expect(idea.statusCode).toBe(422);
    expect(fake.calls).toBe(0);
    fake.answerNext({ kind: "text", content: "A forbidden thing on a beach." });
    const answer = await improve(u.client);
    expect(answer.statusCode).toBe(422);
    expect(reasonOf(answer)).toBe("prompt_refused");
    expect(fake.calls).toBe(1);
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 3, ledger: 3 });
  });
});

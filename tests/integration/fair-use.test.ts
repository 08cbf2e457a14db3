/**
 * Fair use (issue 41, decision 0093): at most N videos being made per person, N the admin's
 * default or the person's own limit. Beyond it: 429 `too_many_in_flight` with Retry-After and a
 * reason, on the web and the API, with nothing charged, however many requests race the limit.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, videoTasks } from "../../src/server/db/schema.js";
import { IN_FLIGHT_RETRY_AFTER_SECONDS } from "../../src/server/features/videos/in-flight.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  runWorkerUntil,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(() => t?.close());

async function setDefault(limit: number) {
  const res = await admin.put("/api/admin/settings", { maxVideosInFlight: limit });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.maxVideosInFlight).toBe(limit);
}

async function setOwn(userId: string, limit: number | null) {
  return admin.put(`/api/admin/users/${userId}/in-flight-limit`, { maxVideosInFlight: limit });
}

const web = (client: Client, prompt: string) =>
  client.post("/api/generate-video", { prompt, model: "veo3_fast", aspectRatio: "16:9" });

async function apiToken(client: Client): Promise<string> {
  const res = await client.post("/api/user-tokens", { name: "n8n" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>().token;
}

async function viaApi(token: string, prompt: string) {
  await t.app.liveEvents.settle();
  return t.app.inject({
    method: "POST",
    url: "/api/n8n/generate",
    headers: { authorization: `Bearer ${token}` },
    payload: { prompt, model: "veo3_fast" },
  });
}

const tasksOf = (userId: string) => db().select().from(videoTasks).where(eq(videoTasks.userId, userId));

/** The API's errors are `{success: false, message, code}` (no params); the web's carry the numbers for its sentence. */
function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  limit: number,
  via: "web" | "api" = "web",
) {
  expect(res.statusCode).toBe(429);
  expect(res.headers["retry-after"]).toBe(String(IN_FLIGHT_RETRY_AFTER_SECONDS));
  expect(res.json()).toMatchObject({
    code: "too_many_in_flight",
    message:
      `You already have ${limit === 1 ? "1 video" : `${limit} videos`} being made, and an account can have at most ${limit} at a time. ` +
      "Wait for one to finish, then try again. Nothing was charged.",
    ...(via === "web" ? { params: { inFlight: limit, limit } } : { success: false }),
  });
}

describe("the default limit", () => {
  it("is 5 until the admin changes it, and takes 1 to 1000 only", async () => {
    const res = await admin.get("/api/admin/settings");
    expect(res.json().maxVideosInFlight).toBe(5);
    for (const bad of [0, 1001, 2.5, "many"]) {
      expect((await admin.put("/api/admin/settings", { maxVideosInFlight: bad })).statusCode).toBe(400);
    }
    expect((await admin.get("/api/admin/settings")).json().maxVideosInFlight).toBe(5);
  });

  it("of N takes exactly N of N+3 parallel requests; the rest are 429 with Retry-After, charged nothing", async () => {
    const N = 3;
    await setDefault(N);
    const u = await userWithCredits(t.app, db(), 100);
    const answers = await Promise.all(Array.from({ length: N + 3 }, (_, i) => web(u.client, `race ${i}`)));
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(N);
    expect(refused).toHaveLength(3);
    for (const res of refused) expectRefused(res, N);
    // Charged exactly N times (1 credit each on the web), one task each.
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 100 - N, ledger: 100 - N });
    expect(await tasksOf(u.id)).toHaveLength(N);
  });

  it("lets a new video in once one has finished", async () => {
    await setDefault(2);
    const u = await userWithCredits(t.app, db(), 10);
    const first = await web(u.client, "first");
    expect(first.statusCode, first.body).toBe(200);
    expect((await web(u.client, "second")).statusCode).toBe(200);
    expectRefused(await web(u.client, "third"), 2);

    const taskId = first.json<{ taskId: string }>().taskId;
    await passSimulatorTime(t.sim, 200);
    await runWorkerUntil(t, async () => {
      const [row] = await db().select().from(videoTasks).where(eq(videoTasks.taskId, taskId));
      return row?.status === "completed";
    });
    // The finished video's 1080p fetch does not count: two are done or being made, one of them in flight.
    const again = await web(u.client, "third, again");
    expect(again.statusCode, again.body).toBe(200);
  });

  it("holds on the automation API too, and counts the web's videos there", async () => {
    await setDefault(2);
    const u = await userWithCredits(t.app, db(), 20);
    const token = await apiToken(u.client);
    expect((await web(u.client, "on the web")).statusCode).toBe(200);
    expect((await viaApi(token, "by the API")).statusCode).toBe(200);
    expectRefused(await viaApi(token, "one too many"), 2, "api");
    expectRefused(await web(u.client, "and on the web"), 2);
    // 1 credit on the web, 2 by the API.
    expect(await balanceOf(db(), u.id)).toEqual({ credits: 17, ledger: 17 });
  });
});

describe("a person's own limit", () => {
  it("overrides the default, set and cleared on their admin page, audited", async () => {
    await setDefault(3);
    const u = await userWithCredits(t.app, db(), 20);
    const set = await setOwn(u.id, 1);
    expect(set.statusCode, set.body).toBe(200);

    const detail = async () => (await admin.get(`/api/admin/users/${u.id}`)).json().inFlight;
    expect(await detail()).toEqual({ now: 0, own: 1, default: 3 });
    expect((await web(u.client, "one")).statusCode).toBe(200);
    expectRefused(await web(u.client, "two"), 1);
    expect(await detail()).toEqual({ now: 1, own: 1, default: 3 });

    // Higher than the default: more at once for this person only.
    expect((await setOwn(u.id, 4)).statusCode).toBe(200);
    for (const prompt of ["two", "three", "four"]) expect((await web(u.client, prompt)).statusCode).toBe(200);
    expectRefused(await web(u.client, "five"), 4);

    // null: the default again (3, and 4 are in flight).
    expect((await setOwn(u.id, null)).statusCode).toBe(200);
    expect(await detail()).toEqual({ now: 4, own: null, default: 3 });
    const res = await web(u.client, "five again");
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ params: { inFlight: 4, limit: 3 } });

    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.targetId, [u.id]));
    expect(audit.filter((a) => a.action === "user.in_flight_limit").map((a) => a.details)).toEqual([
      { before: { maxVideosInFlight: null }, after: { maxVideosInFlight: 1 } },
      { before: { maxVideosInFlight: 1 }, after: { maxVideosInFlight: 4 } },
      { before: { maxVideosInFlight: 4 }, after: { maxVideosInFlight: null } },
    ]);
  });

  it("takes 1 to 1000 or null, and 404 for no such user", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    for (const bad of [0, 1001, 1.5, "x"]) expect((await setOwn(u.id, bad as number)).statusCode).toBe(400);
    expect((await setOwn("00000000-0000-0000-0000-000000000000", 2)).statusCode).toBe(404);
    expect((await setOwn(u.id, "7" as unknown as number)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${u.id}`)).json().inFlight.own).toBe(7);
  });
});

/**
 * The web price is for the web app (issue 36, decision 0065): a session-cookie call to a route that
 * charges it needs `Sec-Fetch-Site: same-origin` and the site's token of that very session (the
 * `csrf` cookie) in X-CSRF-Token; anything else is a 403 with nothing charged. An API token is
 * charged the API price.
 */
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/server/identity/sessions.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
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

type User = Awaited<ReturnType<typeof userWithCredits>>;

/** veo3's default prices: 5 credits on the web, 10 through the API. */
const VIDEO = { prompt: "a lighthouse in a storm", model: "veo3" };

function post(url: string, cookie: string | undefined, headers: Record<string, string>, body: object = {}) {
  return t.app.inject({ method: "POST", url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: body });
}

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({
    code: "forbidden",
    reason: "web_price_needs_web_app",
    message: expect.stringContaining("/api") as unknown,
  });
}

async function finishedVideo(u: User): Promise<string> {
  const res = await u.client.post("/api/generate-video", { ...VIDEO, model: "veo3_fast", keepExtendable: true });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  return taskId;
}

describe("POST /api/generate-video with a session cookie", () => {
  it("is refused without the web app's headers, with a wrong, another person's or an old session's token; nothing is charged", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const other = await userWithCredits(t.app, db(), 50);
    const cookie = u.client.sessionCookie!;
    const token = u.client.webToken!;
    expect(token).toMatch(/^[\w-]{43}$/);

    expectRefused(await post("/api/generate-video", cookie, {}, VIDEO));
    expectRefused(await post("/api/generate-video", cookie, { "x-csrf-token": token }, VIDEO));
    expectRefused(await post("/api/generate-video", cookie, { "sec-fetch-site": "same-origin" }, VIDEO));
    expectRefused(
      await post("/api/generate-video", cookie, { "sec-fetch-site": "none", "x-csrf-token": token }, VIDEO),
    );
    const sameOrigin = { "sec-fetch-site": "same-origin" };
    expectRefused(
      await post(
        "/api/generate-video",
        cookie,
        { ...sameOrigin, "x-csrf-token": crypto.randomBytes(32).toString("base64url") },
        VIDEO,
      ),
    );
    expectRefused(
      await post("/api/generate-video", cookie, { ...sameOrigin, "x-csrf-token": other.client.webToken! }, VIDEO),
    );

    // A new sign-in is a new session: the token of the one before no longer counts.
    const again = await u.client.post("/api/auth/login", { username: u.username, password: "password123" });
    expect(again.statusCode, again.body).toBe(200);
    expect(u.client.webToken).not.toBe(token);
    expectRefused(
      await post("/api/generate-video", u.client.sessionCookie, { ...sameOrigin, "x-csrf-token": token }, VIDEO),
    );

    expect((await balanceOf(db(), u.id)).credits).toBe(50);
  });

  it("with the web app's headers is charged the web price", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const res = await post("/api/generate-video", u.client.sessionCookie, u.client.webAppHeaders, VIDEO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditsUsed: 5 });
    expect((await balanceOf(db(), u.id)).credits).toBe(45);
  });

  it("an API token is charged the API price, with no web headers", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const { token } = (await u.client.post("/api/user-tokens", { name: "script" })).json<{ token: string }>();
    const res = await post("/api/n8n/generate", undefined, { authorization: `Bearer ${token}` }, VIDEO);
    expect(res.statusCode, res.body).toBe(200);
    expect((await balanceOf(db(), u.id)).credits).toBe(40);
  });
});

describe("the other routes that charge the web price", () => {
  it("extend and upgrade-4k are refused without the web app's headers and charged with them", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const parent = await finishedVideo(u);
    const before = (await balanceOf(db(), u.id)).credits;
    const extend = `/api/videos/${parent}/extend`;
    const upgrade = `/api/videos/${parent}/upgrade-4k`;
    expectRefused(await post(extend, u.client.sessionCookie, {}, { prompt: "the storm clears" }));
    expectRefused(
      await post(upgrade, u.client.sessionCookie, { "sec-fetch-site": "same-origin", "x-csrf-token": "forged" }),
    );
    expect((await balanceOf(db(), u.id)).credits).toBe(before);

    const extended = await post(extend, u.client.sessionCookie, u.client.webAppHeaders, { prompt: "the storm clears" });
    expect(extended.statusCode, extended.body).toBe(200);
    const upgraded = await post(upgrade, u.client.sessionCookie, u.client.webAppHeaders);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    // veo3_fast's web price (1) for the extension, the 4K surcharge's (2) for the upgrade.
    expect((await balanceOf(db(), u.id)).credits).toBe(before - 1 - 2);
  });
});

describe("a site on plain http away from localhost (browsers send it no fetch metadata)", () => {
  it("asks for the token alone", async () => {
    const lan = await createVideoTestApp({
      database: t.database,
      sim: t.sim,
      env: { PUBLIC_URL: "http://192.168.1.20:3000" },
    });
    try {
      const u = await userWithCredits(lan.app, db(), 50);
      const call = (headers: Record<string, string>) =>
        lan.app.inject({
          method: "POST",
          url: "/api/generate-video",
          headers: { cookie: u.client.sessionCookie!, ...headers },
          payload: VIDEO,
        });
      expectRefused(await call({}));
      expectRefused(await call({ "x-csrf-token": "forged" }));
      expectRefused(await call({ "sec-fetch-site": "none", "x-csrf-token": u.client.webToken! }));
      const res = await call({ "x-csrf-token": u.client.webToken! });
      expect(res.statusCode, res.body).toBe(200);
      expect((await balanceOf(db(), u.id)).credits).toBe(45);
    } finally {
      await lan.close();
    }
  });
});

describe("the csrf cookie", () => {
  it("comes with the current user to a session from before it existed, and logging out clears it", async () => {
    const u = await userWithCredits(t.app, db(), 50);
    const cookie = `sid=${await createSession(db(), u.id)}`;
    const read = await t.app.inject({ method: "GET", url: "/api/auth/current-user", headers: { cookie } });
    const given = read.cookies.find((c) => c.name === "csrf");
    expect(given?.httpOnly).toBeFalsy();
    const res = await post(
      "/api/generate-video",
      cookie,
      { "sec-fetch-site": "same-origin", "x-csrf-token": given!.value },
      VIDEO,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Already right: not set again.
    const reread = await t.app.inject({
      method: "GET",
      url: "/api/auth/current-user",
      headers: { cookie: `${cookie}; csrf=${given!.value}` },
    });
    expect(reread.cookies.find((c) => c.name === "csrf")).toBeUndefined();

    await u.client.post("/api/auth/logout");
    expect(u.client.webToken).toBeUndefined();
  });
});

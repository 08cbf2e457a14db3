/**
 * The notices (decision 0086), written in the transaction of what they tell: a web video ready or
 * failed (with its refund), a spend crossing the low-balance line, an API token created, a sign-in
 * from a browser new to the person. Each goes once, only while it is on, only to a confirmed
 * address; videos made through the API send none. A real SMTP server receives them.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMessages, users } from "../../src/server/db/schema.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const PUBLIC_URL = "http://veo.test";
let smtp: SmtpFake;
let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await createVideoTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => smtp.clear());

type Notices = Partial<Pick<typeof users.$inferInsert, "notifyVideoReady" | "notifyVideoFailed" | "notifyLowBalance">>;

/** A signed-in person with credits and a confirmed address, with these notices. */
async function person(credits: number, notices: Notices = {}, extra: Partial<typeof users.$inferInsert> = {}) {
  const u = await userWithCredits(t.app, db(), credits);
  const email = `${u.username.toLowerCase()}@people.example`;
  await db()
    .update(users)
    .set({ email, emailVerified: true, ...notices, ...extra })
    .where(eq(users.id, u.id));
  return { ...u, email };
}

const mailOf = (userId: string, kind: string) =>
  db()
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, kind)));

async function makeOnTheWeb(client: Client, prompt: string, body: Record<string, unknown> = {}) {
  const res = await client.post("/api/generate-video", { prompt, model: "veo3_fast", ...body });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => ["completed", "failed"].includes((await taskRow(db(), taskId)).status));
  return taskId;
}

describe("a web video's notices", () => {
  it("ready: written once when the video is made, only while the person has it on", async () => {
    const on = await person(100, { notifyVideoReady: true });
    const off = await person(100);
    await makeOnTheWeb(on.client, "A lighthouse at dusk");
    await makeOnTheWeb(off.client, "A lighthouse at dawn");
    // More passes of the worker (the 1080p fetch) write nothing more.
    await t.app.jobs.taskWorker.runOnce();
    expect(await mailOf(on.id, "video_ready")).toHaveLength(1);
    expect(await mailOf(off.id, "video_ready")).toEqual([]);

    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(on.email);
    expect(mail.subject).toBe("Your video is ready: A lighthouse at dusk");
    expect(mail.text).toContain(`${PUBLIC_URL}/my-creations`);
    expect(mail.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/mail/unsubscribe\\?u=${on.id}&k=video_ready&t=[\\w-]+>$`),
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(smtp.to(off.email)).toEqual([]);
  });

  it("failed: written with every credit given back, a paid 4K upgrade included", async () => {
    const u = await person(10);
    const taskId = await makeOnTheWeb(u.client, "A storm at sea [sim:fail]", { upgrade4k: true });
    expect(await taskRow(db(), taskId)).toMatchObject({ status: "failed", refunded: true });
    const [row] = await mailOf(u.id, "video_failed");
    // veo3_fast at 1 credit and its 4K upgrade at 2 (the default prices).
    expect(row?.textBody).toContain("3 credits are back in your account.");
    expect(row?.textBody).toContain(`${PUBLIC_URL}/generate`);
    expect(row?.subject).toBe("Your video could not be made: A storm at sea [sim:fail]");
    expect(await mailOf(u.id, "video_ready")).toEqual([]);
  });

  it("failed: none while the person has it off", async () => {
    const u = await person(10, { notifyVideoFailed: false });
    await makeOnTheWeb(u.client, "Another storm [sim:fail]");
    expect(await mailOf(u.id, "video_failed")).toEqual([]);
  });

  it("a prompt refused in its task counts as failed; one refused when submitted is told in the answer only", async () => {
    const u = await person(10);
    const refusedNow = await u.client.post("/api/generate-video", {
      prompt: "refused [sim:reject]",
      model: "veo3_fast",
    });
    expect(refusedNow.statusCode).not.toBe(200);
    expect(await mailOf(u.id, "video_failed")).toEqual([]);

    const res = await u.client.post("/api/generate-video", { prompt: "refused later", model: "veo3_fast" });
    const { taskId } = res.json<{ taskId: string }>();
    t.sim.faults.inject("record-info", {
      body: {
        code: 200,
        msg: "success",
        data: {
          taskId,
          successFlag: 2,
          errorCode: 400,
          errorMessage: "Your prompt was flagged by Website as violating content policies.",
          response: null,
        },
      },
    });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "failed");
    t.sim.faults.clear();
    expect(await taskRow(db(), taskId)).toMatchObject({ failureKind: "refused" });
    const [row] = await mailOf(u.id, "video_failed");
    expect(row?.subject).toBe("Your video could not be made: refused later");
    expect(row?.textBody).toContain("1 credit is back in your account.");
  });

  it("a video made through the API sends none, made or failed", async () => {
    const u = await person(20, { notifyVideoReady: true });
    const created = await u.client.post("/api/user-tokens", { name: "n8n" });
    const token = created.json<{ token: string }>().token;
    const ids: string[] = [];
    for (const prompt of ["An API fox", "An API storm [sim:fail]"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt, model: "veo3_fast" },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ taskId: string }>().taskId);
    }
    await runWorkerUntil(t, async () => {
      const rows = await Promise.all(ids.map((id) => taskRow(db(), id)));
      return rows.every((r) => ["completed", "failed"].includes(r.status));
    });
    expect((await taskRow(db(), ids[0]!)).status).toBe("completed");
    expect((await taskRow(db(), ids[1]!)).status).toBe("failed");
    expect(await mailOf(u.id, "video_ready")).toEqual([]);
    expect(await mailOf(u.id, "video_failed")).toEqual([]);
  });
});

describe("the low-balance notice", () => {
  it("is written once when a spend crosses the default line of 10 credits, and again at the next crossing", async () => {
    const u = await person(12);
    await makeOnTheWeb(u.client, "Spend one", { model: "veo3" }); // 12 -> 7: crosses
    await makeOnTheWeb(u.client, "Spend two"); // 7 -> 6: already below
    const [first, ...more] = await mailOf(u.id, "low_balance");
    expect(more).toEqual([]);
    expect(first?.subject).toBe("Your credits are running low");
    expect(first?.textBody).toContain("Your balance is 7, below 10 credits.");
    expect(first?.textBody).toContain(`${PUBLIC_URL}/purchase-credits`);

    // Topped up above the line, then below it again: a new crossing.
    await db().update(users).set({ credits: 11 }).where(eq(users.id, u.id));
    // The ledger keeps up: the top-up as an adjustment row.
    await db().execute(
      sql`insert into transactions (user_id, type, amount, description) values (${u.id}, 'adjustment', 5, 'top up')`,
    );
    await makeOnTheWeb(u.client, "Spend three", { model: "veo3" }); // 11 -> 6
    expect(await mailOf(u.id, "low_balance")).toHaveLength(2);
  });

  it("is written once when spends race across the line", async () => {
    const u = await person(14);
    const answers = await Promise.all(
      ["Race one", "Race two"].map((prompt) => u.client.post("/api/generate-video", { prompt, model: "veo3" })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    // 14 -> 9 -> 4 in either order: one spend crossed the line.
    expect(await mailOf(u.id, "low_balance")).toHaveLength(1);
  });

  it("follows the threshold the person set for the credits.low webhook, and says so", async () => {
    const u = await person(60, {}, { lowCreditsThreshold: 58 });
    await makeOnTheWeb(u.client, "Above the line"); // 60 -> 59
    expect(await mailOf(u.id, "low_balance")).toEqual([]);
    await makeOnTheWeb(u.client, "Below it", { upgrade4k: true }); // 59 -> 56
    const [row] = await mailOf(u.id, "low_balance");
    expect(row?.textBody).toContain("Your balance is 56, below the 58 you set.");
  });

  it("is written when a 4K upgrade bought later crosses the line", async () => {
    const u = await person(11);
    const taskId = await makeOnTheWeb(u.client, "Upgrade me"); // 11 -> 10: not below
    expect(await mailOf(u.id, "low_balance")).toEqual([]);
    const res = await u.client.post(`/api/videos/${taskId}/upgrade-4k`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailOf(u.id, "low_balance")).toHaveLength(1); // 10 -> 8
  });

  it("is not written while the person has it off", async () => {
    const u = await person(12, { notifyLowBalance: false });
    await makeOnTheWeb(u.client, "Quietly", { model: "veo3" });
    expect(await mailOf(u.id, "low_balance")).toEqual([]);
  });
});

describe("the API token notice", () => {
  it("names the new token, never its value, and is always sent", async () => {
    const u = await person(0, { notifyVideoFailed: false, notifyLowBalance: false });
    const first = await u.client.post("/api/user-tokens/default", {});
    const res = await u.client.post("/api/user-tokens", { name: "Make <b>scenario</b>" });
    expect([first.statusCode, res.statusCode]).toEqual([201, 201]);
    const tokens = [first, res].map((r) => r.json<{ token: string }>().token);
    await t.app.jobs.mailSender.runOnce();
    await smtp.waitFor(u.email, (m) => m.text.includes("scenario"));
    const mails = smtp.to(u.email);
    expect(mails.map((m) => m.subject)).toEqual(["A new API token was created", "A new API token was created"]);
    expect(mails[0]!.text).toContain('API token "Default"');
    expect(mails[1]!.text).toContain('API token "Make <b>scenario</b>"');
    expect(mails[1]!.html).toContain("Make &lt;b&gt;scenario&lt;/b&gt;");
    for (const mail of mails) {
      for (const token of tokens) {
        expect(mail.raw).not.toContain(token);
        expect(mail.raw).not.toContain(token.slice(4, 20));
      }
      expect(mail.headers).not.toHaveProperty("list-unsubscribe");
    }
  });

  it("is not written when the token is refused", async () => {
    const u = await person(0);
    expect((await u.client.post("/api/user-tokens/default", {})).statusCode).toBe(201);
    expect((await u.client.post("/api/user-tokens/default", {})).statusCode).toBe(409);
    expect(await mailOf(u.id, "api_token_created")).toHaveLength(1);
  });
});

describe("the new-browser notice", () => {
  /** Signs in from a browser that keeps its cookies, like a real one. */
  class Browser extends Client {
    jar = new Map<string, string>();
    constructor(private readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0") {
      super(t.app);
    }
    async signIn(username: string, password = "password123", url = "/api/auth/login", extra: object = {}) {
      const res = await t.app.inject({
        method: "POST",
        url,
        remoteAddress: this.remoteAddress,
        headers: {
          "user-agent": this.userAgent,
          cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        payload: { username, password, ...extra },
      });
      expect(res.statusCode, res.body).toBe(url.endsWith("/register") ? 201 : 200);
      for (const c of res.cookies) this.jar.set(c.name, c.value);
      return res;
    }
  }

  /** A new account, made (and so signed in for the first time, decision 0167) from `first`. */
  async function newAccount(first: Browser) {
    const username = `nb_${crypto.randomUUID().slice(0, 8)}`;
    const email = `${username}@people.example`;
    await first.signIn(username, "password123", "/api/auth/register", { email });
    await db().update(users).set({ emailVerified: true }).where(eq(users.username, username));
    await first.signIn(username);
    const [row] = await db().select().from(users).where(eq(users.username, username));
    return { id: row!.id, username, email };
  }

  it("is not written for the first sign-in ever, nor for a browser the person used before", async () => {
    const laptop = new Browser();
    const u = await newAccount(laptop);
    const first = laptop.jar.get("browser");
    expect(first).toMatch(/^[\w-]{43}$/);
    await laptop.signIn(u.username);
    await laptop.signIn(u.username);
    expect(laptop.jar.get("browser")).toBe(first);
    expect(await mailOf(u.id, "new_sign_in")).toEqual([]);
  });

  it("is written once for a browser new to the person, naming it and the address", async () => {
    const laptop = new Browser();
    const u = await newAccount(laptop);
    const phone = new Browser(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    );
    const res = await phone.signIn(u.username);
    const cookie = res.cookies.find((c) => c.name === "browser");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 2 * 365 * 24 * 3600 });
    // PUBLIC_URL is http here: the cookie is not Secure (it is on an https site).
    expect(cookie?.secure).toBeFalsy();
    await phone.signIn(u.username);
    await laptop.signIn(u.username);
    const rows = await mailOf(u.id, "new_sign_in");
    expect(rows).toHaveLength(1);

    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(u.email, (m) => m.subject === "A new sign-in to your account");
    expect(mail.text).toContain("Browser: Safari, iOS.");
    expect(mail.text).toContain(`Address: ${phone.remoteAddress}.`);
    expect(mail.text).toContain(u.username);
    expect(mail.headers["list-unsubscribe"]).toContain("k=new_sign_in");
  });

  it("treats a forged or another person's cookie as a new browser, and stores only its hash", async () => {
    const laptop = new Browser();
    const u = await newAccount(laptop);
    const value = laptop.jar.get("browser")!;
    const stranger = new Browser();
    stranger.jar.set("browser", "forged\r\nvalue");
    await stranger.signIn(u.username);
    expect(stranger.jar.get("browser")).toMatch(/^[\w-]{43}$/);
    // Someone else's browser cookie (another person signed in there): new to this person.
    const other = await newAccount(new Browser());
    const shared = new Browser();
    shared.jar.set("browser", value);
    await shared.signIn(other.username);
    expect(await mailOf(u.id, "new_sign_in")).toHaveLength(1);
    expect(await mailOf(other.id, "new_sign_in")).toHaveLength(1);
    const stored = await db().execute(sql`select browser_hash from known_browsers where browser_hash = ${value}`);
    expect((stored as { rows: unknown[] }).rows).toEqual([]);
  });

  it("is not written while the person has it off", async () => {
    const laptop = new Browser();
    const u = await newAccount(laptop);
    await db().update(users).set({ notifyNewSignIn: false }).where(eq(users.id, u.id));
    await new Browser().signIn(u.username);
    expect(await mailOf(u.id, "new_sign_in")).toEqual([]);
  });
});

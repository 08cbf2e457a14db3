/**
 * Which notices a person gets (decision 0086): GET/PUT /api/user/notices from /my-account, and the
 * one-click unsubscribe of a notice's List-Unsubscribe link (RFC 8058), which a mail client POSTs
 * without any cookie. A signed link turns its one notice off for its one person; anything else is
 * refused and changes nothing; a GET never changes anything.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, users } from "../../src/server/db/schema.js";
import { unsubscribeKey, unsubscribeQuery } from "../../src/server/features/mail/unsubscribe.js";
import { createSecretBox } from "../../src/server/lib/secret-box.js";
import type { NoticePreferences } from "../../src/shared/schemas/notices.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

const PUBLIC_URL = "http://veo.test";
let smtp: SmtpFake;
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function person() {
  const email = `np-${crypto.randomUUID().slice(0, 8)}@people.example`;
  const signed = await signUp(t.app, { email });
  const [row] = await db()
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.username, signed.username))
    .returning();
  // Registration wrote its confirmation link (decision 0088): not the mail under test here.
  await db().delete(mailMessages).where(eq(mailMessages.toAddress, email));
  return { ...signed, id: row!.id, email };
}

const choicesOf = async (userId: string) => {
  const [row] = await db()
    .select({
      videoReady: users.notifyVideoReady,
      videoFailed: users.notifyVideoFailed,
      lowBalance: users.notifyLowBalance,
      newSignIn: users.notifyNewSignIn,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};

const DEFAULTS = { videoReady: false, videoFailed: true, lowBalance: true, newSignIn: true };

/** A request as a mail client sends it: no cookie, no Origin, whatever body it likes. */
function oneClick(query: string, body?: { contentType: string; payload: string }) {
  return t.app.inject({
    method: "POST",
    url: `/api/mail/unsubscribe?${query}`,
    ...(body ? { headers: { "content-type": body.contentType }, payload: body.payload } : {}),
  });
}
const FORM = { contentType: "application/x-www-form-urlencoded", payload: "List-Unsubscribe=One-Click" };
const key = () => unsubscribeKey(t.secretBox);

describe("GET/PUT /api/user/notices", () => {
  it("answers the defaults, where mail goes, and the low-balance line", async () => {
    const u = await person();
    const res = await u.client.get("/api/user/notices");
    expect(res.statusCode).toBe(200);
    expect(res.json<NoticePreferences>()).toEqual({
      ...DEFAULTS,
      lowBalanceBelow: 10,
      email: u.email,
      emailConfirmed: true,
    });
    await db().update(users).set({ lowCreditsThreshold: 25, emailVerified: false }).where(eq(users.id, u.id));
    expect((await u.client.get("/api/user/notices")).json()).toMatchObject({
      lowBalanceBelow: 25,
      emailConfirmed: false,
    });
  });

  it("changes only the choices given, and only the caller's", async () => {
    const u = await person();
    const bystander = await person();
    const res = await u.client.put("/api/user/notices", { videoReady: true, lowBalance: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...DEFAULTS, videoReady: true, lowBalance: false });
    expect((await u.client.put("/api/user/notices", {})).json()).toMatchObject({ videoReady: true, lowBalance: false });
    // Unknown fields are not choices: nothing else is touched (not even an id).
    await u.client.put("/api/user/notices", { newSignIn: false, notifyVideoFailed: false, id: bystander.id });
    expect(await choicesOf(u.id)).toEqual({ ...DEFAULTS, videoReady: true, lowBalance: false, newSignIn: false });
    expect(await choicesOf(bystander.id)).toEqual(DEFAULTS);
  });

  it("refuses what is not a yes or no, and anyone signed out", async () => {
    const u = await person();
    for (const body of [{ videoReady: "yes" }, { videoFailed: 1 }, { lowBalance: null }]) {
      const res = await u.client.put("/api/user/notices", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await choicesOf(u.id)).toEqual(DEFAULTS);
    const anonymous = new Client(t.app);
    expect((await anonymous.get("/api/user/notices")).statusCode).toBe(401);
    expect((await anonymous.put("/api/user/notices", { videoFailed: false })).statusCode).toBe(401);
  });
});

describe("one-click unsubscribe", () => {
  it("turns off the notice a received mail's List-Unsubscribe names, without a sign-in, once and for all", async () => {
    const u = await person();
    const other = await person();
    await t.app.mailer.toUser(db(), u.id, { kind: "video_failed", prompt: "A dog", refunded: 1, link: PUBLIC_URL });
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(u.email);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const target = new URL(/^<(.+)>$/.exec(mail.headers["list-unsubscribe"]!)![1]!);
    expect(target.origin + target.pathname).toBe(`${PUBLIC_URL}/api/mail/unsubscribe`);
    // The footer's link is the page that asks first.
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?${target.search.slice(1)}`);

    const res = await oneClick(target.search.slice(1), FORM);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: "video_failed", message: expect.any(String) });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await choicesOf(u.id)).toEqual({ ...DEFAULTS, videoFailed: false });
    expect(await choicesOf(other.id)).toEqual(DEFAULTS);
    // Again (a second click, a client retrying): the same answer, nothing else changes.
    expect((await oneClick(target.search.slice(1), FORM)).statusCode).toBe(200);
    expect(await choicesOf(u.id)).toEqual({ ...DEFAULTS, videoFailed: false });
    // The next such notice is not written; an essential message still is.
    expect(await t.app.mailer.toUser(db(), u.id, { kind: "video_failed", prompt: "B", refunded: 0, link: "x" })).toBe(
      false,
    );
    expect(await t.app.mailer.toUser(db(), u.id, { kind: "test" })).toBe(true);
  });

  it("takes RFC 8058's multipart body, a JSON body or none, and any Origin", async () => {
    const u = await person();
    const boundary = "----rfc8058";
    const multipart = {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    };
    const cases = [
      ["new_sign_in", multipart],
      ["low_balance", { contentType: "application/json", payload: '{"List-Unsubscribe":"One-Click"}' }],
      ["video_ready", undefined],
    ] as const;
    await db().update(users).set({ notifyVideoReady: true }).where(eq(users.id, u.id));
    for (const [kind, body] of cases) {
      const res = await oneClick(unsubscribeQuery(key(), u.id, kind), body);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
    }
    const fromMailSite = await t.app.inject({
      method: "POST",
      url: `/api/mail/unsubscribe?${unsubscribeQuery(key(), u.id, "video_failed")}`,
      headers: { origin: "https://mail.example", "sec-fetch-site": "cross-site", "content-type": FORM.contentType },
      payload: FORM.payload,
    });
    expect(fromMailSite.statusCode).toBe(200);
    expect(await choicesOf(u.id)).toEqual({
      videoReady: false,
      videoFailed: false,
      lowBalance: false,
      newSignIn: false,
    });
  });

  it("refuses a forged, altered or borrowed link with a clear reason, and changes nothing", async () => {
    const u = await person();
    const other = await person();
    const mine = new URLSearchParams(unsubscribeQuery(key(), u.id, "video_failed"));
    const signature = mine.get("t")!;
    const signedElsewhere = unsubscribeQuery(
      unsubscribeKey(createSecretBox(Buffer.alloc(32, 7))),
      u.id,
      "video_failed",
    );
    const bad = [
      // My signature on another notice, or on another person.
      new URLSearchParams({ u: u.id, k: "low_balance", t: signature }).toString(),
      new URLSearchParams({ u: other.id, k: "video_failed", t: signature }).toString(),
      // Signed with another key, cut short, changed by a letter, missing.
      signedElsewhere,
      new URLSearchParams({ u: u.id, k: "video_failed", t: signature.slice(0, -1) }).toString(),
      new URLSearchParams({
        u: u.id,
        k: "video_failed",
        t: `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      }).toString(),
      new URLSearchParams({ u: u.id, k: "video_failed" }).toString(),
      "",
      // A kind that is essential, look-alikes and line breaks, huge values.
      new URLSearchParams({ u: u.id, k: "receipt", t: signature }).toString(),
      new URLSearchParams({ u: u.id, k: "vіdeo_failed", t: signature }).toString(),
      new URLSearchParams({ u: `${u.id}\r\nX-Injected: 1`, k: "video_failed", t: signature }).toString(),
      new URLSearchParams({ u: "x".repeat(600), k: "video_failed", t: "y".repeat(300) }).toString(),
      new URLSearchParams({ u: "' or 1=1 --", k: "video_failed", t: signature }).toString(),
    ];
    const before = [await choicesOf(u.id), await choicesOf(other.id)];
    for (const query of bad) {
      const res = await oneClick(query, FORM);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: "invalid_input", reason: "unsubscribe_link_invalid" });
    }
    // Two values of one name: still refused.
    expect((await oneClick(`${mine.toString()}&u=${other.id}`, FORM)).statusCode).toBe(400);
    expect([await choicesOf(u.id), await choicesOf(other.id)]).toEqual(before);
  });

  it("a GET of the link changes nothing: it sends the browser to the page that asks first", async () => {
    const u = await person();
    const query = unsubscribeQuery(key(), u.id, "video_failed");
    const res = await t.app.inject({ method: "GET", url: `/api/mail/unsubscribe?${query}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?${query}`);
    const hostile = await t.app.inject({ method: "GET", url: "/api/mail/unsubscribe?u=//evil.example&k=%0d%0a&t=x" });
    expect(hostile.statusCode).toBe(303);
    expect(hostile.headers.location).toMatch(/^\/unsubscribe\?u=%2F%2Fevil\.example&k=%0D%0A&t=x$/);
    expect((await t.app.inject({ method: "HEAD", url: `/api/mail/unsubscribe?${query}` })).statusCode).toBe(303);
    expect(await choicesOf(u.id)).toEqual(DEFAULTS);
  });

  it("refuses a body far bigger than a mail client sends", async () => {
    const u = await person();
    const res = await oneClick(unsubscribeQuery(key(), u.id, "video_failed"), {
      contentType: FORM.contentType,
      payload: `List-Unsubscribe=One-Click&pad=${"x".repeat(10_000)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(await choicesOf(u.id)).toEqual(DEFAULTS);
  });
});

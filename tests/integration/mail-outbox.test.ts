/**
 * The mail outbox (decision 0085) against a real SMTP server (tests/fakes/smtp-fake.mjs): a message
 * is written with what caused it, sent once by the sender (also with two senders at once), retried
 * when the server says "later", given up when it refuses; with no mail server it is kept for the
 * admin's Mail page. Who gets what follows decision 0086.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailMessages, users } from "../../src/server/db/schema.js";
import type { MailMessage } from "../../src/server/features/mail/messages.js";
import { MailSender } from "../../src/server/jobs/mail-sender.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let smtp: SmtpFake;
let t: TestApp;
let local: TestApp;

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Veo Studio <mail@veo.example>" } });
  // No SMTP_URL and no admin settings: the embedded default's local outbox.
  local = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await local.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const db = () => t.database.db;
const test: MailMessage = { kind: "test" };

async function rows(app: TestApp, to: string) {
  return app.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));
}

/** A signed-up person whose address is confirmed (or not); the registration's confirmation link is left out. */
async function person(app: TestApp, confirmed = true) {
  const email = `${crypto.randomUUID().slice(0, 8)}@people.example`;
  const { username } = await signUp(app.app, { email });
  const [row] = await app.database.db
    .update(users)
    .set({ emailVerified: confirmed })
    .where(eq(users.username, username))
    .returning();
  await app.database.db.delete(mailMessages).where(eq(mailMessages.toAddress, email));
  return { id: row!.id, email, username };
}

describe("sending", () => {
  it("sends a queued message once, with an HTML and a plain-text part, and drops its body", async () => {
    const to = "ann@people.example";
    await t.app.mailer.toAddress(db(), { address: to, locale: "en", userId: null }, test);
    const summary = await t.app.jobs.mailSender.runOnce();
    expect(summary).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = smtp.to(to);
    expect(mail?.subject).toBe("A test e-mail from Veo Studio");
    expect(mail?.from).toBe("mail@veo.example");
    expect(mail?.headers.from).toContain("Veo Studio");
    expect(mail?.html).toContain("Mail from this site reaches this address.");
    expect(mail?.text).toContain("Mail from this site reaches this address.");
    const [row] = await rows(t, to);
    expect(row).toMatchObject({ status: "sent", html: null, textBody: null, attempts: 1 });
    expect(await t.app.jobs.mailSender.runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.to(to)).toHaveLength(1);
  });

  it("sends a message written earlier in the same millisecond as the run", async () => {
    // The database stamps microseconds, a JavaScript Date milliseconds: 0.5 ms into this
    // millisecond is already past for the database and not yet due for the Date.
    const to = "same-ms@people.example";
    await t.app.mailer.toAddress(db(), { address: to, locale: "en", userId: null }, test);
    const ms = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    await db()
      .update(mailMessages)
      .set({ nextAttemptAt: sql`${ms.toISOString()}::timestamptz + interval '500 microseconds'` })
      .where(eq(mailMessages.toAddress, to));
    vi.useFakeTimers({ toFake: ["Date"], now: ms });
    try {
      expect(await t.app.jobs.mailSender.runOnce()).toMatchObject({ sent: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect(smtp.to(to)).toHaveLength(1);
  });

  it("writes nothing when the transaction that caused it rolls back", async () => {
    const to = "rollback@people.example";
    await expect(
      db().transaction(async (tx) => {
        await t.app.mailer.toAddress(tx, { address: to, locale: "en", userId: null }, test);
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await rows(t, to)).toEqual([]);
  });

  it("tries again when the server says later, and gives up at once when it refuses the address", async () => {
    const later = "later@people.example";
    await t.app.mailer.toAddress(db(), { address: later, locale: "en", userId: null }, test);
    smtp.state.failNext = 1;
    expect(await t.app.jobs.mailSender.runOnce()).toMatchObject({ retried: 1, sent: 0 });
    const [waiting] = await rows(t, later);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toContain("Try again later");
    expect(await t.app.jobs.mailSender.runOnce(new Date(Date.now() + 60_000))).toMatchObject({ sent: 1 });
    expect(smtp.to(later)).toHaveLength(1);

    const refused = "reject-me@people.example";
    await t.app.mailer.toAddress(db(), { address: refused, locale: "en", userId: null }, test);
    expect(await t.app.jobs.mailSender.runOnce()).toMatchObject({ failed: 1 });
    const [failed] = await rows(t, refused);
    expect(failed?.status).toBe("failed");
    expect(failed?.html).toContain("Mail from this site");
  });

  it("two senders at once send each message once", async () => {
    const to = Array.from({ length: 12 }, (_, i) => `both${i}@people.example`);
    for (const address of to) await t.app.mailer.toAddress(db(), { address, locale: "vi", userId: null }, test);
    const other = new MailSender(
      {
        db: db(),
        secretBox: t.secretBox,
        mailEnvironment: { smtpUrl: smtp.url, from: undefined, publicUrl: t.config.publicUrl },
      },
      { batchSize: 3 },
    );
    const [a, b] = await Promise.all([t.app.jobs.mailSender.runOnce(), other.runOnce()]);
    let sent = a.sent + b.sent;
    // A send a busy machine let time out is due again later: send what is left, as the sender would.
    for (let pass = 0; pass < 5 && sent < 12; pass++)
      sent += (await t.app.jobs.mailSender.runOnce(new Date(Date.now() + 24 * 3600_000))).sent;
    expect(sent).toBe(12);
    for (const address of to) expect(smtp.to(address), address).toHaveLength(1);
  });

  it("keeps line breaks out of the headers, whatever a subject carries", async () => {
    const to = "headers@people.example";
    const prompt = "A cat\r\nBcc: victim@evil.example\r\nX-Injected: yes";
    const { id } = await person(t);
    await db().update(users).set({ email: to, notifyVideoReady: true }).where(eq(users.id, id));
    await t.app.mailer.toUser(db(), id, { kind: "video_ready", prompt, link: "https://veo.example/my-creations" });
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(to);
    expect(mail.to).toEqual([to]);
    expect(mail.headers).not.toHaveProperty("x-injected");
    expect(mail.headers).not.toHaveProperty("bcc");
    expect(smtp.to("victim@evil.example")).toEqual([]);
    expect(mail.subject.startsWith("Your video is ready: A cat")).toBe(true);
  });
});

describe("with no mail server", () => {
  it("keeps the rendered message in the local outbox", async () => {
    const to = "offline@people.example";
    await local.app.mailer.toAddress(local.database.db, { address: to, locale: "vi", userId: null }, test);
    expect(await local.app.jobs.mailSender.runOnce()).toMatchObject({ kept: 1, sent: 0 });
    const [row] = await rows(local, to);
    expect(row?.status).toBe("kept");
    expect(row?.subject).toBe("E-mail thử từ Veo Studio");
    expect(row?.html).toContain("Thư từ trang này đến được địa chỉ này.");
    expect(row?.textBody).toContain("Thư từ trang này đến được địa chỉ này.");
  });
});

describe("who gets what", () => {
  it("sends the account's mail only to a confirmed address, unless it is the reset link", async () => {
    const unconfirmed = await person(t, false);
    const reset: MailMessage = { kind: "password_reset", username: unconfirmed.username, link: "https://x/r" };
    expect(await t.app.mailer.toUser(db(), unconfirmed.id, { kind: "test" })).toBe(false);
    expect(await t.app.mailer.toUser(db(), unconfirmed.id, reset, { evenUnconfirmed: true })).toBe(true);
    expect((await rows(t, unconfirmed.email)).map((r) => r.kind)).toEqual(["password_reset"]);
  });

  it("writes a notice only while it is on, with one-click unsubscribe headers; essential mail has none", async () => {
    const p = await person(t);
    const failed: MailMessage = { kind: "video_failed", prompt: "A dog", refunded: 1, link: "https://x/g" };
    expect(await t.app.mailer.toUser(db(), p.id, failed)).toBe(true);
    await db().update(users).set({ notifyVideoFailed: false }).where(eq(users.id, p.id));
    expect(await t.app.mailer.toUser(db(), p.id, failed)).toBe(false);
    expect(await t.app.mailer.toUser(db(), p.id, { kind: "test" })).toBe(true);
    const written = await rows(t, p.email);
    const notice = written.find((r) => r.kind === "video_failed");
    const essential = written.find((r) => r.kind === "test");
    expect(written).toHaveLength(2);
    expect(notice?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(notice?.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?u=.+&k=video_failed&t=.+>$/,
    );
    expect(notice?.html).toContain("/unsubscribe?u=");
    expect(essential?.headers).toEqual({});
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(p.email, (m) => m.subject.startsWith("Your video could not be made"));
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("writes in the person's language, or the request's when they chose none", async () => {
    const p = await person(t);
    await t.app.mailer.toUser(db(), p.id, { kind: "test" }, { locale: "vi" });
    await db().update(users).set({ language: "en" }).where(eq(users.id, p.id));
    await t.app.mailer.toUser(db(), p.id, { kind: "test" }, { locale: "vi" });
    // The first in the request's Vietnamese, the second in the English the person then chose.
    const subjects = (await rows(t, p.email)).map((r) => r.subject).sort();
    expect(subjects).toEqual(["A test e-mail from Veo Studio", "E-mail thử từ Veo Studio"]);
  });
});

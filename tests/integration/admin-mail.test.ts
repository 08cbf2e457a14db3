/**
 * The admin's mail (decision 0085): the mail server card (settings, where mail goes, a test sent at
 * once), the Mail page (the outbox, filtered and paged, one message with its body), a failed
 * message sent again, the set-up checklist's mail step and warning, and /metrics.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMessages, users } from "../../src/server/db/schema.js";
import { issueAccountLink } from "../../src/server/features/auth/account-tokens.js";
import type { MailMessageView, MailPage, MailStatus } from "../../src/shared/schemas/admin-mail.js";
import type { AdminSetup } from "../../src/shared/schemas/admin-setup.js";
import { MASK_PREFIX } from "../../src/shared/mask.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { freePort } from "../helpers/free-port.js";
import { newAddress, personWithAddress, tokenIn } from "../helpers/mail-links.js";
import { Client, createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";

let smtp: SmtpFake;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-mail-tests" } });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.clear();
  await t.database.db.delete(mailMessages);
  // Back to no mail server: the local outbox.
  const res = await admin.put("/api/admin/settings/mail", { smtpHost: null, smtpUser: null, smtpPassword: null });
  expect(res.statusCode, res.body).toBe(200);
});

/** A live reset link for the account, written as the product writes one. */
const resetLink = async (userId: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return issueAccountLink(t.database.db, t.app.mailer.publicUrl, {
    userId,
    purpose: "password_reset",
    email: row!.email!,
  });
};

const status = async () => (await admin.get("/api/admin/mail/status")).json<MailStatus>();
const setup = async () => (await admin.get("/api/admin/overview/setup")).json<AdminSetup>();
const mailStep = async () => (await setup()).steps.find((s) => s.id === "mail")!;
const useFake = () =>
  admin.put("/api/admin/settings/mail", { smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpSecurity: "none" });

describe("the mail server card", () => {
  it("saves the server with its password sealed, shown masked, and says where mail goes", async () => {
    expect((await status()).source).toBe("none");
    const saved = await admin.put("/api/admin/settings/mail", {
      smtpHost: "smtp.example.com",
      smtpPort: 587,
      smtpSecurity: "starttls",
      smtpUser: "mailer",
      smtpPassword: "smtp-password-never-shown",
      mailFrom: "Veo Studio <no-reply@veo.example>",
      sellerName: "Veo Studio Ltd",
      sellerAddress: "1 Example Street\nHanoi",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = (await admin.get("/api/admin/settings")).json<Record<string, unknown>>();
    expect(settings).toMatchObject({
      smtpHost: "smtp.example.com",
      smtpPort: 587,
      smtpUser: "mailer",
      mailFrom: "Veo Studio <no-reply@veo.example>",
      sellerAddress: "1 Example Street\nHanoi",
    });
    expect(String(settings.smtpPassword)).toMatch(new RegExp(`^${MASK_PREFIX}`));
    expect(JSON.stringify(settings)).not.toContain("smtp-password-never-shown");
    expect(await status()).toMatchObject({ source: "settings", host: "smtp.example.com", security: "starttls" });
    // The masked value sent back keeps the password.
    await admin.put("/api/admin/settings/mail", { smtpPassword: String(settings.smtpPassword) });
    const log = (await admin.get("/api/admin/audit-log?action=mail.update")).json<{ data: unknown[] }>();
    expect(log.data.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(log)).not.toContain("smtp-password-never-shown");
  });

  it("refuses a From or a user with a line break, and a host with a scheme, saying which", async () => {
    for (const body of [
      { mailFrom: "Veo <a@veo.example>\r\nBcc: victim@evil.example" },
      { mailFrom: "not an address" },
      { smtpUser: "user\nname" },
      { smtpHost: "smtp://mail.example.com" },
      { smtpPort: 70000 },
      { sellerName: "x".repeat(201) },
    ]) {
      const res = await admin.put("/api/admin/settings/mail", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(body)).toMatch(
        /mailFrom|smtpUser|smtpHost|smtpPort|sellerName/,
      );
    }
  });

  it("keeps a test message in the local outbox without a server, sends it through one, and reports a server's refusal", async () => {
    const kept = await admin.post("/api/admin/mail/test", { to: "owner@veo.example" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ outcome: "kept" });

    await useFake();
    const sent = await admin.post("/api/admin/mail/test", { to: "owner@veo.example" });
    expect(sent.json()).toMatchObject({ outcome: "sent" });
    const mail = await smtp.waitFor("owner@veo.example");
    expect(mail.subject).toBe("A test e-mail from Veo Studio");

    const refused = await admin.post("/api/admin/mail/test", { to: "reject-this@veo.example" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toContain("No such mailbox");

    // Nothing listens on this port: the admin hears so at once.
    await admin.put("/api/admin/settings/mail", { smtpPort: await freePort() });
    const down = await admin.post("/api/admin/mail/test", { to: "owner@veo.example" });
    expect(down.statusCode).toBe(502);

    const statuses = (await admin.get("/api/admin/mail")).json<MailPage>().data.map((m) => m.status);
    expect(statuses.sort()).toEqual(["failed", "failed", "kept", "sent"]);
  });

  it("refuses a test to something that is not one address", async () => {
    for (const to of [
      "",
      "a@b.example, c@d.example",
      "x@veo.example\r\nBcc: y@evil.example",
      `${"a".repeat(400)}@veo.example`,
    ]) {
      const res = await admin.post("/api/admin/mail/test", { to });
      expect(res.statusCode, to).toBe(400);
    }
    expect((await admin.get("/api/admin/mail")).json<MailPage>().data).toEqual([]);
  });
});

describe("the Mail page", () => {
  it("lists the outbox newest first, filtered and paged, and shows a kept message whole", async () => {
    for (let i = 0; i < 53; i++)
      await t.app.mailer.toAddress(
        t.database.db,
        { address: `person${i}@people.example`, locale: i % 2 ? "vi" : "en", userId: null },
        { kind: "test" },
      );
    await t.app.jobs.mailSender.runOnce();
    const first = (await admin.get("/api/admin/mail?status=kept")).json<MailPage>();
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = (await admin.get(`/api/admin/mail?status=kept&cursor=${first.nextCursor}`)).json<MailPage>();
    expect(second.data).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.data, ...second.data].map((m) => m.id);
    expect(new Set(ids).size).toBe(53);

    const found = (await admin.get("/api/admin/mail?to=PERSON7@")).json<MailPage>().data;
    expect(found.map((m) => m.toAddress)).toEqual(["person7@people.example"]);
    const one = (await admin.get(`/api/admin/mail/${found[0]!.id}`)).json<MailMessageView>();
    expect(one).toMatchObject({ status: "kept", hasBody: true, locale: "vi" });
    expect(one.html).toContain("Thư từ trang này đến được địa chỉ này.");
    expect(one.text).toContain("Thư từ trang này đến được địa chỉ này.");
    expect((await admin.get("/api/admin/mail?status=sent")).json<MailPage>().data).toEqual([]);
  });

  it("answers 400 for a bad filter, cursor or id, and 404 for no such message", async () => {
    for (const url of ["/api/admin/mail?status=gone", "/api/admin/mail?cursor=abc", "/api/admin/mail/not-a-uuid"])
      expect((await admin.get(url)).statusCode, url).toBe(400);
    expect((await admin.get(`/api/admin/mail/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("sends a failed message again, once; a message that did not fail cannot be", async () => {
    const [failed] = await t.database.db
      .insert(mailMessages)
      .values({
        toAddress: "again@people.example",
        kind: "test",
        locale: "en",
        subject: "A test e-mail from Veo Studio",
        html: "<p>Again</p>",
        textBody: "Again",
        status: "failed",
        attempts: 8,
        lastError: "451 try later",
      })
      .returning();
    await useFake();
    expect((await admin.post(`/api/admin/mail/${failed!.id}/retry`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/mail/${failed!.id}/retry`)).statusCode).toBe(409);
    await t.app.jobs.mailSender.runOnce();
    await smtp.waitFor("again@people.example");
    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, failed!.id));
    expect(row).toMatchObject({ status: "sent", html: null, attempts: 1 });
    expect((await admin.get(`/api/admin/mail/${failed!.id}`)).json<MailMessageView>().hasBody).toBe(false);
    expect((await admin.post(`/api/admin/mail/${crypto.randomUUID()}/retry`)).statusCode).toBe(404);
  });
});

describe("single-use links in the outbox (decision 0130)", () => {
  const db = () => t.database.db;
  /** The secrets of the links in what the outbox holds for `userId`, read from the rows themselves. */
  const secretsOf = async (userId: string) => {
    const rows = await db().select().from(mailMessages).where(eq(mailMessages.userId, userId));
    return rows.flatMap((r) =>
      [...`${r.html}${r.textBody}`.matchAll(/[?&](?:amp;)?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!),
    );
  };
  const keptOf = async (userId: string, kind: string) =>
    db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, kind)));

  it("shows a reset, a confirmation and a change of address with every link's secret hidden", async () => {
    const person = await personWithAddress(t, false);
    expect(
      (await person.client.post("/api/user/email", { email: newAddress("moved"), currentPassword: person.password }))
        .statusCode,
    ).toBe(202);
    await t.app.mailer.toUser(
      db(),
      person.id,
      { kind: "password_reset", username: person.username, link: await resetLink(person.id) },
      { evenUnconfirmed: true },
    );
    await t.app.jobs.mailSender.runOnce();
    const secrets = await secretsOf(person.id);
    const rows = await db().select().from(mailMessages).where(eq(mailMessages.userId, person.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["email_change_confirm", "password_reset", "verify_email"]);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      const res = await admin.get(`/api/admin/mail/${row.id}`);
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of secrets) expect(res.body, row.kind).not.toContain(secret);
      const view = res.json<MailMessageView>();
      expect(view.text, row.kind).toContain("token=hidden");
      expect(view.html, row.kind).toContain("token=hidden");
      expect(view).toMatchObject({ linksHidden: true, newLink: row.kind !== "email_change_confirm" });
    }
    // A message with no single-use link shows whole.
    await t.app.mailer.toAddress(db(), { address: person.email, locale: "en", userId: null }, { kind: "test" });
    await t.app.jobs.mailSender.runOnce();
    const [test] = await db().select().from(mailMessages).where(eq(mailMessages.kind, "test"));
    expect((await admin.get(`/api/admin/mail/${test!.id}`)).json<MailMessageView>()).toMatchObject({
      linksHidden: false,
      newLink: false,
    });
  });

  it("sends a new link to the account's own address instead, audited, and it works there", async () => {
    const person = await personWithAddress(t, true);
    await t.app.mailer.toUser(db(), person.id, {
      kind: "password_reset",
      username: person.username,
      link: await resetLink(person.id),
    });
    await t.app.jobs.mailSender.runOnce();
    const [kept] = await keptOf(person.id, "password_reset");
    // Without a mail server the new link waits in the outbox, hidden too.
    const first = await admin.post(`/api/admin/mail/${kept!.id}/new-link`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: "kept" });
    expect(await keptOf(person.id, "password_reset")).toHaveLength(2);
    // With one, it reaches the person's mailbox, and the link there resets the password.
    expect((await useFake()).statusCode).toBe(200);
    const second = await admin.post(`/api/admin/mail/${kept!.id}/new-link`);
    expect(second.json()).toMatchObject({ outcome: "queued" });
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(person.email, (m) => m.subject.includes("password"));
    const token = tokenIn(mail, "/reset-password");
    const reset = await new Client(t.app).post("/api/auth/password-reset/confirm", {
      token,
      password: "a-new-password-1",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const log = (await admin.get("/api/admin/audit-log?action=mail.new_link")).json<{ data: { targetId: string }[] }>();
    expect(log.data.filter((e) => e.targetId === person.id)).toHaveLength(2);
  });

  it("refuses a new link for other kinds, closed accounts and confirmed addresses, saying why", async () => {
    const person = await personWithAddress(t, true);
    await t.app.mailer.toUser(db(), person.id, {
      kind: "verify_email",
      username: person.username,
      link: "https://x.example/verify-email?token=abcdefgh",
      email: person.email,
    });
    await t.app.mailer.toAddress(db(), { address: person.email, locale: "en", userId: person.id }, { kind: "test" });
    await t.app.mailer.toUser(db(), person.id, {
      kind: "password_reset",
      username: person.username,
      link: await resetLink(person.id),
    });
    const [verify] = await keptOf(person.id, "verify_email");
    const [test] = await keptOf(person.id, "test");
    const [reset] = await keptOf(person.id, "password_reset");
    const reason = async (id: string) => {
      const res = await admin.post(`/api/admin/mail/${id}/new-link`);
      expect(res.statusCode, res.body).toBe(409);
      return res.json<{ reason: string }>().reason;
    };
    expect(await reason(test!.id)).toBe("new_link_not_offered");
    expect(await reason(verify!.id)).toBe("email_already_verified");
    await db().update(users).set({ isActive: false }).where(eq(users.id, person.id));
    expect(await reason(reset!.id)).toBe("account_closed");
    expect((await admin.post(`/api/admin/mail/${crypto.randomUUID()}/new-link`)).statusCode).toBe(404);
    expect(await keptOf(person.id, "password_reset")).toHaveLength(1);
  });
});

describe("the overview and /metrics", () => {
  it("walks the mail step from the local outbox to tested, and warns while mail fails", async () => {
    expect(await mailStep()).toMatchObject({
      done: false,
      note: "local_outbox",
      href: "/admin/settings/mail#mail-title",
    });
    await useFake();
    expect(await mailStep()).toMatchObject({ done: false, note: "not_tested" });
    await admin.post("/api/admin/mail/test", { to: "owner@veo.example" });
    expect(await mailStep()).toMatchObject({ done: true, note: null });
    expect((await setup()).mailProblem).toBeNull();

    await t.app.mailer.toAddress(
      t.database.db,
      { address: "reject@people.example", locale: "en", userId: null },
      { kind: "test" },
    );
    await t.app.jobs.mailSender.runOnce();
    const warned = await setup();
    expect(warned.mailProblem).toMatchObject({ failed: 1, href: "/admin/mail?status=failed" });
    expect(warned.mailProblem?.lastError).toContain("No such mailbox");
    expect(warned.steps.find((s) => s.id === "mail")).toMatchObject({ done: false, note: "failing" });

    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-token-for-mail-tests" },
    });
    expect(metrics.body).toContain("veo_mail_failed_last_day 1");
    expect(metrics.body).toMatch(/veo_queue_depth\{queue="mail"\} 0/);
    expect(metrics.body).toMatch(/veo_mail_messages_total\{kind="test",outcome="failed"\} \d+/);
  });
});

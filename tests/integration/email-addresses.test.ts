/**
 * Confirmed addresses and changes of address (decision 0088) against a real SMTP server: the link
 * in the received message confirms its own account's address (whoever is signed in where it is
 * opened), a new address takes effect only once it confirms, and the old one is told.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountTokens, users } from "../../src/server/db/schema.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import {
  kindsTo,
  mailingApp,
  newAddress,
  personWithAddress,
  receive,
  tokenIn,
  userRow,
} from "../helpers/mail-links.js";
import { Client, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

const VERIFY_SUBJECT = "Confirm your e-mail address";
const CHANGE_SUBJECT = "Confirm your new e-mail address";
const PENDING_SUBJECT = "A new e-mail address was asked for your account";
const CHANGED_SUBJECT = "Your account's e-mail address was changed";

let smtp: SmtpFake;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t } = await mailingApp(smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const me = async (client: Client) => (await client.get("/api/auth/current-user")).json();
const verify = (token: string, client = new Client(t.app)) => client.post("/api/auth/verify-email", { token });
const confirmChange = (token: string, client = new Client(t.app)) =>
  client.post("/api/auth/confirm-email-change", { token });

/** Registers through the API, as the register form does; returns a signed-in client. */
async function register(email: string) {
  const { client, username, password } = await signUp(t.app, { email });
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return { client, username, password, id: row!.id, email };
}

async function verifyLink(address: string) {
  return tokenIn(await receive(t, smtp, address, VERIFY_SUBJECT), "/verify-email");
}

async function changeLink(client: Client, email: string, currentPassword: string) {
  const res = await client.post("/api/user/email", { email, currentPassword });
  expect(res.statusCode, res.body).toBe(202);
  return tokenIn(await receive(t, smtp, email, CHANGE_SUBJECT), "/confirm-email");
}

describe("registering with an address", () => {
  it("sends a confirmation link; only the link confirms the address, once", async () => {
    const person = await register(newAddress());
    expect(await me(person.client)).toMatchObject({ email: person.email, emailVerified: false });
    const mail = await receive(t, smtp, person.email, VERIFY_SUBJECT);
    expect(mail.to).toEqual([person.email]);
    const token = tokenIn(mail, "/verify-email");

    const res = await verify(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: person.username, email: person.email });
    expect(res.cookies).toEqual([]);
    expect(await me(person.client)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe("link_expired");
  });

  it("confirmed where its person is signed in: their next request sees it, however late the news", async () => {
    const person = await register(newAddress());
    const token = await verifyLink(person.email);
    const events = t.app.liveEvents;
    // Every announcement of the sign-up heard, the session is read and kept as it is: not confirmed.
    await events.settle();
    expect(await me(person.client)).toMatchObject({ emailVerified: false });
    // The database's announcements now reach this process 300 ms late, as from a busy PostgreSQL.
    const receive = events.receive.bind(events);
    events.receive = (payload) => void setTimeout(() => receive(payload), 300);
    try {
      // The confirmation is a public route; the browser that opens the link sends its session cookie.
      expect((await verify(token, person.client)).statusCode).toBe(200);
      // Straight after (the test client would wait for the news itself first).
      const next = await t.app.inject({
        method: "GET",
        url: "/api/auth/current-user",
        headers: { cookie: person.client.sessionCookie },
      });
      expect(next.json()).toMatchObject({ emailVerified: true });
    } finally {
      events.receive = receive;
    }
  });

  it("refuses line breaks, huge and look-alike addresses with a 400, and sends nothing", async () => {
    const injected = `${uniqueName("cr")}@people.example\r\nBcc: victim@evil.example`;
    const bad = [
      injected,
      `${uniqueName("lf")}@people.example\nX-Injected: yes`,
      `${"a".repeat(10_000)}@people.example`,
      // Cyrillic "а" (U+0430): refused as no e-mail address at all, so it can never pass for the Latin one.
      `\u0430nna.${uniqueName()}@people.example`,
    ];
    for (const email of bad) {
      const username = uniqueName();
      const res = await new Client(t.app).post("/api/auth/register", { username, email, password: "password123" });
      expect(res.statusCode, email.slice(0, 40)).toBe(400);
      expect(await t.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    }
    await t.app.jobs.mailSender.runOnce();
    expect(smtp.to("victim@evil.example")).toEqual([]);
    expect(await kindsTo(t, injected)).toEqual([]);
  });

  it("keeps a line break at the end of an address out of the address itself", async () => {
    const email = newAddress();
    const username = uniqueName();
    const res = await new Client(t.app).post("/api/auth/register", {
      username,
      email: `${email}\r\n`,
      password: "password123",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email);
    const mail = await receive(t, smtp, email, VERIFY_SUBJECT);
    expect(mail.to).toEqual([email]);
  });

  it("a link opened where another account is signed in confirms the link's account, and nobody else", async () => {
    const a = await register(newAddress("a"));
    const b = await register(newAddress("b"));
    const token = await verifyLink(a.email);
    const res = await verify(token, b.client);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(a.username);
    expect(res.cookies).toEqual([]);
    // B is still signed in, as B, with B's address still unconfirmed.
    expect(await me(b.client)).toMatchObject({ username: b.username, emailVerified: false });
    expect((await userRow(t, a.id)).emailVerified).toBe(true);
  });

  it("refuses an expired link, a reset or change link in its place, and a link for an address no longer the account's", async () => {
    const person = await register(newAddress());
    const token = await verifyLink(person.email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, person.id));
    expect((await verify(token)).json().reason).toBe("link_expired");

    smtp.clear();
    const fresh = await person.client.post("/api/user/email/verification");
    expect(fresh.statusCode, fresh.body).toBe(202);
    const second = await verifyLink(person.email);
    const newOne = newAddress("new");
    const change = await changeLink(person.client, newOne, person.password);
    // A change link is not a confirmation link, nor the other way round.
    expect((await verify(change)).json().reason).toBe("link_expired");
    expect((await confirmChange(second)).json().reason).toBe("link_expired");
    // The account moves to the new address (opened where the person is signed in, which stays so):
    // the link to the old one now confirms nothing.
    expect((await confirmChange(change, person.client)).statusCode).toBe(200);
    const outdated = await verify(second);
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().reason).toBe("link_expired");
    expect(await me(person.client)).toMatchObject({ email: newOne, emailVerified: true });
  });

  it("a link for an address the account no longer has says so", async () => {
    const person = await register(newAddress());
    const token = await verifyLink(person.email);
    await t.database.db
      .update(users)
      .set({ email: newAddress("elsewhere") })
      .where(eq(users.id, person.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe("link_address_changed");
    expect((await userRow(t, person.id)).emailVerified).toBe(false);
  });
});

describe("the page a link opens names the account first (decision 0131)", () => {
  const look = (token: string, kind: "verify" | "change") =>
    new Client(t.app).post("/api/auth/address-link", { token, kind });

  it("says whose account and which address, without using the link; the mail says what to do if not yours", async () => {
    const person = await register(newAddress());
    const mail = await receive(t, smtp, person.email, VERIFY_SUBJECT);
    expect(mail.text).toContain(`the account ${person.username}`);
    expect(mail.text).toContain("Not your account? Do not click: someone typed your address");
    expect(mail.text).toContain("/contact");
    const token = tokenIn(mail, "/verify-email");
    for (let i = 0; i < 2; i++) {
      const res = await look(token, "verify");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ username: person.username, email: person.email });
    }
    expect((await userRow(t, person.id)).emailVerified).toBe(false);
    // A link of the other kind, a used one, or none of ours: the link's own error.
    for (const res of [await look(token, "change"), await look("x".repeat(43), "verify")]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe("link_expired");
    }
    expect((await verify(token)).statusCode).toBe(200);
    expect((await look(token, "verify")).json().reason).toBe("link_expired");

    const moved = newAddress("moved");
    const change = await changeLink(person.client, moved, person.password);
    expect((await look(change, "change")).json()).toEqual({ username: person.username, email: moved });
  });
});

describe("sending the link again", () => {
  it("sends a new link at most once a minute; refuses a confirmed address, no address, and nobody signed in", async () => {
    const person = await register(newAddress());
    await receive(t, smtp, person.email, VERIFY_SUBJECT);
    smtp.clear();
    const first = await person.client.post("/api/user/email/verification");
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().email).toBe(person.email);
    const token = await verifyLink(person.email);
    const tooSoon = await person.client.post("/api/user/email/verification");
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers["retry-after"]).toBeDefined();

    expect((await verify(token)).statusCode).toBe(200);
    const other = await register(newAddress());
    await verify(await verifyLink(other.email));
    const confirmed = await other.client.post("/api/user/email/verification");
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().reason).toBe("email_already_verified");

    const { client } = await signUp(t.app);
    const none = await client.post("/api/user/email/verification");
    expect(none.statusCode).toBe(409);
    expect(none.json().reason).toBe("no_email");
    expect((await new Client(t.app).post("/api/user/email/verification")).statusCode).toBe(401);
  });
});

describe("changing one's address", () => {
  it("confirms the new address before it takes effect, and tells the old one twice", async () => {
    const person = await personWithAddress(t, true);
    const newOne = newAddress("moved");
    const res = await person.client.post("/api/user/email", { email: newOne, currentPassword: person.password });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().email).toBe(newOne);
    const pending = await receive(t, smtp, person.email, PENDING_SUBJECT);
    expect(pending.text).toContain(newOne);
    const token = tokenIn(await receive(t, smtp, newOne, CHANGE_SUBJECT), "/confirm-email");
    // Nothing changed yet.
    expect(await me(person.client)).toMatchObject({ email: person.email, emailVerified: true });

    // Opened in the browser that asked: it stays signed in (every other session ends: decision 0128).
    const confirmed = await confirmChange(token, person.client);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ username: person.username, email: newOne });
    expect(await me(person.client)).toMatchObject({ email: newOne, emailVerified: true });
    const told = await receive(t, smtp, person.email, CHANGED_SUBJECT);
    expect(told.text).toContain(newOne);
    expect((await confirmChange(token)).json().reason).toBe("link_expired");
  });

  it("asks for the current password, and sends nothing without it", async () => {
    const person = await personWithAddress(t, true);
    const newOne = newAddress();
    const missing = await person.client.post("/api/user/email", { email: newOne });
    expect(missing.json().reason).toBe("fields_required");
    const wrong = await person.client.post("/api/user/email", { email: newOne, currentPassword: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe("wrong_current_password");
    expect(await kindsTo(t, newOne)).toEqual([]);
    expect(await kindsTo(t, person.email)).not.toContain("email_changed");
  });

  it("refuses an address another account holds (any case) or its own, and sends nothing", async () => {
    const person = await personWithAddress(t, true);
    const holder = await personWithAddress(t, false);
    const taken = await person.client.post("/api/user/email", {
      email: holder.email.toUpperCase(),
      currentPassword: person.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().reason).toBe("email_taken");
    expect(await kindsTo(t, holder.email)).toEqual(["verify_email"]);
    const own = await person.client.post("/api/user/email", {
      email: person.email.toUpperCase(),
      currentPassword: person.password,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().reason).toBe("email_unchanged");
    expect(await kindsTo(t, person.email)).toEqual(["verify_email"]);
  });

  it("refuses line breaks, huge and look-alike addresses with a 400, and sends nothing", async () => {
    const person = await personWithAddress(t, true);
    for (const email of [
      `${uniqueName()}@people.example\r\nBcc: victim@evil.example`,
      `${"b".repeat(10_000)}@people.example`,
      person.email.replace("people", "p\u0435ople"),
    ]) {
      const res = await person.client.post("/api/user/email", { email, currentPassword: person.password });
      expect(res.statusCode, email.slice(0, 40)).toBe(400);
    }
    await t.app.jobs.mailSender.runOnce();
    expect(smtp.to("victim@evil.example")).toEqual([]);
    expect(await kindsTo(t, person.email)).toEqual(["verify_email"]);
  });

  it("an address taken between the request and the link: 409, and the account keeps its own", async () => {
    const person = await personWithAddress(t, true);
    const wanted = newAddress("wanted");
    const token = await changeLink(person.client, wanted, person.password);
    await signUp(t.app, { email: wanted.toUpperCase() });
    const res = await confirmChange(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe("email_taken");
    expect(await userRow(t, person.id)).toMatchObject({ email: person.email, emailVerified: true });
  });

  it("only the latest address asked for can take effect; the old address's links end with the change", async () => {
    const person = await personWithAddress(t, true);
    const first = await changeLink(person.client, newAddress("first"), person.password);
    const latest = newAddress("latest");
    const second = await changeLink(person.client, latest, person.password);
    expect((await confirmChange(first)).json().reason).toBe("link_expired");

    const reset = await new Client(t.app).post("/api/auth/password-reset", { login: person.email });
    expect(reset.statusCode).toBe(202);
    // Written by the reset job, apart from the request (decision 0132).
    await expect
      .poll(async () => {
        await t.app.jobs.passwordResetRequests.runOnce();
        return kindsTo(t, person.email);
      })
      .toContain("password_reset");
    const resetToken = tokenIn(
      await receive(t, smtp, person.email, "Reset your Veo Studio password"),
      "/reset-password",
    );
    expect((await confirmChange(second)).statusCode).toBe(200);
    // The reset link went to the address the account no longer has: it ends with the change.
    const late = await new Client(t.app).post("/api/auth/password-reset/confirm", {
      token: resetToken,
      password: "taken-over",
    });
    expect(late.statusCode).toBe(400);
    expect(await userRow(t, person.id)).toMatchObject({ email: latest });
  });

  it("tells an unconfirmed old address nothing; an account without one sets its first address the same way", async () => {
    const unconfirmed = await personWithAddress(t, false);
    const next = newAddress();
    await confirmChange(await changeLink(unconfirmed.client, next, unconfirmed.password));
    expect(await kindsTo(t, unconfirmed.email)).toEqual(["verify_email"]);

    const { client, password, username } = await signUp(t.app);
    const first = newAddress("first");
    const res = await confirmChange(await changeLink(client, first, password), client);
    expect(res.json()).toMatchObject({ username, email: first });
    expect(await me(client)).toMatchObject({ email: first, emailVerified: true });
  });

  it("an account made by Google sign-in, with no password yet, changes its address without one", async () => {
    const person = await personWithAddress(t, true);
    await t.database.db.update(users).set({ password: "" }).where(eq(users.id, person.id));
    const newOne = newAddress("google");
    const token = await changeLink(person.client, newOne, "");
    expect((await confirmChange(token)).statusCode).toBe(200);
  });

  it("a change link of account A moves A only, whoever opens it", async () => {
    const a = await personWithAddress(t, true);
    const b = await personWithAddress(t, true);
    const newOne = newAddress("a-moves");
    const token = await changeLink(a.client, newOne, a.password);
    const res = await confirmChange(token, b.client);
    expect(res.json().username).toBe(a.username);
    expect(await me(b.client)).toMatchObject({ username: b.username, email: b.email });
    expect(await userRow(t, a.id)).toMatchObject({ email: newOne });
    const [link] = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, a.id), eq(accountTokens.purpose, "change_email")));
    expect(link?.usedAt).not.toBeNull();
  });

  it("limits how often a person asks", async () => {
    const person = await personWithAddress(t, true);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await person.client.post("/api/user/email", { email: newAddress(), currentPassword: "wrong" })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

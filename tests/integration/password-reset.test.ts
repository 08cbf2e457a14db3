/**
 * A forgotten password (decision 0088) against a real SMTP server: the request answers the same
 * whoever it names, before anything about the account is read; the link in the received message
 * sets a new password once, within its hour, for its own account only.
 */
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountTokens, passwordResetRequests, users } from "../../src/server/db/schema.js";
import { verifyPassword } from "../../src/server/features/auth/passwords.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import {
  kindsTo,
  mailingApp,
  newAddress,
  personWithAddress,
  receive,
  resetsHandled,
  tokenIn,
  userRow,
} from "../helpers/mail-links.js";
import { Client, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";

const RESET_SUBJECT = "Reset your Veo Studio password";
const CHANGED_SUBJECT = "Your Veo Studio password was changed";

let smtp: SmtpFake;
let t: TestApp;
let lines: Record<string, unknown>[];
/** Reset requests handled so far (resetsHandled counts from the app's start). */
let handled = 0;

beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t, lines } = await mailingApp(smtp, { passwordResetPerIp: { max: 3, windowMs: 60 * 60_000 } }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

/** Asks for a reset link from a browser of its own (its own client address). */
async function askReset(login: string, client = new Client(t.app)) {
  const res = await client.post("/api/auth/password-reset", { login });
  if (res.statusCode === 202) handled++;
  return res;
}

/** Waits for every reset request so far to be handled; returns the outcomes of the last `last`. */
const settled = async (last = 1) => (await resetsHandled(t, lines, handled)).slice(-last);

async function resetLink(login: string, address: string) {
  expect((await askReset(login)).statusCode).toBe(202);
  expect(await settled()).toEqual(["sent"]);
  return tokenIn(await receive(t, smtp, address, RESET_SUBJECT), "/reset-password");
}

const confirm = (token: string, password: string, client = new Client(t.app)) =>
  client.post("/api/auth/password-reset/confirm", { token, password });

async function passwordIs(id: string, password: string) {
  return verifyPassword((await userRow(t, id)).password, password);
}

describe("asking for a link", () => {
  it("answers the same whether the account exists, is unconfirmed, disabled, deleted or missing", async () => {
    const confirmed = await personWithAddress(t, true);
    const unconfirmed = await personWithAddress(t, false);
    const disabled = await personWithAddress(t, true);
    const deleted = await personWithAddress(t, true);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const logins = [
      confirmed.email.toUpperCase(),
      `  ${unconfirmed.username}  `,
      disabled.email,
      deleted.username,
      newAddress("nobody"),
      uniqueName("nobody"),
    ];
    const answers: LightMyRequestResponse[] = [];
    for (const login of logins) answers.push(await askReset(login));
    const shape = (res: LightMyRequestResponse) => {
      const { date: _date, ...headers } = res.headers;
      return { status: res.statusCode, body: res.body, headers, cookies: res.cookies };
    };
    for (const answer of answers) expect(shape(answer)).toEqual(shape(answers[0]!));
    expect(answers[0]!.statusCode).toBe(202);
    expect(answers[0]!.cookies).toEqual([]);

    expect(await settled(logins.length)).toEqual(
      expect.arrayContaining(["sent", "sent", "no_account", "no_account", "no_account", "no_account"]),
    );
    // The link goes to the account's own address, confirmed or not; nothing to the others.
    await receive(t, smtp, confirmed.email, RESET_SUBJECT);
    await receive(t, smtp, unconfirmed.email, RESET_SUBJECT);
    expect(await kindsTo(t, disabled.email)).not.toContain("password_reset");
    expect(await kindsTo(t, deleted.email)).not.toContain("password_reset");
    expect(smtp.to(disabled.email).filter((m) => m.subject === RESET_SUBJECT)).toEqual([]);
  });

  it("does the same whoever it names: one queued row, and nothing about the account until the reset job runs", async () => {
    const person = await personWithAddress(t, true);
    const nobody = newAddress("nobody");
    const queued = () => t.database.db.select().from(passwordResetRequests);
    expect(await queued()).toEqual([]);
    for (const login of [person.email, nobody]) expect((await askReset(login)).statusCode).toBe(202);
    // The request wrote its row and nothing else, however long one waits.
    expect((await queued()).map((r) => r.login).sort()).toEqual([person.email, nobody].sort());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resetLinks = () =>
      t.database.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, person.id), eq(accountTokens.purpose, "password_reset")));
    expect(await resetLinks()).toEqual([]);
    expect(await kindsTo(t, person.email)).not.toContain("password_reset");
    expect(await settled(2)).toEqual(["sent", "no_account"]);
    expect(await queued()).toEqual([]);
    expect(await resetLinks()).toHaveLength(1);
    await receive(t, smtp, person.email, RESET_SUBJECT);
  });

  // PostgreSQL: the request's one row goes to its own table, which a lock on users does not hold
  // up. PGlite runs one transaction at a time, so there every request waits for the lock holder.
  it.runIf(usingPostgres)(
    "answers before it reads anything about the account: the lookup waits for a locked users table",
    async () => {
      const person = await personWithAddress(t, true);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const locked = new Promise<void>((resolve) => {
        void t.database.db.transaction(async (tx) => {
          // PostgreSQL: no other transaction can read users until this one ends; PGlite runs one
          // transaction at a time, so nothing else reaches the database meanwhile.
          await tx.execute(sql`lock table users in access exclusive mode`);
          resolve();
          await released;
        });
      });
      await locked;
      // Ends the lock after a while if no answer came, so a broken server cannot hang the test.
      let lockGaveWay = false;
      const backstop = setTimeout(() => {
        lockGaveWay = true;
        release();
      }, 10_000);
      // Straight to the app: a Client first waits for the database's announcements, through the database.
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password-reset",
        payload: { login: person.email },
      });
      const answeredWhileLocked = !lockGaveWay;
      const handledWhileLocked = lines.filter((l) => l.msg === "password reset request handled").length;
      clearTimeout(backstop);
      release();
      expect(res.statusCode).toBe(202);
      expect(answeredWhileLocked).toBe(true);
      expect(handledWhileLocked).toBe(handled);
      handled++;
      expect(await settled()).toEqual(["sent"]);
      await receive(t, smtp, person.email, RESET_SUBJECT);
    },
  );

  it("sends one account at most 5 links an hour however many ask at once; every answer stays the same", async () => {
    const person = await personWithAddress(t, false);
    const answers = await Promise.all(Array.from({ length: 8 }, () => askReset(person.username)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect((await settled(8)).sort()).toEqual([...Array(3).fill("limited"), ...Array(5).fill("sent")]);
    expect((await kindsTo(t, person.email)).filter((k) => k === "password_reset")).toHaveLength(5);
  });

  it("limits one client address with a 429, whoever it asks about", async () => {
    const browser = new Client(t.app);
    const person = await personWithAddress(t, true);
    for (let i = 0; i < 3; i++) expect((await askReset(newAddress(), browser)).statusCode).toBe(202);
    const missing = await askReset(newAddress(), browser);
    const existing = await askReset(person.email, browser);
    expect(missing.statusCode).toBe(429);
    expect(existing.statusCode).toBe(429);
    expect(existing.body).toBe(missing.body);
    expect(existing.headers["retry-after"]).toBeDefined();
    await settled();
    expect(await kindsTo(t, person.email)).not.toContain("password_reset");
  });

  it("sends nothing for an account without an address, a look-alike address, or input that is no login", async () => {
    const { username } = await signUp(t.app);
    expect((await askReset(username)).statusCode).toBe(202);
    const latin = await personWithAddress(t, true, newAddress("anna"));
    // Cyrillic "а" (U+0430) in place of the Latin "a": another address, which no account has.
    const lookAlike = latin.email.replace("a", "\u0430");
    expect(lookAlike).not.toBe(latin.email);
    expect((await askReset(lookAlike)).statusCode).toBe(202);
    expect(await settled(2)).toEqual(["no_account", "no_account"]);
    expect(await kindsTo(t, latin.email)).not.toContain("password_reset");

    for (const login of ["", "   ", "x".repeat(10_000), `${"a".repeat(250)}@people.example`]) {
      const res = await new Client(t.app).post("/api/auth/password-reset", { login });
      expect(res.statusCode, login.slice(0, 20)).toBe(400);
    }
    expect((await new Client(t.app).post("/api/auth/password-reset", { login: 42 })).statusCode).toBe(400);
  });
});

describe("using the link", () => {
  it("sets the new password once, signs this browser in and every other session out, and tells the address", async () => {
    const person = await personWithAddress(t, false);
    const otherDevice = person.client;
    const token = await resetLink(person.email, person.email);
    const browser = new Client(t.app);
    const res = await confirm(token, "a-new-password-1", browser);
    expect(res.statusCode, res.body).toBe(200);
    // Using the link proved the mailbox: the address is confirmed now.
    expect(res.json().user).toMatchObject({ username: person.username, email: person.email, emailVerified: true });
    expect((await browser.get("/api/auth/current-user")).json()).toMatchObject({ username: person.username });
    expect((await otherDevice.get("/api/auth/current-user")).statusCode).toBe(401);

    const signIn = (password: string) =>
      new Client(t.app).post("/api/auth/login", { username: person.username, password });
    expect((await signIn(person.password)).statusCode).toBe(401);
    expect((await signIn("a-new-password-1")).statusCode).toBe(200);
    const notice = await receive(t, smtp, person.email, CHANGED_SUBJECT);
    expect(notice.text).toContain("/forgot-password");

    const again = await confirm(token, "a-third-password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      reason: "link_expired",
      message: "This link has expired or was already used. Ask for a new one.",
    });
    expect(await passwordIs(person.id, "a-new-password-1")).toBe(true);
  });

  it("with a second factor, says the second step comes next and gives scripts the field (issue 66 §9)", async () => {
    const person = await personWithAddress(t, true);
    const setup = await person.client.post("/api/auth/second-factor/totp/setup");
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json<{ secret: string }>().secret) });
    const enrolled = await person.client.post("/api/auth/second-factor/totp/confirm", {
      code: totp.generate(),
      password: person.password,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const token = await resetLink(person.email, person.email);
    const browser = new Client(t.app);
    const res = await confirm(token, "after-reset-2fa", browser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      "Your password was changed and every other device was signed out. Enter your second factor to finish signing in.",
    );
    expect(res.json().user).toMatchObject({ username: person.username, secondFactorPending: true });
    // Half signed in, as the answer says: the second step is all it may do.
    expect((await browser.get("/api/user-tokens")).statusCode).toBe(403);
    expect((await browser.get("/api/auth/current-user")).json()).toMatchObject({ secondFactorPending: true });
  });

  it("refuses an expired link, a forged one, and a confirmation link used as a reset link", async () => {
    const person = await personWithAddress(t, false);
    const token = await resetLink(person.username, person.email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, person.id), eq(accountTokens.purpose, "password_reset")));
    const verifyToken = tokenIn(await receive(t, smtp, person.email, "Confirm your e-mail address"), "/verify-email");
    for (const forged of [token, verifyToken, `${token.slice(0, -1)}A`, "x".repeat(43)]) {
      const res = await confirm(forged, "another-password");
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe("link_expired");
    }
    for (const bad of ["", "x".repeat(10_000)]) expect((await confirm(bad, "another-password")).statusCode).toBe(400);
    expect(await passwordIs(person.id, person.password)).toBe(true);
    // The confirmation link was not used up by the attempt: it still confirms the address.
    const verified = await new Client(t.app).post("/api/auth/verify-email", { token: verifyToken });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("keeps the password rules of registration", async () => {
    const person = await personWithAddress(t, true);
    const token = await resetLink(person.email, person.email);
    for (const password of ["", "short", "x".repeat(201)])
      expect((await confirm(token, password)).statusCode).toBe(400);
    expect((await confirm(token, "long-enough")).statusCode).toBe(200);
  });

  it("a link of account A changes A only, also when B is signed in in that browser (B's session there ends)", async () => {
    const a = await personWithAddress(t, true);
    const b = await personWithAddress(t, true);
    const token = await resetLink(a.email, a.email);
    const res = await confirm(token, "a-password-for-a", b.client);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(a.username);
    expect((await b.client.get("/api/auth/current-user")).json().username).toBe(a.username);
    expect(await passwordIs(b.id, b.password)).toBe(true);
    expect(await passwordIs(a.id, "a-password-for-a")).toBe(true);
  });

  it("two uses of one link at once: exactly one wins, and its password is the one set", async () => {
    const person = await personWithAddress(t, true);
    const token = await resetLink(person.email, person.email);
    const [first, second] = await Promise.all([confirm(token, "first-password"), confirm(token, "second-password")]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const winner = first.statusCode === 200 ? "first-password" : "second-password";
    const loser = first.statusCode === 200 ? "second-password" : "first-password";
    expect(await passwordIs(person.id, winner)).toBe(true);
    expect(await passwordIs(person.id, loser)).toBe(false);
  });

  it("one link used ends the others; a password changed on My Account ends them too and tells the address", async () => {
    const person = await personWithAddress(t, true);
    const first = await resetLink(person.email, person.email);
    smtp.clear();
    const second = await resetLink(person.email, person.email);
    expect((await confirm(second, "from-the-second-link")).statusCode).toBe(200);
    expect((await confirm(first, "from-the-first-link")).statusCode).toBe(400);

    smtp.clear();
    const third = await resetLink(person.email, person.email);
    const signedIn = new Client(t.app);
    await signedIn.post("/api/auth/login", { username: person.username, password: "from-the-second-link" });
    const changed = await signedIn.put("/api/user/change-password", {
      currentPassword: "from-the-second-link",
      newPassword: "changed-on-my-account",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(third, "from-the-third-link")).statusCode).toBe(400);
    await receive(t, smtp, person.email, CHANGED_SUBJECT);
  });

  it("does nothing for an account disabled or deleted after the link was sent", async () => {
    for (const change of [{ isActive: false }, { deletedAt: new Date() }]) {
      const person = await personWithAddress(t, true);
      const token = await resetLink(person.email, person.email);
      await t.database.db.update(users).set(change).where(eq(users.id, person.id));
      const res = await confirm(token, "not-for-a-closed-account");
      expect(res.statusCode).toBe(400);
      expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
      expect(await passwordIs(person.id, person.password)).toBe(true);
    }
  });
});

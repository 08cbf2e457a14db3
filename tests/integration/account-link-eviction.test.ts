/**
 * An intruder who once had the password asks to move the account to their own address; the owner
 * acts on the notice. Whatever the owner does that should evict them (a new password, a reset by
 * mail, signing out everywhere, the admin disabling the account, a second factor added or removed,
 * the notice's "this was not me") ends the intruder's change-of-address link with their session
 * (issue 66 §1, decision 0128). Against a real SMTP server: the links are read from the mail.
 */
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import {
  mailingApp,
  newAddress,
  personWithAddress,
  receive,
  resetsHandled,
  tokenIn,
  userRow,
} from "../helpers/mail-links.js";
import { Client, signInAdmin, uniqueName, type TestApp } from "../helpers/test-app.js";

const CHANGE_SUBJECT = "Confirm your new e-mail address";
const PENDING_SUBJECT = "A new e-mail address was asked for your account";
const RESET_SUBJECT = "Reset your Veo Studio password";

let smtp: SmtpFake;
let t: TestApp;
let lines: Record<string, unknown>[];

beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t, lines } = await mailingApp(smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const signedIn = async (client: Client) => (await client.get("/api/auth/current-user")).statusCode === 200;
const confirmChange = (token: string, client = new Client(t.app)) =>
  client.post("/api/auth/confirm-email-change", { token });

/**
 * The owner (a confirmed address, signed in) and an intruder signed in with the same password, who
 * has asked to move the account to their own address: the link in their mailbox, and the notice
 * with its cancel link in the owner's.
 */
async function intrudedAccount() {
  const owner = await personWithAddress(t, true);
  const intruder = new Client(t.app);
  expect(
    (await intruder.post("/api/auth/login", { username: owner.username, password: owner.password })).statusCode,
  ).toBe(200);
  const theirs = newAddress("intruder");
  const asked = await intruder.post("/api/user/email", { email: theirs, currentPassword: owner.password });
  expect(asked.statusCode, asked.body).toBe(202);
  const changeToken = tokenIn(await receive(t, smtp, theirs, CHANGE_SUBJECT), "/confirm-email");
  const notice = await receive(t, smtp, owner.email, PENDING_SUBJECT);
  return { owner, intruder, theirs, changeToken, notice };
}

/** The intruder's link does nothing now: the account keeps the owner's address. */
async function expectChangeRefused(changeToken: string, ownerId: string, ownerEmail: string) {
  const res = await confirmChange(changeToken);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().reason).toBe("link_expired");
  expect((await userRow(t, ownerId)).email).toBe(ownerEmail);
}

describe("a pending change of address", () => {
  it("ends when the owner changes the password", async () => {
    const { owner, intruder, changeToken } = await intrudedAccount();
    const changed = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "a-new-password-1",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await signedIn(intruder)).toBe(false);
    await expectChangeRefused(changeToken, owner.id, owner.email);
    expect(await signedIn(owner.client)).toBe(true);
  });

  it("ends when the owner resets the password by mail", async () => {
    const { owner, intruder, changeToken } = await intrudedAccount();
    expect((await new Client(t.app).post("/api/auth/password-reset", { login: owner.email })).statusCode).toBe(202);
    // The link is written once the answer has gone.
    expect(await resetsHandled(t, lines, 1)).toEqual(["sent"]);
    const resetToken = tokenIn(await receive(t, smtp, owner.email, RESET_SUBJECT), "/reset-password");
    const reset = await new Client(t.app).post("/api/auth/password-reset/confirm", {
      token: resetToken,
      password: "a-new-password-2",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await signedIn(intruder)).toBe(false);
    await expectChangeRefused(changeToken, owner.id, owner.email);
  });

  it("ends when the owner signs out the other devices", async () => {
    const { owner, intruder, changeToken } = await intrudedAccount();
    expect((await owner.client.delete("/api/user/sessions")).statusCode).toBe(200);
    expect(await signedIn(intruder)).toBe(false);
    await expectChangeRefused(changeToken, owner.id, owner.email);
  });

  it("ends when an admin signs the account out everywhere, or disables it", async () => {
    const admin = await signInAdmin(t, uniqueName("adm"), "admin-pass");
    for (const action of ["sign-out", "disable"] as const) {
      const { owner, intruder, changeToken } = await intrudedAccount();
      const res =
        action === "sign-out"
          ? await admin.delete(`/api/admin/users/${owner.id}/sessions`)
          : await admin.put(`/api/admin/users/${owner.id}/toggle`, { isActive: false });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      expect(await signedIn(intruder)).toBe(false);
      if (action === "disable") await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, owner.id));
      await expectChangeRefused(changeToken, owner.id, owner.email);
    }
  });

  it("ends when a second factor is added, and when one is removed", async () => {
    for (const step of ["add", "remove"] as const) {
      const owner = await personWithAddress(t, true);
      const setup = await owner.client.post("/api/auth/second-factor/totp/setup");
      expect(setup.statusCode, setup.body).toBe(200);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json<{ secret: string }>().secret) });
      const enrol = async () =>
        expect(
          (
            await owner.client.post("/api/auth/second-factor/totp/confirm", {
              code: totp.generate(),
              password: owner.password,
            })
          ).statusCode,
        ).toBe(200);
      if (step === "remove") await enrol();
      // The change asked for from this very session (after the second factor, when there is one).
      const theirs = newAddress("intruder");
      const asked = await owner.client.post("/api/user/email", { email: theirs, currentPassword: owner.password });
      expect(asked.statusCode, asked.body).toBe(202);
      const changeToken = tokenIn(await receive(t, smtp, theirs, CHANGE_SUBJECT), "/confirm-email");
      if (step === "add") await enrol();
      else expect((await owner.client.delete("/api/auth/second-factor/totp")).statusCode).toBe(200);
      await expectChangeRefused(changeToken, owner.id, owner.email);
    }
  });

  it("is refused when asked for before the last password change, or when the account is disabled", async () => {
    // As if the password had changed without the links being ended: the link is still refused.
    const { owner, changeToken } = await intrudedAccount();
    await t.database.db
      .update(users)
      .set({ passwordChangedAt: sql`now()` })
      .where(eq(users.id, owner.id));
    await expectChangeRefused(changeToken, owner.id, owner.email);

    const other = await intrudedAccount();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, other.owner.id));
    const refused = await confirmChange(other.changeToken);
    expect(refused.json().reason).toBe("link_expired");
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, other.owner.id));
    // Active again, the link was used by nothing: it still works for its account.
    expect((await confirmChange(other.changeToken)).statusCode).toBe(200);
  });

  it("ends with every session when the old address says it was not them", async () => {
    const { owner, intruder, changeToken, notice } = await intrudedAccount();
    expect(notice.text).toContain("If this was not you, cancel the change");
    const cancelToken = tokenIn(notice, "/cancel-email-change");
    const cancelled = await new Client(t.app).post("/api/auth/cancel-email-change", { token: cancelToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ username: owner.username });
    expect(await signedIn(intruder)).toBe(false);
    expect(await signedIn(owner.client)).toBe(false);
    await expectChangeRefused(changeToken, owner.id, owner.email);
    const again = await new Client(t.app).post("/api/auth/cancel-email-change", { token: cancelToken });
    expect(again.json().reason).toBe("link_expired");
  });
});

describe("other links", () => {
  it("a confirmation and a reset link end with a password change", async () => {
    const person = await personWithAddress(t, false);
    const verifyToken = tokenIn(await receive(t, smtp, person.email, "Confirm your e-mail address"), "/verify-email");
    const changed = await person.client.put("/api/user/change-password", {
      currentPassword: person.password,
      newPassword: "a-new-password-3",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await new Client(t.app).post("/api/auth/verify-email", { token: verifyToken });
    expect(res.json().reason).toBe("link_expired");
  });
});

describe("a confirmed change of address", () => {
  it("ends the account's other sessions, and its cancel link", async () => {
    const person = await personWithAddress(t, true);
    const elsewhere = new Client(t.app);
    expect(
      (await elsewhere.post("/api/auth/login", { username: person.username, password: person.password })).statusCode,
    ).toBe(200);
    const next = newAddress("moving");
    expect(
      (await person.client.post("/api/user/email", { email: next, currentPassword: person.password })).statusCode,
    ).toBe(202);
    const token = tokenIn(await receive(t, smtp, next, CHANGE_SUBJECT), "/confirm-email");
    const cancelToken = tokenIn(await receive(t, smtp, person.email, PENDING_SUBJECT), "/cancel-email-change");
    // Confirmed in the browser that asked: it stays signed in; the other one does not.
    expect((await confirmChange(token, person.client)).statusCode).toBe(200);
    expect(await signedIn(person.client)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await userRow(t, person.id)).email).toBe(next);
    const late = await new Client(t.app).post("/api/auth/cancel-email-change", { token: cancelToken });
    expect(late.json().reason).toBe("link_expired");
  });
});

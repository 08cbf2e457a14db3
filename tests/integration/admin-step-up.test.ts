/**
 * Admin actions that mint money, read sign-in links, let someone in or lock them out, or take a
 * protection away ask for a recent second factor (issue 66 §2, decision 0129). Every admin route
 * that changes state declares step-up or stands on the list below with why it need not; a session
 * whose check has lapsed (a borrowed or stolen cookie) is refused each of them and changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminSettings,
  creditPackages,
  sessions,
  sessionSecondFactors,
  totpCredentials,
  users,
} from "../../src/server/db/schema.js";
import { createTestApp, signInAdmin, signUp, uniqueName, type TestApp } from "../helpers/test-app.js";

/**
 * Admin writes that need no fresh check, each with why: none moves money, reveals a secret or a
 * sign-in link, lets anyone in or keeps anyone out.
 */
const WITHOUT_STEP_UP: Record<string, string> = {
  "PUT /api/admin/users/:userId/in-flight-limit": "how many videos one person may have in progress: fair use, no money",
  "DELETE /api/admin/users/:userId/api-tokens/:tokenId": "takes a way in away, never gives one",
  "POST /api/admin/kie-apis/:id/check-credits": "asks KIE for a stored key's balance: changes nothing here",
  "DELETE /api/admin/delete-failed-videos": "removes failed videos' rows; their ledger rows stay",
  "POST /api/admin/mail/test": "sends a fixed test message to an address the admin types",
  "POST /api/admin/mail/:id/retry": "sends a kept message again to its own recipient; shows nothing",
  "POST /api/admin/mail/:id/new-link":
    "sends a new reset or confirmation link to the account's own address; shows nothing",
  "POST /api/admin/users/:userId/password-reset": "sends a reset link to the account's own address; shows nothing",
  "POST /api/admin/moderation/:id/review": "marks a screened prompt as looked at",
  "PUT /api/admin/legal/:page/:locale": "the public text of a legal page",
  "PUT /api/admin/showcase": "which finished videos the landing page shows",
  "PUT /api/admin/showcase/model-samples/:model": "which finished video shows beside a model: no money, no way in",
  "POST /api/admin/explore/:taskId":
    "moderates a published video (approve, hide, feature, delete): no money, no way in",
  "POST /api/test-telegram": "sends a test message to the chat already set",
};

/** Reads that reveal what a stolen cookie must not see on its own: a kept message may hold a sign-in link. */
const SENSITIVE_READS = ["GET /api/admin/mail/:id", "GET /api/admin/exports/users.csv"];

/** What issue 66 §2 names, on top of the credit change and the settings with secrets. */
const NAMED = [
  "POST /api/admin/credit-packages",
  "PUT /api/admin/credit-packages/:id",
  "DELETE /api/admin/credit-packages/:id",
  "GET /api/admin/mail/:id",
  "PUT /api/admin/users/:userId/toggle",
  "PUT /api/admin/settings/moderation",
  "DELETE /api/admin/users/:userId/sessions",
  "POST /api/admin/recheck-failed-videos",
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the admin routes' second factor", () => {
  it("is a fresh check on every admin write but those listed with why, and on the reads that reveal", () => {
    const table = t.app.routeAccessTable.filter((r) => r.access === "admin");
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const writes = table.filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    const missing = writes.filter((r) => r.secondFactor !== "step-up" && !(key(r) in WITHOUT_STEP_UP)).map(key);
    expect(missing, "admin writes with neither step-up nor a line in WITHOUT_STEP_UP").toEqual([]);
    // The list holds routes that exist and do not ask for it anyway.
    for (const listed of Object.keys(WITHOUT_STEP_UP)) {
      const route = writes.find((r) => key(r) === listed);
      expect(route, `${listed} is an admin write`).toBeDefined();
      expect(route!.secondFactor, listed).toBeUndefined();
    }
    for (const name of [...NAMED, ...SENSITIVE_READS])
      expect(table.find((r) => key(r) === name)?.secondFactor, name).toBe("step-up");
  });

  it("refuses a lapsed session each named action, and nothing changes", async () => {
    const username = uniqueName("adm");
    const admin = await signInAdmin(t, username, "admin-pass");
    const [me] = await t.database.db.select().from(users).where(eq(users.username, username));
    const setup = await admin.post("/api/auth/second-factor/totp/setup");
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json<{ secret: string }>().secret) });
    const confirm = await admin.post("/api/auth/second-factor/totp/confirm", {
      code: totp.generate(),
      password: "admin-pass",
    });
    expect(confirm.statusCode).toBe(200);

    const person = await signUp(t.app);
    const [target] = await t.database.db.select().from(users).where(eq(users.username, person.username));
    const [pack] = await t.database.db
      .insert(creditPackages)
      .values({ name: "Kept", credits: 100, price: "9.99" })
      .returning();
    // A kept message (no mail server): the test message the admin sends.
    expect((await admin.post("/api/admin/mail/test", { to: "owner@people.example" })).statusCode).toBe(200);
    const kept = (await admin.get("/api/admin/mail")).json<{ data: { id: string }[] }>().data[0]!;
    const screening = await t.database.db.select().from(adminSettings);

    // Twenty minutes after the last check: a cookie taken from this browser.
    await t.database.db
      .update(sessionSecondFactors)
      .set({ verifiedAt: sql`now() - interval '20 minutes'` })
      .where(sql`${sessionSecondFactors.sessionId} in (select id from sessions where user_id = ${me!.id})`);
    const attempts: [string, () => Promise<{ statusCode: number; json(): { code?: string } }>][] = [
      [
        "a package",
        () => admin.post("/api/admin/credit-packages", { name: "Mint", credits: 10_000_000, price: "0.01" }),
      ],
      [
        "a package changed",
        () => admin.put(`/api/admin/credit-packages/${pack!.id}`, { name: "Kept", credits: 10_000_000, price: "0.01" }),
      ],
      ["a package removed", () => admin.delete(`/api/admin/credit-packages/${pack!.id}`)],
      ["a kept message", () => admin.get(`/api/admin/mail/${kept.id}`)],
      ["an account disabled", () => admin.put(`/api/admin/users/${target!.id}/toggle`, { isActive: false })],
      ["screening off", () => admin.put("/api/admin/settings/moderation", { enabled: false })],
      ["signed out everywhere", () => admin.delete(`/api/admin/users/${target!.id}/sessions`)],
      ["failed videos re-checked", () => admin.post("/api/admin/recheck-failed-videos")],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect(res.statusCode, what).toBe(403);
      expect(res.json().code, what).toBe("second_factor_required");
    }
    const packs = await t.database.db.select().from(creditPackages);
    expect(packs.map((p) => [p.name, p.credits])).toEqual([["Kept", 100]]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, target!.id));
    expect(after!.isActive).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, target!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(adminSettings)).toEqual(screening);

    // A fresh check lets the same session do it (as if the next 30 seconds had come: a code is used once).
    await t.database.db.update(totpCredentials).set({ lastUsedStep: null }).where(eq(totpCredentials.userId, me!.id));
    expect(
      (await admin.post("/api/auth/second-factor/verify", { method: "totp", code: totp.generate() })).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/admin/mail/${kept.id}`)).statusCode).toBe(200);
  });
});

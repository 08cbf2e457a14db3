/**
 * The welcome grant (issue 70, decision 0155), tested as a farmer would try it: a person who
 * confirms their address through the link in the received mail gets one Fast video's credits as a
 * lot that expires; the same mailbox in any spelling, a re-made account, a throwaway domain, many
 * sign-ups from one address or one network, and parallel asks all get no more than the rules allow.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminSettings, creditLots, transactions, users, welcomeGrants } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import { mailboxOf, networkOf } from "../../src/server/features/welcome/welcome-address.js";
import { grantWelcome, welcomeCredits } from "../../src/server/features/welcome/welcome-grant.js";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { mailingApp, newAddress, receive, tokenIn } from "../helpers/mail-links.js";
import { Client, signUp, type TestApp } from "../helpers/test-app.js";

const DAY = 24 * 60 * 60 * 1000;
let smtp: SmtpFake;
let t: TestApp;
let serial = 0;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpFake();
  ({ t } = await mailingApp(smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.clear();
  // Each test starts with no grants counted against the test's addresses and networks.
  await db().delete(welcomeGrants);
  await db().update(adminSettings).set({
    welcomeGrantEnabled: true,
    welcomeGrantCredits: null,
    welcomeGrantsPerAddress: 2,
    welcomeGrantsPerNetwork: 5,
  });
});
afterEach(() => expectLedgerBalanced(db()));

const settings = () => readSettingsFromDatabase(db(), t.secretBox);

async function account(email: string): Promise<string> {
  const [row] = await db()
    .insert(users)
    .values({ username: `welcome_${Date.now().toString(36)}_${serial++}`, password: "x", email, emailVerified: true })
    .returning({ id: users.id });
  return row!.id;
}

const ask = async (userId: string, email: string, clientAddress: string) => {
  const s = await settings();
  return db().transaction((tx) => grantWelcome(tx, t.secretBox, s, { userId, email, clientAddress }));
};

const balance = async (userId: string) =>
  (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;

describe("a person who confirms their address", () => {
  it("gets one Fast video's credits through the link in their mail, as a lot that expires, once", async () => {
    const email = newAddress();
    const { username } = await signUp(t.app, { email });
    const [row] = await db().select().from(users).where(eq(users.username, username));
    expect(row!.credits).toBe(0);
    const token = tokenIn(await receive(t, smtp, email, "Confirm your e-mail address"), "/verify-email");
    const confirmed = await new Client(t.app).post("/api/auth/verify-email", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const credits = welcomeCredits(await settings());
    expect(credits).toBeGreaterThan(0);
    expect(await balance(row!.id)).toBe(credits);
    const [lot] = await db().select().from(creditLots).where(eq(creditLots.userId, row!.id));
    expect(lot).toMatchObject({ kind: "welcome", remaining: credits });
    const days = (lot!.expiresAt!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // Asked again (another link, a Google sign-in later): nothing more.
    expect(await ask(row!.id, email, "203.0.113.9")).toEqual({ kind: "already" });
    expect(await balance(row!.id)).toBe(credits);
  });

  it("gets what the admin set, or nothing while the grant is off", async () => {
    await db().update(adminSettings).set({ welcomeGrantCredits: 7, welcomeGrantDays: 3 });
    const a = await account(newAddress());
    const granted = await ask(a, "kim@people.example", "198.51.100.7");
    expect(granted).toMatchObject({ kind: "granted", credits: 7 });
    // /pricing tells a visitor what a new account gets (read through the settings' cache).
    const offer = async () => (await new Client(t.app).get("/api/pricing/current")).json().welcome_grant;
    await vi.waitFor(async () => expect(await offer()).toEqual({ credits: 7, days: 3 }));
    await db().update(adminSettings).set({ welcomeGrantEnabled: false });
    const b = await account(newAddress());
    expect(await ask(b, "lee@people.example", "198.51.100.8")).toEqual({ kind: "off" });
    expect(await balance(b)).toBe(0);
    await vi.waitFor(async () => expect(await offer()).toBeNull());
    await db().update(adminSettings).set({ welcomeGrantDays: 14 });
  });
});

describe("farming", () => {
  it("one mailbox in any spelling is granted once, also to an account made again after deleting one", async () => {
    const spellings = ["Ann.Lee@gmail.com", "annlee+promo@gmail.com", "a.n.n.l.e.e@googlemail.com", "ANNLEE@GMAIL.COM"];
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(["annlee@gmail.com"]));
    const outcomes = [];
    for (const [i, email] of spellings.entries())
      outcomes.push(await ask(await account(`x${i}@x.example`), email, `192.0.2.${i + 1}`));
    expect(outcomes.map((o) => o.kind)).toEqual(["granted", "already", "already", "already"]);
    // The granted account is deleted (its row anonymised); a new one with the same address gets none.
    const [first] = await db().select().from(welcomeGrants).where(eq(welcomeGrants.outcome, "granted"));
    await db().update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, first!.userId!));
    expect((await ask(await account("again@x.example"), "annlee@gmail.com", "192.0.2.99")).kind).toBe("already");
    // The table names nobody: no address in it.
    expect(JSON.stringify(await db().select().from(welcomeGrants))).not.toMatch(/annlee|gmail/i);
  });

  it("50 sign-ups from one client address earn at most its daily limit; throwaway domains none", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 50; i++) {
      const email =
        i % 3 === 0
          ? `farm${i}@mailinator.com`
          : i % 3 === 1
            ? `farmer+${i}@people.example`
            : `farm.${i}@people.example`;
      outcomes.push((await ask(await account(`f${i}@x.example`), email, "203.0.113.50")).kind);
    }
    expect(outcomes.filter((o) => o === "granted")).toHaveLength(2);
    expect(outcomes.filter((o) => o === "throwaway")).toHaveLength(17);
    // farmer+N is one mailbox: after its one grant, the rest are "already", never the limit's.
    expect(outcomes.filter((o) => o === "address_limit").length).toBeGreaterThan(0);
  });

  it("one network's addresses together earn at most its daily limit", async () => {
    const outcomes: string[] = [];
    for (let i = 1; i <= 8; i++)
      outcomes.push((await ask(await account(`n${i}@x.example`), `net${i}@people.example`, `198.18.7.${i}`)).kind);
    expect(outcomes).toEqual([...Array(5).fill("granted"), ...Array(3).fill("network_limit")]);
    expect(networkOf("198.18.7.200")).toBe("198.18.7.0/24");
    expect(networkOf("::ffff:198.18.7.3")).toBe("198.18.7.0/24");
    expect(networkOf("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
  });

  it("parallel asks: one grant per person, and never past a network's limit", async () => {
    const person = await account("race@x.example");
    const same = await Promise.all(
      Array.from({ length: 20 }, () => ask(person, "racer@people.example", "192.0.2.200")),
    );
    expect(same.filter((o) => o.kind === "granted")).toHaveLength(1);
    expect(await balance(person)).toBe(welcomeCredits(await settings()));
    const many = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        ask(await account(`p${i}@x.example`), `par${i}@people.example`, `100.64.9.${i + 1}`),
      ),
    );
    expect(many.filter((o) => o.kind === "granted")).toHaveLength(5);
    const grants = await db()
      .select({ n: sql<number>`count(*)::integer` })
      .from(transactions)
      .where(
        and(
          eq(transactions.type, "welcome"),
          sql`${transactions.userId} in (select id from users where email like 'p%@x.example')`,
        ),
      );
    expect(grants[0]!.n).toBe(5);
  });
});

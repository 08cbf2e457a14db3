/**
 * Codes (issue 70, decision 0156), tested as a farmer or a racing client would try them: a grant
 * code redeemed by many at once is granted exactly as often as it may be, a person gets each code
 * once, guessing is slowed then refused, and every refusal says why; the admin makes codes one at
 * a time or in a batch, exports them, changes them, and sees each code's figures and redemptions.
 * The ledger balances after every test.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  adminSettings,
  creditLots,
  creditPackages,
  paymentOrders,
  promoCodeFailures,
  promoCodeRedemptions,
  promoCodes,
  transactions,
  users,
} from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { CODE_ALPHABET, normaliseCode } from "../../src/server/features/codes/code-format.js";
import {
  markDiscountPaid,
  quoteDiscount,
  releaseDiscount,
  reserveDiscount,
  type DiscountTarget,
} from "../../src/server/features/codes/discounts.js";
import { PER_DAY, sweepGuessFailures } from "../../src/server/features/codes/guess-limits.js";
import { AppError } from "../../src/server/http/errors.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

const DAY = 24 * 3600_000;
let t: TestApp;
let admin: Client;
let packageId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const [pkg] = await db()
    .insert(creditPackages)
    .values({ name: "Codes pack", credits: 100, price: "20.00" })
    .returning();
  packageId = pkg!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(promoCodeFailures);
  await db().update(adminSettings).set({ codesEnabled: true });
});
afterEach(() => expectLedgerBalanced(db()));

interface Person {
  id: string;
  client: Client;
  username: string;
}

/** A signed-up person whose address is confirmed (or not). */
async function person(verified = true): Promise<Person> {
  const { client, username } = await signUp(t.app, { email: `${crypto.randomUUID()}@people.example` });
  const [row] = await db()
    .update(users)
    .set({ emailVerified: verified })
    .where(eq(users.username, username))
    .returning({ id: users.id });
  return { id: row!.id, client, username };
}

type CodeView = {
  id: string;
  code: string;
  display: string;
  uses: number;
  creditsGranted: number;
  revenueCents: number;
};

async function makeCode(body: Record<string, unknown>): Promise<CodeView> {
  const res = await admin.post("/api/admin/codes", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CodeView>();
}

const redeem = (p: Person, code: string) => p.client.post("/api/codes/redeem", { code });
const balance = async (userId: string) =>
  (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;
const codeRow = async (id: string) => (await db().select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!;
const reason = (body: string) => JSON.parse(body).reason as string | undefined;

describe("redeeming a grant code", () => {
  it("adds its credits as a lot that expires after the code's days, records and audits it", async () => {
    const p = await person();
    const code = await makeCode({ kind: "grant", credits: 150, creditDays: 10, label: "launch" });
    expect(code.display).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // Typed in lower case with spaces instead of dashes.
    const res = await redeem(p, ` ${code.display.toLowerCase().replaceAll("-", " ")} `);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ code: string; credits: number; expiresAt: string; balance: number }>();
    expect(body).toMatchObject({ code: code.display, credits: 150, balance: 150 });
    const days = (Date.parse(body.expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(9.99);
    expect(days).toBeLessThanOrEqual(10);
    const [lot] = await db().select().from(creditLots).where(eq(creditLots.userId, p.id));
    expect(lot).toMatchObject({ kind: "code", remaining: 150 });
    const [redemption] = await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id));
    expect(redemption).toMatchObject({ status: "granted", credits: 150, via: "web", personId: p.id });
    expect(redemption!.transactionId).not.toBeNull();
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "code.redeem"), eq(adminAuditLog.targetId, code.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: p.id, adminUsername: p.username, targetType: "promo_code" });
    const created = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "code.create"), eq(adminAuditLog.targetId, code.id)));
    expect(created).toHaveLength(1);
    // The admin's figures.
    const view = (await admin.get(`/api/admin/codes/${code.id}`)).json<CodeView>();
    expect(view).toMatchObject({ uses: 1, creditsGranted: 150 });
    const again = await redeem(p, code.code);
    expect(again.statusCode).toBe(409);
    expect(reason(again.body)).toBe("code_already_used");
    expect(JSON.parse(again.body).message).toBe("You have already used this code.");
  });

  it("20 people at once on a single-use code: one grant, 19 clear refusals", async () => {
    const code = await makeCode({ kind: "grant", credits: 40, maxUses: 1 });
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const answers = await Promise.all(people.map((p) => redeem(p, code.code)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(409);
      expect(reason(a.body)).toBe("code_used_up");
    }
    expect((await codeRow(code.id)).uses).toBe(1);
    const rows = await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id));
    expect(rows).toHaveLength(1);
    const granted = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(
        and(
          eq(transactions.type, "code"),
          inArray(
            transactions.userId,
            people.map((p) => p.id),
          ),
        ),
      );
    expect(granted[0]!.n).toBe(1);
    const balances = await Promise.all(people.map((p) => balance(p.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it("one person redeeming two different codes at once gets both, exactly", async () => {
    const p = await person();
    const a = await makeCode({ kind: "grant", credits: 30, maxUses: 5 });
    const b = await makeCode({ kind: "grant", credits: 70, creditDays: null });
    const [ra, rb] = await Promise.all([redeem(p, a.code), redeem(p, b.code)]);
    expect(ra.statusCode, ra.body).toBe(200);
    expect(rb.statusCode, rb.body).toBe(200);
    expect(await balance(p.id)).toBe(100);
    const rows = await db().select().from(transactions).where(eq(transactions.userId, p.id));
    expect(rows.map((r) => r.amount).sort()).toEqual([30, 70]);
    expect(rows.find((r) => r.amount === 70)!.expiresAt).toBeNull();
  });

  it("the same once-per-person code twice at once by one person: one grant, one 409", async () => {
    const p = await person();
    const code = await makeCode({ kind: "grant", credits: 25 });
    const answers = await Promise.all([redeem(p, code.code), redeem(p, code.code), redeem(p, code.code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(reason(a.body)).toBe("code_already_used");
    expect(await balance(p.id)).toBe(25);
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("a code that is not once per person may be used again by the same person, up to its uses", async () => {
    const p = await person();
    const code = await makeCode({ kind: "grant", credits: 5, oncePerPerson: false, maxUses: 2 });
    expect((await redeem(p, code.code)).statusCode).toBe(200);
    expect((await redeem(p, code.code)).statusCode).toBe(200);
    const third = await redeem(p, code.code);
    expect(third.statusCode).toBe(409);
    expect(reason(third.body)).toBe("code_used_up");
    expect(await balance(p.id)).toBe(10);
  });

  it("refuses, saying why: unverified, codes off, expired, not yet valid, switched off, first purchase only, a discount", async () => {
    const code = await makeCode({ kind: "grant", credits: 5 });
    const unverified = await person(false);
    const u = await redeem(unverified, code.code);
    expect(u.statusCode).toBe(403);
    expect(reason(u.body)).toBe("code_needs_verified_email");

    const p = await person();
    await db().update(adminSettings).set({ codesEnabled: false });
    const off = await redeem(p, code.code);
    expect(off.statusCode).toBe(403);
    expect(reason(off.body)).toBe("codes_off");
    await db().update(adminSettings).set({ codesEnabled: true });

    const expired = await makeCode({
      kind: "grant",
      credits: 5,
      validFrom: new Date(Date.now() - 2 * DAY).toISOString(),
      validUntil: new Date(Date.now() - DAY).toISOString(),
    });
    const e = await redeem(p, expired.code);
    expect(e.statusCode).toBe(422);
    expect(reason(e.body)).toBe("code_expired");

    const later = await makeCode({ kind: "grant", credits: 5, validFrom: new Date(Date.now() + DAY).toISOString() });
    const l = await redeem(p, later.code);
    expect(l.statusCode).toBe(422);
    expect(reason(l.body)).toBe("code_not_yet_valid");

    const switchedOff = await makeCode({ kind: "grant", credits: 5 });
    expect((await admin.patch(`/api/admin/codes/${switchedOff.id}`, { disabled: true })).statusCode).toBe(200);
    const d = await redeem(p, switchedOff.code);
    expect(d.statusCode).toBe(422);
    expect(reason(d.body)).toBe("code_disabled");

    const firstOnly = await makeCode({ kind: "grant", credits: 5, firstPurchaseOnly: true });
    await db().insert(paymentOrders).values({
      userId: p.id,
      packageId,
      packageName: "Codes pack",
      provider: "paypal",
      amount: "20.00",
      credits: 1,
      status: "completed",
    });
    const f = await redeem(p, firstOnly.code);
    expect(f.statusCode).toBe(422);
    expect(reason(f.body)).toBe("code_first_purchase_only");
    const newcomer = await person();
    expect((await redeem(newcomer, firstOnly.code)).statusCode).toBe(200);

    const discount = await makeCode({ kind: "discount", percentOff: 10 });
    const x = await redeem(p, discount.code);
    expect(x.statusCode).toBe(422);
    expect(reason(x.body)).toBe("code_is_discount");
    expect(await balance(p.id)).toBe(0);
    // None of these were wrong guesses.
    expect(await db().select().from(promoCodeFailures)).toEqual([]);
  });

  it("redeems through the automation API with a bearer token, recorded as api", async () => {
    const p = await person();
    const token = (await p.client.post("/api/user-tokens", { name: "n8n" })).json<{ token: string }>().token;
    const code = await makeCode({ kind: "grant", credits: 60, creditDays: 30 });
    const send = (c: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/n8n/codes/redeem",
        headers: { authorization: `Bearer ${token}` },
        payload: { code: c },
      });
    const res = await send(code.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, credits: 60, balance: 60 });
    const [row] = await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id));
    expect(row!.via).toBe("api");
    const again = await send(code.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: "conflict",
      message: "You have already used this code.",
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/n8n/codes/redeem",
      payload: { code: code.code },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("guessing codes", () => {
  it("is slowed after 5 wrong codes in an hour (429, Retry-After growing), then refused after 20 in a day", async () => {
    const p = await person();
    const real = await makeCode({ kind: "grant", credits: 5 });
    for (let i = 0; i < 5; i++) {
      const wrong = await redeem(p, `WRNG${i}XYZ`);
      expect(wrong.statusCode, wrong.body).toBe(404);
      expect(reason(wrong.body)).toBe("code_unknown");
    }
    const slowed = await redeem(p, "ANOTHERGUESS");
    expect(slowed.statusCode).toBe(429);
    expect(reason(slowed.body)).toBe("code_guess_wait");
    const wait = Number(slowed.headers["retry-after"]);
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    // Even the right code waits: the answer tells nothing about it.
    const right = await redeem(p, real.code);
    expect(right.statusCode).toBe(429);
    // Counted per client address too: another account from the same address waits.
    const sameAddress = await person();
    const neighbour = new Client(t.app, p.client.remoteAddress);
    neighbour.sessionCookie = sameAddress.client.sessionCookie;
    neighbour.webToken = sameAddress.client.webToken;
    expect((await neighbour.post("/api/codes/redeem", { code: real.code })).statusCode).toBe(429);
    // And per person: the same account from another address waits.
    const elsewhere = new Client(t.app);
    elsewhere.sessionCookie = p.client.sessionCookie;
    elsewhere.webToken = p.client.webToken;
    expect((await elsewhere.post("/api/codes/redeem", { code: real.code })).statusCode).toBe(429);

    // Once the wait is over, the next wrong code makes the wait twice as long.
    await db()
      .update(promoCodeFailures)
      .set({ createdAt: sql`${promoCodeFailures.createdAt} - interval '31 seconds'` });
    expect((await redeem(p, "WRONGAGAIN")).statusCode).toBe(404);
    const longer = await redeem(p, "WRONGTHRICE");
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers["retry-after"])).toBeGreaterThan(55);

    // 20 in a day, spread over hours: refused until the oldest of them is a day old.
    await db().delete(promoCodeFailures);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await db()
      .insert(promoCodeFailures)
      .values(
        Array.from({ length: PER_DAY }, (_, i) => ({
          userId: p.id,
          clientAddress: "192.0.2.9",
          createdAt: hoursAgo(23 - i),
        })),
      );
    const refused = await redeem(p, real.code);
    expect(refused.statusCode).toBe(429);
    expect(reason(refused.body)).toBe("code_guess_limit");
    const retry = Number(refused.headers["retry-after"]);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // A right code does not reset the count.
    await db()
      .delete(promoCodeFailures)
      .where(sql`${promoCodeFailures.createdAt} < ${hoursAgo(22.5)}`);
    expect((await redeem(p, real.code)).statusCode).toBe(200);
    expect((await db().select().from(promoCodeFailures)).length).toBe(PER_DAY - 1);
  });

  it("sweeps failure rows no limit counts any more", async () => {
    await db()
      .insert(promoCodeFailures)
      .values([
        { clientAddress: "192.0.2.1", createdAt: new Date(Date.now() - 3 * DAY) },
        { clientAddress: "192.0.2.1", createdAt: new Date(Date.now() - 3600_000) },
      ]);
    expect(await sweepGuessFailures(db())).toBe(1);
    expect(await db().select().from(promoCodeFailures)).toHaveLength(1);
  });
});

describe("the admin's codes", () => {
  it("takes an admin's own code (case and dashes ignored), refuses a bad or taken one", async () => {
    const own = await makeCode({ kind: "grant", credits: 10, code: "summer-2026" });
    expect(own.code).toBe("SUMMER2026");
    const taken = await admin.post("/api/admin/codes", { kind: "grant", credits: 10, code: "Summer 2026" });
    expect(taken.statusCode).toBe(409);
    expect(reason(taken.body)).toBe("code_taken");
    for (const bad of ["ab", "SALE!50", "X".repeat(40)]) {
      const res = await admin.post("/api/admin/codes", { kind: "grant", credits: 10, code: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    const noCredits = await admin.post("/api/admin/codes", { kind: "grant" });
    expect(noCredits.statusCode).toBe(400);
    const both = await admin.post("/api/admin/codes", { kind: "discount", percentOff: 10, amountOffCents: 100 });
    expect(both.statusCode).toBe(400);
    const p = await person();
    expect((await redeem(p, "summer 2026")).statusCode).toBe(200);
  });

  it("bulk-creates single-use codes with one batch id, lists and exports them as CSV", async () => {
    const res = await admin.post("/api/admin/codes/bulk", {
      kind: "grant",
      credits: 20,
      creditDays: 7,
      count: 300,
      label: '=reseller, "A"',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { batchId, count, codes } = res.json<{ batchId: string; count: number; codes: string[] }>();
    expect(count).toBe(300);
    expect(new Set(codes).size).toBe(300);
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      for (const ch of c.replaceAll("-", "")) expect(CODE_ALPHABET).toContain(ch);
    }
    const rows = await db().select().from(promoCodes).where(eq(promoCodes.batchId, batchId));
    expect(rows).toHaveLength(300);
    expect(rows.every((r) => r.maxUses === 1 && r.oncePerPerson)).toBe(true);

    const page = await admin.get(`/api/admin/codes?batchId=${batchId}&limit=200`);
    expect(page.statusCode).toBe(200);
    const first = page.json<{ codes: CodeView[]; nextCursor: string | null }>();
    expect(first.codes).toHaveLength(200);
    expect(first.nextCursor).not.toBeNull();
    const second = (await admin.get(`/api/admin/codes?batchId=${batchId}&limit=200&cursor=${first.nextCursor}`)).json<{
      codes: CodeView[];
      nextCursor: string | null;
    }>();
    expect(second.codes).toHaveLength(100);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.codes, ...second.codes].map((c) => c.id)).size).toBe(300);

    const csv = await admin.get(`/api/admin/codes/export.csv?batchId=${batchId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="codes-.*\.csv"/);
    expect(csv.body.startsWith("\uFEFFcode,kind,label,batch,credits")).toBe(true);
    const lines = csv.body.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(301);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0]))).toEqual(new Set(codes));
    // RFC 4180 quoting, and a formula-looking label defused.
    expect(lines[1]).toContain(`"'=reseller, ""A"""`);

    // One of them redeemed: the batch's figures show it.
    const p = await person();
    expect((await redeem(p, codes[0]!)).statusCode).toBe(200);
    const again = await redeem(await person(), codes[0]!);
    expect(reason(again.body)).toBe("code_used_up");
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "code.bulk_create"), eq(adminAuditLog.targetId, batchId)));
    expect(audit[0]!.details).toMatchObject({ batchId, count: 300 });
    const exported = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "code.export"));
    expect(exported.length).toBeGreaterThan(0);
  });

  it("changes a code's limits and label, but not what it gives once used; every change audited", async () => {
    const code = await makeCode({ kind: "grant", credits: 10 });
    const changed = await admin.patch(`/api/admin/codes/${code.id}`, { label: "spring", maxUses: 3, credits: 12 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ label: "spring", maxUses: 3, credits: 12 });
    const p = await person();
    expect((await redeem(p, code.code)).statusCode).toBe(200);
    expect(await balance(p.id)).toBe(12);
    const refused = await admin.patch(`/api/admin/codes/${code.id}`, { credits: 50 });
    expect(refused.statusCode).toBe(409);
    expect(reason(refused.body)).toBe("code_in_use");
    const wrongKind = await admin.patch(`/api/admin/codes/${code.id}`, { percentOff: 10 });
    expect(wrongKind.statusCode).toBe(400);
    expect((await admin.patch(`/api/admin/codes/${code.id}`, { validUntil: null, maxUses: 1 })).statusCode).toBe(200);
    const used = await redeem(await person(), code.code);
    expect(reason(used.body)).toBe("code_used_up");
    const updates = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "code.update"), eq(adminAuditLog.targetId, code.id)));
    expect(updates).toHaveLength(2);
    expect(updates.some((u) => JSON.stringify(u.details).includes('"after":"spring"'))).toBe(true);
    const redemptions = await admin.get(`/api/admin/codes/${code.id}/redemptions`);
    expect(redemptions.json().redemptions).toEqual([
      expect.objectContaining({ username: p.username, status: "granted", credits: 12, via: "web" }),
    ]);
  });

  it("is the admin's only: people are refused", async () => {
    const p = await person();
    expect((await p.client.get("/api/admin/codes")).statusCode).toBe(403);
    expect((await p.client.post("/api/admin/codes", { kind: "grant", credits: 1000 })).statusCode).toBe(403);
    expect((await new Client(t.app).get("/api/admin/codes/export.csv")).statusCode).toBe(401);
  });
});

describe("discount codes", () => {
  const pkg = (): DiscountTarget => ({ kind: "package", packageId });

  async function order(userId: string, amount = "20.00") {
    const [row] = await db()
      .insert(paymentOrders)
      .values({ userId, packageId, packageName: "Codes pack", provider: "paypal", amount, credits: 100 })
      .returning();
    return row!;
  }

  it("quotes a package's price after the code for the purchase dialog", async () => {
    const p = await person();
    const percent = await makeCode({ kind: "discount", percentOff: 33 });
    const q = await p.client.post("/api/codes/quote", { code: percent.display.toLowerCase(), packageId });
    expect(q.statusCode, q.body).toBe(200);
    // 33 % of 20.00 is 6.60.
    expect(q.json()).toEqual({
      code: percent.display,
      listAmount: "20.00",
      discount: "6.60",
      amount: "13.40",
      percentOff: 33,
      amountOff: null,
    });
    const tooMuch = await makeCode({ kind: "discount", amountOffCents: 1980 });
    const below = await p.client.post("/api/codes/quote", { code: tooMuch.code, packageId });
    expect(below.statusCode).toBe(422);
    expect(reason(below.body)).toBe("code_below_minimum");
  });

  it("applies only to its packages or plans", async () => {
    const [otherPkg] = await db()
      .insert(creditPackages)
      .values({ name: "Other", credits: 5, price: "5.00" })
      .returning();
    const code = await makeCode({ kind: "discount", percentOff: 10, packageIds: [otherPkg!.id] });
    // Naming packages only: no plan.
    expect((await codeRow(code.id)).planIds).toEqual([]);
    const p = await person();
    const wrong = await p.client.post("/api/codes/quote", { code: code.code, packageId });
    expect(wrong.statusCode).toBe(422);
    expect(reason(wrong.body)).toBe("code_wrong_target");
    expect((await p.client.post("/api/codes/quote", { code: code.code, packageId: otherPkg!.id })).statusCode).toBe(
      200,
    );
    const grant = await makeCode({ kind: "grant", credits: 5 });
    const g = await p.client.post("/api/codes/quote", { code: grant.code, packageId });
    expect(reason(g.body)).toBe("code_is_grant");
    const unknownTarget = await admin.post("/api/admin/codes", {
      kind: "discount",
      percentOff: 5,
      packageIds: [crypto.randomUUID()],
    });
    expect(unknownTarget.statusCode).toBe(400);
  });

  it("reserves once per person under parallel checkouts, releases, and is marked paid once", async () => {
    const p = await person();
    const code = await makeCode({ kind: "discount", amountOffCents: 500 });
    const orders = await Promise.all(Array.from({ length: 5 }, () => order(p.id)));
    const reserve = (orderId: string) =>
      db().transaction((tx) =>
        reserveDiscount(tx, {
          userId: p.id,
          code: code.code,
          target: pkg(),
          listCents: 2000,
          clientAddress: "192.0.2.5",
          orderId,
          via: "web",
        }),
      );
    // At once, each either holds the code (a later one giving back an earlier one, as a restarted
    // checkout does) or is refused by the database's index: never two held, never a 500.
    const results = await Promise.allSettled(orders.map((o) => reserve(o.id)));
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    for (const r of results) {
      if (r.status === "fulfilled") expect(r.value).toMatchObject({ discountCents: 500, amountCents: 1500 });
      else {
        expect(r.reason).toBeInstanceOf(AppError);
        expect(r.reason).toMatchObject({ status: 409, extra: { reason: "code_already_used" } });
      }
    }
    const live = async () =>
      (await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id))).filter(
        (r) => r.status !== "released",
      );
    expect(await live()).toHaveLength(1);
    expect((await codeRow(code.id)).uses).toBe(1);
    const heldOrder = (await live())[0]!.orderId!;
    const otherOrder = (await order(p.id)).id;

    // A restarted checkout: the earlier reservation is given back, the new one holds the use.
    await reserve(otherOrder);
    const rows = await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id));
    expect(rows.find((r) => r.orderId === heldOrder)!.status).toBe("released");
    expect((await live()).map((r) => r.orderId)).toEqual([otherOrder]);
    expect((await codeRow(code.id)).uses).toBe(1);

    // Released once: uses go down once.
    await db().transaction((tx) => releaseDiscount(tx, { orderId: otherOrder }));
    await db().transaction((tx) => releaseDiscount(tx, { orderId: otherOrder }));
    expect((await codeRow(code.id)).uses).toBe(0);

    // Reserved again and paid: creditPurchase marks it paid with what was paid, once.
    const c = await order(p.id, "15.00");
    await reserve(c.id);
    await db().transaction((tx) => creditPurchase(tx, c.id, "CAPTURE-1", () => "Codes pack", t.app.mailer));
    await db().transaction((tx) => creditPurchase(tx, c.id, "CAPTURE-1", () => "Codes pack", t.app.mailer));
    await db().transaction((tx) => markDiscountPaid(tx, { id: c.id, subscriptionId: null, amount: "15.00" }));
    const paid = (await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.orderId, c.id)))[0]!;
    expect(paid).toMatchObject({ status: "paid", paidCents: 1500, discountCents: 500 });
    expect((await codeRow(code.id)).uses).toBe(1);
    const view = (await admin.get(`/api/admin/codes/${code.id}`)).json<CodeView & { discountCents: number }>();
    expect(view).toMatchObject({ uses: 1, revenueCents: 1500, discountCents: 500 });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "code.redeem"), eq(adminAuditLog.targetId, code.id)));
    expect(audit).toHaveLength(1);

    // Used and paid: the person cannot quote or reserve it again.
    await expect(
      quoteDiscount(db(), {
        userId: p.id,
        code: code.code,
        target: pkg(),
        listCents: 2000,
        clientAddress: "192.0.2.5",
      }),
    ).rejects.toMatchObject({ extra: { reason: "code_already_used" } });
    const d = await order(p.id);
    await expect(reserve(d.id)).rejects.toMatchObject({ extra: { reason: "code_already_used" } });
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("a reservation given back before its payment arrived is still counted when paid", async () => {
    const p = await person();
    const code = await makeCode({ kind: "discount", percentOff: 50, maxUses: 1 });
    const o = await order(p.id, "10.00");
    await db().transaction((tx) =>
      reserveDiscount(tx, {
        userId: p.id,
        code: code.code,
        target: pkg(),
        listCents: 2000,
        clientAddress: "192.0.2.6",
        orderId: o.id,
        via: "api",
      }),
    );
    await db().transaction((tx) => releaseDiscount(tx, { orderId: o.id }));
    expect((await codeRow(code.id)).uses).toBe(0);
    await db().transaction((tx) => creditPurchase(tx, o.id, "CAPTURE-2", () => "Codes pack", t.app.mailer));
    const [row] = await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.orderId, o.id));
    expect(row).toMatchObject({ status: "paid", paidCents: 1000, personId: null, via: "api" });
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("an unknown code in a quote counts as a wrong guess", async () => {
    const p = await person();
    await expect(
      quoteDiscount(db(), {
        userId: p.id,
        code: "NOPE-NOPE-NOPE",
        target: pkg(),
        listCents: 2000,
        clientAddress: "192.0.2.7",
      }),
    ).rejects.toMatchObject({ status: 404, extra: { reason: "code_unknown" } });
    const failures = await db().select().from(promoCodeFailures).where(eq(promoCodeFailures.userId, p.id));
    expect(failures).toHaveLength(1);
    expect(normaliseCode("nope-nope-nope")).toBe("NOPENOPENOPE");
  });
});

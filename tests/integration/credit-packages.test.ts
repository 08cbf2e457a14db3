/**
 * Credit packages (public list and admin CRUD with its validation) and which payment
 * providers are offered. Decision 0015.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditPackages, paymentOrders } from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { adoptBonusLabels } from "../../src/server/features/packages/bonus-labels.js";
import type {
  AdminCreditPackageView,
  CreditPackageView,
  PaymentMethods,
  TransactionsPage,
} from "../../src/shared/payments.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";
import { balanceOf, userWithCredits } from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: TestApp;
let admin: Client;
/** Payment keys are tried before they are saved (decision 0145): these accept the ones saved here. */
let creem: CreemFake;
let paypal: PaypalFake;
const db = () => t.database.db;

beforeAll(async () => {
  creem = await startCreemFake({ apiKey: "creem_key_123456789", webhookSecret: "whsec_123456789abcdef" });
  paypal = await startPaypalFake({ clientId: "paypal-client-id", clientSecret: "paypal-client-secret-123" });
  t = await createTestApp({ env: { CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl } });
  admin = await signInAdmin(t);
  await makingCostsNextToNothing(t.database.db);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await creem?.close();
  await paypal?.close();
});

const del = (client: Client, url: string) => client.request("DELETE", url);

async function create(body: Record<string, unknown>): Promise<AdminCreditPackageView> {
  const res = await admin.post("/api/admin/credit-packages", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function publicList(): Promise<CreditPackageView[]> {
  const res = await new Client(t.app).get("/api/credit-packages");
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function adminList(): Promise<AdminCreditPackageView[]> {
  const res = await admin.get("/api/admin/credit-packages");
  expect(res.statusCode).toBe(200);
  return res.json();
}

const packageCount = async () => (await db().select({ id: creditPackages.id }).from(creditPackages)).length;

// First in the file: nothing has touched the settings yet.
describe("GET /api/settings/payment-methods", () => {
  const CREEM = { creemApiKey: "creem_key_123456789", creemWebhookSecret: "whsec_123456789abcdef" };
  const PAYPAL = { paypalClientId: "paypal-client-id", paypalClientSecret: "paypal-client-secret-123" };
  const ALL_OFF = {
    creemEnabled: false,
    paypalEnabled: false,
    creemApiKey: null,
    creemWebhookSecret: null,
    paypalClientId: null,
    paypalClientSecret: null,
  };

  async function methods(): Promise<PaymentMethods> {
    const res = await new Client(t.app).get("/api/settings/payment-methods");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    return res.json();
  }

  async function settings(body: Record<string, unknown>) {
    const res = await admin.put("/api/admin/settings", body);
    expect(res.statusCode, res.body).toBe(200);
  }

  afterAll(() => settings(ALL_OFF));

  it("offers neither provider on a fresh install, to anyone", async () => {
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: false, packages: [] });
  });

  it("offers Creem only when switched on and configured with both keys", async () => {
    await settings({ ...ALL_OFF, ...CREEM });
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: false, packages: [] });
    await settings({ ...ALL_OFF, creemEnabled: true, creemApiKey: CREEM.creemApiKey });
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: false, packages: [] });
    await settings({ ...ALL_OFF, creemEnabled: true, ...CREEM });
    expect(await methods()).toEqual({ creemEnabled: true, paypalEnabled: false, packages: [] });
  });

  it("offers PayPal only when switched on and configured with client id and secret", async () => {
    await settings({ ...ALL_OFF, ...PAYPAL });
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: false, packages: [] });
    await settings({ ...ALL_OFF, paypalEnabled: true, paypalClientId: PAYPAL.paypalClientId });
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: false, packages: [] });
    await settings({ ...ALL_OFF, paypalEnabled: true, ...PAYPAL });
    expect(await methods()).toEqual({ creemEnabled: false, paypalEnabled: true, packages: [] });
  });

  it("offers both when both are ready, and the answer carries nothing else (no keys)", async () => {
    await settings({ ...ALL_OFF, creemEnabled: true, paypalEnabled: true, ...CREEM, ...PAYPAL });
    const res = await new Client(t.app).get("/api/settings/payment-methods");
    expect(res.json()).toEqual({ creemEnabled: true, paypalEnabled: true, packages: [] });
    for (const secret of [...Object.values(CREEM), ...Object.values(PAYPAL)]) expect(res.body).not.toContain(secret);
    await settings({ paypalEnabled: false });
    expect(await methods()).toEqual({ creemEnabled: true, paypalEnabled: false, packages: [] });
  });

  it("lists each package on sale with the providers that can sell it: Creem only with its product (issue 68)", async () => {
    const withProduct = await create({ name: "Card pack", credits: 100, price: "3.00", creemProductId: "prod_card" });
    const bare = await create({ name: "Bare pack", credits: 50, price: "2.00" });
    const hidden = await create({
      name: "Hidden pack",
      credits: 10,
      price: "1.00",
      creemProductId: "prod_x",
      isActive: false,
    });
    try {
      await settings({ ...ALL_OFF, creemEnabled: true, paypalEnabled: true, ...CREEM, ...PAYPAL });
      // Cheapest first, as the pricing page shows them; a package off sale is not listed.
      expect(await methods()).toEqual({
        creemEnabled: true,
        paypalEnabled: true,
        packages: [
          { id: bare.id, providers: ["paypal"] },
          { id: withProduct.id, providers: ["creem", "paypal"] },
        ],
      });
      await settings({ paypalEnabled: false });
      expect((await methods()).packages).toEqual([
        { id: bare.id, providers: [] },
        { id: withProduct.id, providers: ["creem"] },
      ]);
      // Creem without its webhook secret sells nothing, product or not.
      await settings({ paypalEnabled: true, creemWebhookSecret: null });
      expect(await methods()).toEqual({
        creemEnabled: false,
        paypalEnabled: true,
        packages: [
          { id: bare.id, providers: ["paypal"] },
          { id: withProduct.id, providers: ["paypal"] },
        ],
      });
    } finally {
      await settings(ALL_OFF);
      for (const pkg of [withProduct, bare, hidden]) await del(admin, `/api/admin/credit-packages/${pkg.id}`);
    }
  });
});

describe("GET /api/credit-packages", () => {
  it("lists active packages only, cheapest first, with the client view's popular/description/bonus", async () => {
    const starter = await create({ name: "Starter", credits: 50, price: "10" });
    const pro = await create({
      name: "Pro",
      credits: 150,
      price: "25.5",
      popular: true,
      description: "For regular creators",
      bonus: "25 bonus credits",
    });
    const hidden = await create({ name: "Old Pack", credits: 999, price: "1.00", isActive: false });
    const same = await create({ name: "Starter Plus", credits: 60, price: "10.00" });

    const res = await new Client(t.app).get("/api/credit-packages");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const list: CreditPackageView[] = res.json();
    expect(list.map((p) => p.id)).not.toContain(hidden.id);
    expect(list.find((p) => p.id === pro.id)).toEqual({
      id: pro.id,
      name: "Pro",
      credits: 150,
      price: "25.50",
      popular: true,
      description: "For regular creators",
      // A label that only promises bonus credits is stored as the number (decision 0075).
      bonus: null,
      bonusCredits: 25,
    });
    expect(list.find((p) => p.id === starter.id)).toEqual({
      id: starter.id,
      name: "Starter",
      credits: 50,
      price: "10.00",
      popular: false,
      description: null,
      bonus: null,
      bonusCredits: 0,
    });
    // Price ascending, then credits: Starter (10.00, 50) before Starter Plus (10.00, 60) before Pro.
    const ours = list.filter((p) => [starter.id, same.id, pro.id].includes(p.id)).map((p) => p.name);
    expect(ours).toEqual(["Starter", "Starter Plus", "Pro"]);
    const keys = list.map((p) => [Number(p.price), p.credits] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // Nothing admin-only leaks into the public view.
    for (const p of list)
      expect(Object.keys(p).sort()).toEqual([
        "bonus",
        "bonusCredits",
        "credits",
        "description",
        "id",
        "name",
        "popular",
        "price",
      ]);
  });

  it("shows an admin's change on the very next read", async () => {
    const pkg = await create({ name: "Flash Sale", credits: 70, price: "7" });
    expect((await publicList()).some((p) => p.id === pkg.id)).toBe(true);
    const res = await admin.put(`/api/admin/credit-packages/${pkg.id}`, {
      name: "Flash Sale",
      credits: 70,
      price: "7",
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await publicList()).some((p) => p.id === pkg.id)).toBe(false);
  });
});

describe("admin CRUD", () => {
  it("creates a package (201 with the admin view) and lists it with inactive ones", async () => {
    const res = await admin.post("/api/admin/credit-packages", {
      name: "  Mega  ",
      credits: "500",
      price: 80,
      creemProductId: "prod_mega",
      popular: true,
      description: "Best value",
      bonus: "100 bonus credits",
    });
    expect(res.statusCode).toBe(201);
    const created: AdminCreditPackageView = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: "Mega",
      credits: 500,
      price: "80.00",
      creemProductId: "prod_mega",
      isActive: true,
      popular: true,
      description: "Best value",
      bonus: null,
      bonusCredits: 100,
      createdAt: expect.any(String),
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const inactive = await create({ name: "Retired", credits: 5, price: "0.99", isActive: false });
    const all = await adminList();
    expect(all.find((p) => p.id === created.id)).toEqual(created);
    expect(all.find((p) => p.id === inactive.id)?.isActive).toBe(false);
    const prices = all.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("PUT replaces every field: what is left out goes back to its default", async () => {
    const pkg = await create({
      name: "Team",
      credits: 300,
      price: "45",
      creemProductId: "prod_team",
      popular: true,
      description: "x",
      bonus: "y",
    });
    const res = await admin.put(`/api/admin/credit-packages/${pkg.id}`, {
      name: "Team 2",
      credits: 320,
      price: "44.9",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...pkg,
      name: "Team 2",
      credits: 320,
      price: "44.90",
      creemProductId: null,
      isActive: true,
      popular: false,
      description: null,
      bonus: null,
      bonusCredits: 0,
    });
    expect((await adminList()).find((p) => p.id === pkg.id)).toEqual(res.json());
  });

  it("DELETE removes a package nothing refers to", async () => {
    const pkg = await create({ name: "Temp", credits: 10, price: "2" });
    const res = await del(admin, `/api/admin/credit-packages/${pkg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Package deleted", deactivated: false });
    expect(await db().select().from(creditPackages).where(eq(creditPackages.id, pkg.id))).toHaveLength(0);
    expect((await del(admin, `/api/admin/credit-packages/${pkg.id}`)).statusCode).toBe(404);
  });

  const valid = { name: "Valid", credits: 10, price: "5.00" };
  it.each([
    [{ credits: 10, price: "5" }, "Package name is required"],
    [{ ...valid, name: "" }, "Package name is required"],
    [{ ...valid, name: "   " }, "Package name is required"],
    [{ ...valid, name: 42 }, "Package name is required"],
    [{ name: "P", price: "5" }, "Credits must be positive"],
    [{ ...valid, credits: 0 }, "Credits must be positive"],
    [{ ...valid, credits: -5 }, "Credits must be positive"],
    [{ ...valid, credits: "ten" }, "Credits must be positive"],
    [{ ...valid, credits: null }, "Credits must be positive"],
    [{ ...valid, credits: 2.5 }, "Credits must be a whole number"],
    [{ name: "P", credits: 10 }, "Price must be valid"],
    [{ ...valid, price: "" }, "Price must be valid"],
    [{ ...valid, price: "abc" }, "Price must be valid"],
    [{ ...valid, price: "1.234" }, "Price must be valid"],
    [{ ...valid, price: "-1" }, "Price must be valid"],
    [{ ...valid, price: "0" }, "Price must be valid"],
    [{ ...valid, price: "$5" }, "Price must be valid"],
    [{ ...valid, price: null }, "Price must be valid"],
    [{ ...valid, isActive: "yes" }, "isActive must be true or false"],
  ])("rejects %j with '%s' on POST and PUT, and changes nothing", async (body, message) => {
    const pkg = await create({ name: "Untouched", credits: 20, price: "3" });
    const before = await packageCount();
    const post = await admin.post("/api/admin/credit-packages", body);
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({ message, code: "invalid_input" });
    const put = await admin.put(`/api/admin/credit-packages/${pkg.id}`, body);
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ message, code: "invalid_input" });
    expect(await packageCount()).toBe(before);
    expect((await adminList()).find((p) => p.id === pkg.id)).toEqual(pkg);
  });

  it("answers 404 for an unknown id and 400 for a malformed one (never a 500)", async () => {
    const unknown = crypto.randomUUID();
    for (const res of [
      await admin.put(`/api/admin/credit-packages/${unknown}`, valid),
      await del(admin, `/api/admin/credit-packages/${unknown}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Credit package not found", code: "not_found" });
    }
    for (const id of ["not-a-uuid", "123", "%27%3B%20drop%20table", `${unknown}x`]) {
      for (const res of [
        await admin.put(`/api/admin/credit-packages/${id}`, valid),
        await del(admin, `/api/admin/credit-packages/${id}`),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: "Package id must be a valid UUID", code: "invalid_input" });
      }
    }
  });
});

describe("bonus credits (decision 0075)", () => {
  it("stores a number of bonus credits beside the badge's own text, and PUT changes it", async () => {
    const pkg = await create({ name: "Launch", credits: 100, price: "20", bonus: "Launch offer", bonusCredits: "20" });
    expect(pkg).toMatchObject({ bonus: "Launch offer", bonusCredits: 20 });
    expect((await publicList()).find((p) => p.id === pkg.id)).toMatchObject({
      bonus: "Launch offer",
      bonusCredits: 20,
    });
    const res = await admin.put(`/api/admin/credit-packages/${pkg.id}`, {
      name: "Launch",
      credits: 100,
      price: "20",
      bonusCredits: 35,
    });
    expect(res.json()).toMatchObject({ bonus: null, bonusCredits: 35 });
    // A label saying "+1,000 bonus credits" with no number given becomes the number.
    const old = await create({ name: "Old client", credits: 10, price: "3", bonus: "+1,000 bonus credits" });
    expect(old).toMatchObject({ bonus: null, bonusCredits: 1000 });
  });

  it.each([[-1], [2.5], ["ten"], [10_000_001]])("refuses bonusCredits %s with a readable 400", async (bonusCredits) => {
    const res = await admin.post("/api/admin/credit-packages", { name: "B", credits: 10, price: "5", bonusCredits });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Bonus credits must be a whole number from 0 to 10,000,000");
  });

  it("turns stored labels that promise bonus credits into bonus credits at start-up, once", async () => {
    const [labelled, worded, given] = await db()
      .insert(creditPackages)
      .values([
        { name: "Label 50", credits: 300, price: "45", bonus: "50 bonus credits" },
        { name: "Label text", credits: 300, price: "45", bonus: "Best for teams" },
        { name: "Label given", credits: 300, price: "45", bonus: "5 bonus credits", bonusCredits: 7 },
      ])
      .returning();
    expect(await adoptBonusLabels(db())).toBe(1);
    expect(await adoptBonusLabels(db())).toBe(0);
    const rows = await db().select().from(creditPackages);
    const byId = (id: string) => rows.find((r) => r.id === id);
    expect(byId(labelled!.id)).toMatchObject({ bonus: null, bonusCredits: 50 });
    expect(byId(worded!.id)).toMatchObject({ bonus: "Best for teams", bonusCredits: 0 });
    expect(byId(given!.id)).toMatchObject({ bonus: "5 bonus credits", bonusCredits: 7 });
  });
});

describe("deleting a package that purchases refer to", () => {
  async function order(userId: string, pkg: AdminCreditPackageView) {
    const [row] = await db()
      .insert(paymentOrders)
      .values({
        userId,
        packageId: pkg.id,
        packageName: pkg.name,
        provider: "creem",
        providerOrderId: `ch_${crypto.randomBytes(6).toString("hex")}`,
        amount: pkg.price,
        credits: pkg.credits,
      })
      .returning();
    return row!;
  }

  it("deactivates it instead, and the buyer's history still reads it", async () => {
    const pkg = await create({ name: "Bought Pack", credits: 150, price: "25", creemProductId: "prod_bought" });
    const buyer = await userWithCredits(t.app, db(), 0);
    const paid = await order(buyer.id, pkg);
    await db().transaction((tx) =>
      creditPurchase(tx, paid.id, "ord_1", (o) => `Purchased ${o.packageName} (150 credits) via Creem`, t.app.mailer),
    );
    expect(await balanceOf(db(), buyer.id)).toEqual({ credits: 150, ledger: 150 });

    const res = await del(admin, `/api/admin/credit-packages/${pkg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Package deactivated: purchases refer to it", deactivated: true });

    expect((await adminList()).find((p) => p.id === pkg.id)).toEqual({ ...pkg, isActive: false });
    expect((await publicList()).some((p) => p.id === pkg.id)).toBe(false);
    const history = await buyer.client.get("/api/transactions");
    expect(history.statusCode).toBe(200);
    const page: TransactionsPage = history.json();
    expect(page.data.find((r) => r.type === "purchase")).toMatchObject({
      amount: 150,
      packageId: pkg.id,
      description: "Purchased Bought Pack (150 credits) via Creem",
    });
    // Deleting it again changes nothing more.
    expect((await del(admin, `/api/admin/credit-packages/${pkg.id}`)).json()).toEqual({
      message: "Package deactivated: purchases refer to it",
      deactivated: true,
    });
  });

  it("deactivates a package an unpaid order refers to (the order may still be paid)", async () => {
    const pkg = await create({ name: "Pending Pack", credits: 40, price: "8" });
    const buyer = await userWithCredits(t.app, db(), 0);
    await order(buyer.id, pkg);
    const res = await del(admin, `/api/admin/credit-packages/${pkg.id}`);
    expect(res.json()).toEqual({ message: "Package deactivated: purchases refer to it", deactivated: true });
    expect(await db().select().from(creditPackages).where(eq(creditPackages.id, pkg.id))).toHaveLength(1);
  });
});

describe("admin routes need an admin", () => {
  it("answers 401 signed out and 403 to a user, and changes nothing", async () => {
    const pkg = await create({ name: "Guarded", credits: 10, price: "3" });
    const before = await adminList();
    const { client: user } = await signUp(t.app);
    for (const [client, status] of [
      [new Client(t.app), 401],
      [user, 403],
    ] as const) {
      const calls = [
        await client.get("/api/admin/credit-packages"),
        await client.post("/api/admin/credit-packages", { name: "Hack", credits: 1, price: "1" }),
        await client.put(`/api/admin/credit-packages/${pkg.id}`, { name: "Hack", credits: 1, price: "1" }),
        await del(client, `/api/admin/credit-packages/${pkg.id}`),
      ];
      for (const res of calls) expect(res.statusCode).toBe(status);
    }
    expect(await adminList()).toEqual(before);
  });
});

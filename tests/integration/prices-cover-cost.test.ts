/**
 * Prices that cover cost (issue 68, decision 0144): a save that starts selling below cost must say
 * so, a package whose credits buy a video below cost too, the set-up checklist is red while any
 * sale loses money, and one click sets every price to cost + margin, audited with its reason.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, adminSettings, creditPackages } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { AdminSetup } from "../../src/shared/schemas/admin-setup.js";
import { createTestApp, signInAdmin, signUp, type Client, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

/** Each test starts from the catalogue's defaults and no package. */
beforeEach(async () => {
  await t.database.db.update(adminSettings).set({ prices: {}, priceMarginPercent: 30, kieCreditUsd: "0.005" });
  await t.database.db.delete(creditPackages);
});

const settings = () => readSettingsFromDatabase(t.database.db, t.secretBox);
const setup = async () => (await admin.get("/api/admin/overview/setup")).json<AdminSetup>();
const pricesStep = async () => (await setup()).steps.find((s) => s.id === "prices")!;
const ISSUE_PACKAGES = [
  { name: "Starter", price: "9.99", credits: 100, bonusCredits: 0 },
  { name: "Creator", price: "39", credits: 500, bonusCredits: 50 },
  { name: "Studio", price: "129", credits: 2000, bonusCredits: 300 },
];

describe("a fresh install's prices", () => {
  it("cover cost: the checklist's prices step is done, with the spec's suggested packages on sale too", async () => {
    expect(await pricesStep()).toMatchObject({ done: true, note: null, href: "/admin/settings/prices#pricing-title" });
    for (const pkg of [
      { name: "Starter", price: "10.00", credits: 50 },
      { name: "Pro", price: "25.00", credits: 150, bonusCredits: 25 },
      { name: "Premium", price: "45.00", credits: 300, bonusCredits: 50 },
    ])
      expect((await admin.post("/api/admin/credit-packages", pkg)).statusCode).toBe(201);
    expect((await setup()).belowCost).toBeNull();
  });

  it("charge a Fast video 5 credits and a Quality one 18 on the website", async () => {
    const res = await admin.get("/api/pricing/current");
    expect(res.json()).toMatchObject({
      veo3_fast: { web_credits: 5, api_credits: 10 },
      veo3_quality: { web_credits: 18, api_credits: 36 },
    });
  });
});

describe("a package whose credits buy a video below cost", () => {
  it("is refused unless the save confirms it, naming what would lose money; nothing is saved", async () => {
    const studio = ISSUE_PACKAGES[2]!;
    const refused = await admin.post("/api/admin/credit-packages", studio);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "conflict", reason: "prices_below_cost" });
    expect(refused.json().message).toContain("Veo3 Fast");
    expect(await t.database.db.select().from(creditPackages)).toEqual([]);

    const saved = await admin.post("/api/admin/credit-packages", { ...studio, confirmBelowCost: true });
    expect(saved.statusCode, saved.body).toBe(201);
    // An edit asks again while it still loses money; switched off, it sells nothing and needs no word.
    const id = saved.json().id as string;
    expect((await admin.put(`/api/admin/credit-packages/${id}`, { ...studio, name: "Studio+" })).statusCode).toBe(409);
    expect((await admin.put(`/api/admin/credit-packages/${id}`, { ...studio, isActive: false })).statusCode).toBe(200);
  });

  it("turns the checklist red with what loses money, until the prices are set to cost + margin", async () => {
    for (const pkg of ISSUE_PACKAGES)
      expect((await admin.post("/api/admin/credit-packages", { ...pkg, confirmBelowCost: true })).statusCode).toBe(201);
    const red = await setup();
    expect(red.steps.find((s) => s.id === "prices")).toMatchObject({ done: false, note: "below_cost" });
    expect(red.belowCost!.creditUsd).toBeCloseTo(129 / 2300, 9);
    expect(red.belowCost!.items.map((i) => i.item)).toEqual(expect.arrayContaining(["veo3", "veo3_fast"]));
    expect(red.belowCost!.marginPercent).toBe(30);

    const fixed = await admin.post("/api/admin/prices/at-margin", { reason: "Studio pack sells credits cheap" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await setup()).belowCost).toBeNull();
    // 0.30 / 0.7 / (129 / 2300) = 7.64: 8 credits for a Fast video, twice that by API.
    expect(fixed.json().settings.prices.veo3_fast).toEqual({ webCredits: 8, apiPrice: "16.00" });
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "prices.at_margin"));
    expect(entry!.details).toMatchObject({ reason: "Studio pack sells credits cheap", marginPercent: 30 });
    expect((entry!.details as { changes: unknown[] }).changes.length).toBeGreaterThan(0);
  });
});

describe("a settings save that sells below cost", () => {
  it("is refused unless confirmed, with nothing of the change kept", async () => {
    const refused = await admin.put("/api/admin/settings", {
      contactTelegram: "owner_here",
      prices: { veo3_fast: { webCredits: 1 } },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ reason: "prices_below_cost", params: { count: 1, items: "Veo3 Fast" } });
    expect((await settings()).contactTelegram).toBeNull();
    expect((await settings()).prices).toEqual({});

    const saved = await admin.put("/api/admin/settings", {
      prices: { veo3_fast: { webCredits: 1 } },
      confirmBelowCost: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A loss already confirmed does not ask again when something else is saved...
    expect((await admin.put("/api/admin/settings", { contactTelegram: "owner_here" })).statusCode).toBe(200);
    // ...but a new one does: KIE's credit doubling makes Quality lose money too.
    const dearer = await admin.put("/api/admin/settings", { kieCreditUsd: "0.01" });
    expect(dearer.statusCode).toBe(409);
    expect(dearer.json().params.items).toContain("Veo3 (Quality)");
  });

  it("keeps the margin as a setting of 0 to 90 percent", async () => {
    expect(
      (await admin.put("/api/admin/settings", { priceMarginPercent: 45 })).json().settings.priceMarginPercent,
    ).toBe(45);
    const wrong = await admin.put("/api/admin/settings", { priceMarginPercent: 95 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("priceMarginPercent must be a whole percent from 0 to 90");
    const at45 = await admin.post("/api/admin/prices/at-margin", { reason: "wider margin" });
    // 0.30 / 0.55 / 0.10 = 5.45: 6 credits.
    expect(at45.json().settings.prices.veo3_fast.webCredits).toBe(6);
  });
});

describe("set every price to cost + margin", () => {
  it("is an admin's only, and asks for a reason", async () => {
    const audited = () =>
      t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "prices.at_margin"));
    const before = (await audited()).length;
    const user = (await signUp(t.app)).client;
    expect((await user.post("/api/admin/prices/at-margin", { reason: "mine now" })).statusCode).toBe(403);
    expect((await admin.post("/api/admin/prices/at-margin", { reason: " " })).statusCode).toBe(400);
    expect((await admin.post("/api/admin/prices//at-margin", { reason: "other spelling" })).statusCode).not.toBe(200);
    expect(await audited()).toHaveLength(before);
  });
});

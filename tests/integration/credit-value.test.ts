/**
 * One value per credit (decision 0075): GET /api/pricing/current says what a credit is worth,
 * the admin's own value when set, else the lowest price per credit among the packages on sale
 * (bonus credits counted), else nothing at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PricingView } from "../../src/shared/schemas/videos.js";
import { Client, createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  await makingCostsNextToNothing(t.database.db);
});
afterAll(() => t?.close());

async function creditValue(): Promise<PricingView["credit_value"]> {
  const res = await new Client(t.app).get("/api/pricing/current");
  expect(res.statusCode).toBe(200);
  return res.json<PricingView>().credit_value;
}

async function createPackage(body: Record<string, unknown>): Promise<string> {
  const res = await admin.post("/api/admin/credit-packages", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const setCreditValue = (creditValueUsd: unknown) => admin.put("/api/admin/settings", { creditValueUsd });

describe("what one credit is worth", () => {
  it("is unknown with no package on sale and none set", async () => {
    expect(await creditValue()).toBeNull();
    const inactive = await createPackage({ name: "Hidden", credits: 100, price: "1", isActive: false });
    expect(inactive).toBeTruthy();
    expect(await creditValue()).toBeNull();
  });

  it("is the lowest price per credit among the packages on sale, bonus credits counted", async () => {
    await createPackage({ name: "Starter", credits: 50, price: "10" }); // $0.20
    expect(await creditValue()).toEqual({ usd: 0.2, source: "packages" });
    const premium = await createPackage({ name: "Premium", credits: 300, price: "45" }); // $0.15
    expect(await creditValue()).toEqual({ usd: 0.15, source: "packages" });
    await createPackage({ name: "Pro", credits: 150, price: "25", bonusCredits: 25 }); // $25 / 175
    expect((await creditValue())?.usd).toBeCloseTo(25 / 175, 12);
    // Deactivating a package takes it out of the reckoning.
    const res = await admin.put(`/api/admin/credit-packages/${premium}`, {
      name: "Premium",
      credits: 300,
      price: "45",
      bonusCredits: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(await creditValue()).toEqual({ usd: 45 / 400, source: "packages" });
  });

  it("is the admin's own value when set, and derived again once it is cleared", async () => {
    const saved = await setCreditValue("0.1");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.creditValueUsd).toBe("0.1000");
    expect(await creditValue()).toEqual({ usd: 0.1, source: "setting" });
    expect((await admin.get("/api/admin/settings")).json().creditValueUsd).toBe("0.1000");

    expect((await setCreditValue(0.0125)).statusCode).toBe(200);
    expect(await creditValue()).toEqual({ usd: 0.0125, source: "setting" });

    expect((await setCreditValue(null)).statusCode).toBe(200);
    expect(await creditValue()).toEqual({ usd: 45 / 400, source: "packages" });
    expect((await setCreditValue("")).statusCode).toBe(200);
    expect((await creditValue())?.source).toBe("packages");
  });

  it.each([["0"], ["-1"], ["abc"], ["0.00001"], ["1000.01"], [true]])(
    "refuses creditValueUsd %s with a readable 400 and keeps the value",
    async (value) => {
      const res = await setCreditValue(value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^creditValueUsd must be a number of US dollars between 0.0001 and 1000/);
      expect((await creditValue())?.source).toBe("packages");
    },
  );
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSettings } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { Client } from "../helpers/test-app.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { createTestApp, signInAdmin, type TestApp } from "../helpers/test-app.js";
import { startSimulator, type StartedSimulator } from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: TestApp;
let admin: Client;
/** Plays KIE for the KIE keys saved here: a new key is tried before it is stored (decision 0074). */
let sim: StartedSimulator;
/** Plays PayPal for the PayPal keys switched on here, tried as KIE's are (decision 0145). */
let paypal: PaypalFake;
beforeAll(async () => {
  sim = await startSimulator();
  paypal = await startPaypalFake({ clientId: "pp-client-id", clientSecret: "paypal-secret-abcdefghijkl" });
  t = await createTestApp({ env: { KIE_BASE_URL: sim.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl } });
  await makingCostsNextToNothing(t.database.db);
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await paypal.close();
});

const SECRETS = {
  kieToken: "kie-secret-token-1234567890",
  paypalClientSecret: "paypal-secret-abcdefghijkl",
  creemApiKey: "creem_live_key_0987654321",
  creemWebhookSecret: "whsec_creem_abcdefghijklmn",
  googleClientSecret: "GOCSPX-google-secret-value",
  telegramBotToken: "123456:telegram-bot-token-xyz",
};

describe("admin settings", () => {
  it("starts with the spec's defaults", async () => {
    const res = await admin.get("/api/admin/settings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 1,
      kieToken: null,
      paypalEnvironment: "sandbox",
      paypalEnabled: false,
      creemEnvironment: "test",
      creemEnabled: false,
      googleAuthEnabled: false,
      veo3Credits: 5,
      veo3FastCredits: 1,
      veo3ApiPrice: "10.00",
      veo3FastApiPrice: "2.00",
      telegramChatId: null,
      videoRetentionDays: null,
    });
  });

  it("stores secrets encrypted, returns them masked, and never echoes them", async () => {
    const res = await admin.put("/api/admin/settings", {
      ...SECRETS,
      paypalClientId: "pp-client-id",
      telegramChatId: "-100123",
    });
    expect(res.statusCode).toBe(200);
    const view = (await admin.get("/api/admin/settings")).json();
    for (const [field, value] of Object.entries(SECRETS)) {
      expect(view[field]).toBe("••••••••" + value.slice(-4));
      expect(res.body).not.toContain(value);
    }
    expect(view.paypalClientId).toBe("pp-client-id");
    expect(view.telegramChatId).toBe("-100123");
    const raw = (await t.database.db.execute(sql`select * from admin_settings`)) as { rows: Record<string, string>[] };
    const rawText = JSON.stringify(raw.rows);
    for (const value of Object.values(SECRETS)) expect(rawText).not.toContain(value);
    expect(raw.rows[0]!.kie_token).toMatch(/^v1:/);
    const plain = await readSettingsFromDatabase(t.database.db, t.secretBox);
    expect(plain.kieToken).toBe(SECRETS.kieToken);
  });

  it("stores PayPal's webhook id as it is, refuses anything that is not one, and clears it when blank", async () => {
    expect((await admin.put("/api/admin/settings", { paypalWebhookId: " 8PT597110X687430LKGECATA " })).statusCode).toBe(
      200,
    );
    expect((await admin.get("/api/admin/settings")).json().paypalWebhookId).toBe("8PT597110X687430LKGECATA");
    const bad = await admin.put("/api/admin/settings", { paypalWebhookId: "not a webhook id!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("paypalWebhookId");
    expect((await admin.put("/api/admin/settings", { paypalWebhookId: "" })).statusCode).toBe(200);
    expect((await admin.get("/api/admin/settings")).json().paypalWebhookId).toBeNull();
  });

  it("keeps a stored secret when it comes back blank or masked, replaces it when typed, clears it on null", async () => {
    await admin.put("/api/admin/settings", { kieToken: "original-kie-token-000" });
    const masked = (await admin.get("/api/admin/settings")).json().kieToken as string;
    await admin.put("/api/admin/settings", { kieToken: masked, creemApiKey: "" });
    let plain = await readSettingsFromDatabase(t.database.db, t.secretBox);
    expect(plain.kieToken).toBe("original-kie-token-000");
    expect(plain.creemApiKey).toBe(SECRETS.creemApiKey);
    await admin.put("/api/admin/settings", { kieToken: "  replaced-kie-token-111  " });
    plain = await readSettingsFromDatabase(t.database.db, t.secretBox);
    expect(plain.kieToken).toBe("replaced-kie-token-111");
    await admin.put("/api/admin/settings", { kieToken: null });
    expect((await admin.get("/api/admin/settings")).json().kieToken).toBeNull();
  });

  it("takes any subset and leaves the rest alone", async () => {
    await admin.put("/api/admin/settings", {
      veo3Credits: 7,
      veo3FastCredits: "3",
      veo3ApiPrice: "12.5",
      veo3FastApiPrice: 2.25,
      paypalEnvironment: "production",
      creemEnvironment: "prod",
      paypalEnabled: true,
    });
    await admin.put("/api/admin/settings", {
      googleAuthEnabled: true,
      googleClientId: "gid",
      googleRedirectUri: "https://veo.example.com/api/auth/google/callback",
    });
    expect((await admin.get("/api/admin/settings")).json()).toMatchObject({
      veo3Credits: 7,
      veo3FastCredits: 3,
      veo3ApiPrice: "12.50",
      veo3FastApiPrice: "2.25",
      paypalEnvironment: "production",
      creemEnvironment: "prod",
      paypalEnabled: true,
      googleAuthEnabled: true,
      googleClientId: "gid",
      googleRedirectUri: "https://veo.example.com/api/auth/google/callback",
    });
  });

  it.each([
    [{ veo3Credits: 0 }, "veo3Credits must be an integer between 1 and 1000"],
    [{ veo3Credits: 1001 }, "veo3Credits must be an integer between 1 and 1000"],
    [{ veo3FastCredits: 2.5 }, "veo3FastCredits must be an integer between 1 and 1000"],
    [{ veo3FastCredits: "ten" }, "veo3FastCredits must be an integer between 1 and 1000"],
    [{ veo3ApiPrice: "0.99" }, "veo3ApiPrice must be a number between 1 and 1000 with at most two decimals"],
    [{ veo3ApiPrice: "1000.01" }, "veo3ApiPrice must be a number between 1 and 1000 with at most two decimals"],
    [{ veo3FastApiPrice: "2.345" }, "veo3FastApiPrice must be a number between 1 and 1000 with at most two decimals"],
    [{ paypalEnvironment: "live" }, "paypalEnvironment must be sandbox or production"],
    [{ creemEnvironment: "production" }, "creemEnvironment must be test or prod"],
    [{ paypalEnabled: "yes" }, "paypalEnabled must be true or false"],
    [{ googleRedirectUri: "not a url" }, "googleRedirectUri must be an http(s) URL"],
  ])("rejects %j with a clear message and changes nothing", async (body, message) => {
    const before = (await admin.get("/api/admin/settings")).json();
    const res = await admin.put("/api/admin/settings", { telegramChatId: "should-not-be-saved", ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: "invalid_input" });
    expect((await admin.get("/api/admin/settings")).json()).toEqual(before);
  });

  it("keeps exactly one settings row", async () => {
    const rows = await t.database.db.select().from(adminSettings);
    expect(rows).toHaveLength(1);
  });
});

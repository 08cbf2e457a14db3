/**
 * Creem's and PayPal's keys are tried before they are saved (issue 68, decision 0145): the app's
 * real clients ask the fakes over HTTP; a refused key saves nothing of the change, and the Creem
 * and PayPal cards read what was tried from GET /api/admin/settings/payment-checks.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { PaymentKeyChecks } from "../../src/shared/schemas/payment-key-checks.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { createTestApp, freePort, signInAdmin, type Client, type TestApp } from "../helpers/test-app.js";

const CREEM_KEY = "creem_test_key_checks_0123456789";
const CREEM_WEBHOOK_SECRET = "whsec_key_checks_0123456789";
const PAYPAL_ID = "PayPalClientId-key-checks";
const PAYPAL_SECRET = "paypal-secret-key-checks-0123";
const WEBHOOK_ID = "8PT597110X687430LKGECATA";
const WEBHOOK_URL = "https://veo.example.com/paypal/webhook";

let creem: CreemFake;
let paypal: PaypalFake;
let t: TestApp;
let admin: Client;
const stored = () => readSettingsFromDatabase(t.database.db, t.secretBox);

async function checks(client = admin): Promise<PaymentKeyChecks> {
  const res = await client.get("/api/admin/settings/payment-checks");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentKeyChecks>();
}

async function save(body: Record<string, unknown>): Promise<void> {
  const res = await admin.put("/api/admin/settings", body);
  expect(res.statusCode, res.body).toBe(200);
}

const auditRows = async () => (await t.database.db.select().from(adminAuditLog)).length;

beforeAll(async () => {
  creem = await startCreemFake({ apiKey: CREEM_KEY, webhookSecret: CREEM_WEBHOOK_SECRET });
  paypal = await startPaypalFake({
    clientId: PAYPAL_ID,
    clientSecret: PAYPAL_SECRET,
    webhooks: { [WEBHOOK_ID]: WEBHOOK_URL },
  });
  t = await createTestApp({ env: { CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl } });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await creem?.close();
  await paypal?.close();
});

describe("with neither provider set up", () => {
  it("tries nothing on a save, and both cards read as off", async () => {
    await save({ kieSurface: "market", creemEnvironment: "prod", paypalEnvironment: "production" });
    await save({ creemEnvironment: "test", paypalEnvironment: "sandbox", creemApiKey: CREEM_KEY });
    expect(creem.productSearches).toBe(0);
    expect(paypal.tokenRequests).toBe(0);
    expect(await checks()).toEqual({ creem: { status: "off" }, paypal: { status: "off" } });
    await save({ creemApiKey: null });
  });
});

describe("a Creem API key", () => {
  it("is refused with Creem's reason when Creem refuses it, and nothing of the save is kept", async () => {
    const rows = await auditRows();
    const res = await admin.put("/api/admin/settings", {
      creemEnabled: true,
      creemApiKey: "creem_test_not_the_key_000",
      creemWebhookSecret: CREEM_WEBHOOK_SECRET,
      contactTelegram: "@veo_owner",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "unprocessable",
      reason: "creem_key_refused",
      params: { detail: "Invalid API key", environment: "test" },
      message:
        "Creem refused this API key in test mode: Invalid API key. Use a test-mode key (it starts with creem_test_). Nothing was saved.",
    });
    expect(creem.productSearches).toBe(1);
    const s = await stored();
    expect([s.creemEnabled, s.creemApiKey, s.creemWebhookSecret, s.contactTelegram]).toEqual([false, null, null, null]);
    expect(await auditRows()).toBe(rows);
  });

  it("is saved when Creem accepts it, and the card says what was checked and when", async () => {
    const before = Date.now();
    await save({ creemEnabled: true, creemApiKey: CREEM_KEY, creemWebhookSecret: CREEM_WEBHOOK_SECRET });
    expect(creem.productSearches).toBe(2);
    expect((await stored()).creemApiKey).toBe(CREEM_KEY);
    const { creem: check } = await checks();
    expect(check).toMatchObject({ status: "checked", environment: "test" });
    if (check.status !== "checked") throw new Error("not checked");
    expect(Date.parse(check.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The save's audit entry keeps what was tried, never the key.
    const [entry] = await t.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
    expect(entry!.details).toMatchObject({ keyChecks: { creem: { environment: "test" } } });
    expect(JSON.stringify(entry!.details)).not.toContain(CREEM_KEY);
  });

  it("is not tried again while it stays as it is", async () => {
    const masked = (await admin.get("/api/admin/settings")).json().creemApiKey as string;
    const { creem: first } = await checks();
    await save({ creemEnabled: true, creemApiKey: masked, creemEnvironment: "test", kieSurface: "veo" });
    await save({ creemApiKey: "", creemWebhookSecret: "whsec_key_checks_changed_0001" });
    expect(creem.productSearches).toBe(2);
    expect((await checks()).creem).toEqual(first);
  });

  it("is tried again in the other environment, and when Creem is switched back on", async () => {
    await save({ creemEnvironment: "prod" });
    expect(creem.productSearches).toBe(3);
    expect((await checks()).creem).toMatchObject({ status: "checked", environment: "prod" });
    await save({ creemEnabled: false, creemEnvironment: "test" });
    expect(creem.productSearches).toBe(3);
    expect((await checks()).creem).toEqual({ status: "off" });
    await save({ creemEnabled: true });
    expect(creem.productSearches).toBe(4);
    expect((await checks()).creem).toMatchObject({ status: "checked", environment: "test" });
  });
});

describe("PayPal's client id and secret", () => {
  it("are refused with PayPal's reason when the secret is wrong, and nothing is kept", async () => {
    const tokens = paypal.tokenRequests;
    const res = await admin.put("/api/admin/settings", {
      paypalEnabled: true,
      paypalClientId: PAYPAL_ID,
      paypalClientSecret: "not-the-paypal-secret-000",
      paypalWebhookId: WEBHOOK_ID,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      reason: "paypal_keys_refused",
      params: { detail: "invalid_client: Client Authentication failed", environment: "sandbox" },
      message:
        "PayPal's sandbox refused this client ID and secret: invalid_client: Client Authentication failed. Use the sandbox app's credentials from PayPal's developer dashboard. Nothing was saved.",
    });
    expect(paypal.tokenRequests).toBe(tokens + 1);
    const s = await stored();
    expect([s.paypalEnabled, s.paypalClientId, s.paypalClientSecret, s.paypalWebhookId]).toEqual([
      false,
      null,
      null,
      null,
    ]);
    expect((await checks()).paypal).toEqual({ status: "off" });
  });

  it("are saved when PayPal issues a token, with the webhook id found", async () => {
    const tokens = paypal.tokenRequests;
    await save({
      paypalEnabled: true,
      paypalClientId: PAYPAL_ID,
      paypalClientSecret: PAYPAL_SECRET,
      paypalWebhookId: WEBHOOK_ID,
    });
    expect(paypal.tokenRequests).toBe(tokens + 1);
    expect((await stored()).paypalClientSecret).toBe(PAYPAL_SECRET);
    expect((await checks()).paypal).toMatchObject({
      status: "checked",
      environment: "sandbox",
      webhook: "found",
      webhookUrl: WEBHOOK_URL,
    });
  });

  it("report a webhook id PayPal does not know, and one not set", async () => {
    await save({ paypalWebhookId: "5GP028458E2496506" });
    expect((await checks()).paypal).toMatchObject({ status: "checked", webhook: "not_found", webhookUrl: null });
    await save({ paypalWebhookId: null });
    expect((await checks()).paypal).toMatchObject({ status: "checked", webhook: "not_set" });
    await save({ paypalWebhookId: WEBHOOK_ID });
  });

  it("are not tried again while they stay as they are", async () => {
    const tokens = paypal.tokenRequests;
    const view = (await admin.get("/api/admin/settings")).json();
    await save({
      paypalEnabled: true,
      paypalClientId: PAYPAL_ID,
      paypalClientSecret: view.paypalClientSecret,
      paypalEnvironment: "sandbox",
      paypalWebhookId: WEBHOOK_ID,
      kieSurface: "market",
    });
    expect(paypal.tokenRequests).toBe(tokens);
  });

  it("refused, keep out the Creem keys Creem accepted in the same save", async () => {
    const searches = creem.productSearches;
    const res = await admin.put("/api/admin/settings", {
      creemApiKey: CREEM_KEY,
      creemWebhookSecret: "whsec_key_checks_not_kept_01",
      paypalClientSecret: "another-wrong-secret-0000",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ reason: "paypal_keys_refused" });
    expect(creem.productSearches).toBe(searches + 1);
    const s = await stored();
    expect([s.creemWebhookSecret, s.paypalClientSecret]).toEqual(["whsec_key_checks_changed_0001", PAYPAL_SECRET]);
  });

  it("cannot be saved while PayPal is down: a 422 that says so", async () => {
    paypal.setUnavailable(true);
    try {
      const res = await admin.put("/api/admin/settings", { paypalEnvironment: "production" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ reason: "payment_unreachable", params: { provider: "PayPal" } });
      expect(res.json().message).toMatch(
        /^PayPal could not be reached to test these keys \(.+\), so nothing was saved\./,
      );
      expect((await stored()).paypalEnvironment).toBe("sandbox");
    } finally {
      paypal.setUnavailable(false);
    }
  });
});

describe("an unreachable Creem", () => {
  it("refuses the key with a 422 that says Creem could not be reached; nothing is saved", async () => {
    const closed = await freePort();
    const offline = await createTestApp({ env: { CREEM_BASE_URL: `http://127.0.0.1:${closed}` } });
    try {
      const offlineAdmin = await signInAdmin(offline);
      const res = await offlineAdmin.put("/api/admin/settings", {
        creemEnabled: true,
        creemApiKey: CREEM_KEY,
        contactTelegram: "@veo_owner",
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: "unprocessable",
        reason: "payment_unreachable",
        params: { provider: "Creem" },
      });
      expect(res.json().message).toMatch(
        /^Creem could not be reached to test these keys \(.+\), so nothing was saved\. Try again in a minute\.$/,
      );
      const s = await readSettingsFromDatabase(offline.database.db, offline.secretBox);
      expect([s.creemEnabled, s.creemApiKey, s.contactTelegram]).toEqual([false, null, null]);
      expect(
        await offline.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.update")),
      ).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});

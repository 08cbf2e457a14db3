/**
 * The owner's first hour (issue 38, decision 0074): the admin overview's set-up checklist and its
 * warning when videos fail, contact channels as admin settings over the CONTACT_* defaults, and
 * KIE keys tried before they are saved.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vendorAccounts, mailMessages, paymentOrders, users, videoTasks } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase } from "../../src/server/features/settings/service.js";
import type { AdminSetup, SetupStepId } from "../../src/shared/schemas/admin-setup.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { freePort, signInAdmin, signUp, type Client } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  startSimulator,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

let sim: StartedSimulator;
/** Plays Creem for the Creem key switched on here: it is tried before it is saved (decision 0145). */
let creem: CreemFake;
beforeAll(async () => {
  sim = await startSimulator();
  creem = await startCreemFake({ apiKey: "creem_test_key_123", webhookSecret: "whsec_setup_123" });
});
afterAll(async () => {
  await sim.close();
  await creem.close();
});

/** An app whose KIE is the test simulator, with no contact channel unless `env` sets one. */
function appWith(env: Record<string, string> = {}): Promise<VideoTestApp> {
  const providers = { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, CREEM_BASE_URL: creem.baseUrl };
  return createVideoTestApp({ sim, env: { ...providers, ...env } });
}

async function setup(admin: Client): Promise<AdminSetup> {
  const res = await admin.get("/api/admin/overview/setup");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminSetup>();
}

const stepOf = (s: AdminSetup, id: SetupStepId) => s.steps.find((step) => step.id === id)!;
const doneSteps = (s: AdminSetup) => s.steps.filter((step) => step.done).map((step) => step.id);

let taskCounter = 0;
async function insertTask(
  t: VideoTestApp,
  userId: string,
  values: Partial<typeof videoTasks.$inferInsert> & { status: string },
): Promise<void> {
  taskCounter += 1;
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId: `setup-task-${taskCounter}-${crypto.randomBytes(3).toString("hex")}`,
    prompt: "a setup video",
    model: "veo3_fast",
    aspectRatio: "16:9",
    createdAt: new Date(Date.now() - 60_000 + taskCounter),
    ...values,
  });
}

describe("the set-up checklist", () => {
  let t: VideoTestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await appWith();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it("starts with every step to do, the provider on the simulator, each linking to its setting", async () => {
    const fresh = await setup(admin);
    expect(fresh.steps.map((s) => s.id)).toEqual([
      "provider",
      "payment",
      "packages",
      "prices",
      "contact",
      "mail",
      "legal",
      "showcase",
      "welcome",
    ]);
    // The test install sells at the spec's prices (tests/helpers/spec-prices.ts): Fast at 1 credit loses money.
    expect(doneSteps(fresh)).toEqual([]);
    expect(stepOf(fresh, "prices")).toMatchObject({ note: "below_cost", href: "/admin/settings/prices#pricing-title" });
    expect(fresh.allDone).toBe(false);
    expect(stepOf(fresh, "provider")).toEqual({
      id: "provider",
      done: false,
      note: "simulator",
      href: "/admin/settings/models#kie-token-title",
    });
    expect(stepOf(fresh, "payment")).toMatchObject({
      note: "not_enabled",
      href: "/admin/settings/payments#paypal-title",
    });
    expect(stepOf(fresh, "packages").href).toBe("/admin/settings/prices#packages-title");
    expect(stepOf(fresh, "contact").href).toBe("/admin/settings/contact#contact-title");
    // Welcome credits are on, but with no mail server and no Google sign-in nobody can verify an address.
    expect(stepOf(fresh, "welcome")).toEqual({
      id: "welcome",
      done: false,
      note: "welcome_unverifiable",
      href: "/admin/settings/sign-ups#welcome-title",
      values: { credits: 1, days: 14 },
    });
    expect(fresh.generationProblem).toBeNull();
  });

  it("ticks each step as the admin sets it up; the legal pages once every text is saved", async () => {
    expect((await admin.put("/api/admin/settings", { kieToken: "kie-setup-key-000111" })).statusCode).toBe(200);
    expect(doneSteps(await setup(admin))).toEqual(["provider"]);

    const starter = { name: "Starter", credits: 100, price: "9.00" };
    expect((await admin.post("/api/admin/credit-packages", starter)).statusCode).toBe(409);
    const pkg = await admin.post("/api/admin/credit-packages", { ...starter, confirmBelowCost: true });
    expect(pkg.statusCode).toBe(201);
    expect(doneSteps(await setup(admin))).toEqual(["provider", "packages"]);
    expect((await admin.post("/api/admin/prices/at-margin", { reason: "cover costs" })).statusCode).toBe(200);
    expect(doneSteps(await setup(admin))).toEqual(["provider", "packages", "prices"]);

    expect((await admin.put("/api/admin/settings", { contactTelegram: "@veo_owner" })).statusCode).toBe(200);
    expect(doneSteps(await setup(admin))).toEqual(["provider", "packages", "prices", "contact"]);

    // Switched on without its webhook secret: buyers could not pay with it, and the step says so.
    const creemKey = { creemEnabled: true, creemApiKey: "creem_test_key_123" };
    expect((await admin.put("/api/admin/settings", creemKey)).statusCode).toBe(200);
    expect(stepOf(await setup(admin), "payment")).toMatchObject({
      done: false,
      note: "creem_incomplete",
      href: "/admin/settings/payments#creem-title",
    });
    // Switched on with its keys, but nobody has paid through it yet: not tested; and the package
    // on sale has no Creem product, so the packages step is red until it has one.
    expect((await admin.put("/api/admin/settings", { creemWebhookSecret: "whsec_setup_123" })).statusCode).toBe(200);
    const untested = await setup(admin);
    expect(stepOf(untested, "payment")).toMatchObject({ done: false, note: "not_tested" });
    expect(stepOf(untested, "packages")).toMatchObject({ done: false, note: "no_creem_product" });
    const withProduct = await admin.put(`/api/admin/credit-packages/${pkg.json().id}`, {
      ...starter,
      creemProductId: "prod_setup_starter",
    });
    expect(withProduct.statusCode, withProduct.body).toBe(200);
    expect(stepOf(await setup(admin), "packages")).toMatchObject({ done: true, note: null });

    // A test purchase: the cheapest package to buy, nothing live, and how an admin's latest went.
    expect((await setup(admin)).testPurchase).toEqual({ packageId: pkg.json().id, live: [], last: null });
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
    await t.database.db.insert(paymentOrders).values({
      userId: owner!.id,
      packageName: "Starter",
      amount: "9.00",
      credits: 100,
      provider: "creem",
      status: "failed",
      failureReason: "checkout not created: Creem could not be reached",
    });
    expect((await setup(admin)).testPurchase?.last).toMatchObject({
      provider: "creem",
      status: "failed",
      credits: 100,
      failureReason: "checkout not created: Creem could not be reached",
    });
    expect(stepOf(await setup(admin), "payment").done).toBe(false);
    const buyer = await userWithCredits(t.app, t.database.db, 1);
    // A purchase through a provider that is switched off does not count.
    const order = { userId: buyer.id, packageName: "Starter", amount: "9.00", credits: 100, status: "completed" };
    await t.database.db.insert(paymentOrders).values({ ...order, provider: "paypal", completedAt: new Date() });
    expect(stepOf(await setup(admin), "payment").done).toBe(false);
    await t.database.db.insert(paymentOrders).values({ ...order, provider: "creem", completedAt: new Date() });
    expect(doneSteps(await setup(admin))).toEqual(["provider", "payment", "packages", "prices", "contact"]);

    // A shared video alone does not count: the admin chooses it for the showcase (decision 0081).
    await insertTask(t, buyer.id, {
      status: "completed",
      isPublic: true,
      completedAt: new Date(),
      resultUrls: ["https://tempfile.example/setup.mp4"],
      taskId: "setup-showcase-video",
    });
    expect(stepOf(await setup(admin), "showcase")).toMatchObject({
      done: false,
      href: "/admin/settings/appearance#showcase-title",
    });
    const chosen = await admin.put("/api/admin/showcase", { videos: [{ taskId: "setup-showcase-video" }] });
    expect(chosen.statusCode, chosen.body).toBe(200);

    // Mail (decision 0085): a server set, then a message it took.
    expect(stepOf(await setup(admin), "mail")).toMatchObject({ done: false, note: "local_outbox" });
    expect((await admin.put("/api/admin/settings/mail", { smtpHost: "smtp.owner.example" })).statusCode).toBe(200);
    expect(stepOf(await setup(admin), "mail")).toMatchObject({ done: false, note: "not_tested" });
    await t.database.db
      .insert(mailMessages)
      .values({ toAddress: "owner@owner.example", kind: "test", locale: "en", subject: "Test", status: "sent" });
    const later = await setup(admin);
    // A mail server lets people verify their address: the welcome step is done too.
    expect(doneSteps(later)).toEqual([
      "provider",
      "payment",
      "packages",
      "prices",
      "contact",
      "mail",
      "showcase",
      "welcome",
    ]);
    // Off is the owner's choice, said as such.
    expect((await admin.put("/api/admin/settings/sign-ups", { welcomeGrantEnabled: false })).statusCode).toBe(200);
    expect(stepOf(await setup(admin), "welcome")).toMatchObject({ done: true, note: "welcome_off" });
    expect((await admin.put("/api/admin/settings/sign-ups", { welcomeGrantEnabled: true })).statusCode).toBe(200);
    expect(stepOf(later, "legal").done).toBe(false);
    expect(later.allDone).toBe(false);

    // The legal pages: done once every page is saved in both languages, not before.
    const pages = ["terms", "privacy", "refunds"] as const;
    for (const [i, page] of pages.entries()) {
      for (const locale of ["en", "vi"] as const) {
        if (i === pages.length - 1 && locale === "vi") continue;
        const saved = await admin.put(`/api/admin/legal/${page}/${locale}`, { markdown: `# ${page} ${locale}` });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    }
    expect(stepOf(await setup(admin), "legal").done).toBe(false);
    expect((await admin.put("/api/admin/legal/refunds/vi", { markdown: "# Hoàn tiền" })).statusCode).toBe(200);
    const finished = await setup(admin);
    expect(stepOf(finished, "legal").done).toBe(true);
    expect(finished.allDone).toBe(true);
  });

  it("says when PayPal is switched on without its keys, even with Creem taking payments", async () => {
    expect((await admin.put("/api/admin/settings", { paypalEnabled: true })).statusCode).toBe(200);
    expect(stepOf(await setup(admin), "payment")).toMatchObject({ done: false, note: "paypal_incomplete" });
    expect((await admin.put("/api/admin/settings", { paypalEnabled: false })).statusCode).toBe(200);
    expect(stepOf(await setup(admin), "payment").done).toBe(true);
  });

  it("is the admin's only", async () => {
    const user = await signUp(t.app);
    expect((await user.client.get("/api/admin/overview/setup")).statusCode).toBe(403);
  });
});

describe("the warning when generation is failing", () => {
  let t: VideoTestApp;
  let admin: Client;
  let userId: string;
  beforeAll(async () => {
    t = await appWith();
    admin = await signInAdmin(t);
    await admin.put("/api/admin/settings", { kieToken: "kie-health-key-000222" });
    userId = (await userWithCredits(t.app, t.database.db, 1)).id;
  });
  afterAll(() => t.close());

  it("is quiet while videos finish, and while the failures are refused prompts", async () => {
    await insertTask(t, userId, { status: "completed", completedAt: new Date() });
    await insertTask(t, userId, {
      status: "failed",
      errorMessage: "Your prompt was flagged by Website as violating content policies.",
    });
    const s = await setup(admin);
    expect(s.generationProblem).toBeNull();
    expect(stepOf(s, "provider")).toMatchObject({ done: true, note: null });
  });

  it("warns with the provider's reason when the latest video failed for the provider's reasons", async () => {
    await insertTask(t, userId, { status: "failed", errorMessage: "KIE could not be reached" });
    const s = await setup(admin);
    expect(s.generationProblem).toMatchObject({
      reason: "KIE could not be reached",
      failed: 1,
      finished: 3,
      href: "/admin/settings/models#kie-token-title",
    });
    expect(stepOf(s, "provider")).toMatchObject({ done: false, note: "failing" });
  });

  it("keeps warning while more than half of the recent videos failed, and stops once most finish", async () => {
    await insertTask(t, userId, { status: "failed", errorMessage: "You do not have access permissions" });
    await insertTask(t, userId, { status: "completed", completedAt: new Date() });
    // 2 provider failures of 5 finished, the latest a success: quiet again.
    expect((await setup(admin)).generationProblem).toBeNull();
    await insertTask(t, userId, { status: "failed", errorMessage: "KIE did not answer in time" });
    await insertTask(t, userId, { status: "failed", errorMessage: "KIE did not answer in time" });
    await insertTask(t, userId, { status: "completed", completedAt: new Date() });
    // 4 of 8... not more than half, and the latest succeeded.
    expect((await setup(admin)).generationProblem).toBeNull();
    await insertTask(t, userId, { status: "failed", errorMessage: "KIE did not answer in time" });
    await insertTask(t, userId, { status: "completed", completedAt: new Date() });
    // 5 of 10 after the success: still not more than half.
    expect((await setup(admin)).generationProblem).toBeNull();
    await insertTask(t, userId, { status: "failed", errorMessage: "Internal Error, Please try again later." });
    await insertTask(t, userId, { status: "completed", completedAt: new Date() });
    // The last 10: 6 provider failures, the latest a success: more than half.
    expect((await setup(admin)).generationProblem).toMatchObject({
      reason: "Internal Error, Please try again later.",
      failed: 6,
      finished: 10,
    });
  });

  it("forgets failures older than an hour", async () => {
    const old = await appWith();
    try {
      const oldAdmin = await signInAdmin(old);
      const u = (await userWithCredits(old.app, old.database.db, 1)).id;
      await insertTask(old, u, {
        status: "failed",
        errorMessage: "KIE could not be reached",
        createdAt: new Date(Date.now() - 2 * 60 * 60_000),
      });
      expect((await setup(oldAdmin)).generationProblem).toBeNull();
    } finally {
      await old.close();
    }
  });
});

describe("a KIE key is tried before it is saved", () => {
  let t: VideoTestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await appWith();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it("saves a key KIE accepts", async () => {
    const calls = sim.stats.calls.credit;
    const res = await admin.put("/api/admin/settings", { kieToken: "kie-good-key-000333" });
    expect(res.statusCode, res.body).toBe(200);
    expect(sim.stats.calls.credit).toBe(calls + 1);
    expect((await readSettingsFromDatabase(t.database.db, t.secretBox)).kieToken).toBe("kie-good-key-000333");
  });

  it("refuses a key KIE refuses, with the reason, and saves nothing of the change", async () => {
    const res = await admin.put("/api/admin/settings", { kieToken: "sim-bad-key-000444", veo3FastCredits: 7 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "unprocessable", reason: "kie_key_refused" });
    expect(res.json().message).toMatch(/^KIE refused this key/);
    const stored = await readSettingsFromDatabase(t.database.db, t.secretBox);
    expect(stored.kieToken).toBe("kie-good-key-000333");
    expect((await admin.get("/api/admin/settings")).json().veo3FastCredits).not.toBe(7);
  });

  it("does not try a masked, blank or cleared key again", async () => {
    const calls = sim.stats.calls.credit;
    const masked = (await admin.get("/api/admin/settings")).json().kieToken as string;
    expect((await admin.put("/api/admin/settings", { kieToken: masked })).statusCode).toBe(200);
    expect((await admin.put("/api/admin/settings", { kieToken: "" })).statusCode).toBe(200);
    expect(sim.stats.calls.credit).toBe(calls);
  });

  it("refuses a provider account whose key KIE refuses, added or edited; nothing is saved", async () => {
    const before = await t.database.db.select().from(vendorAccounts);
    const added = await admin.post("/api/admin/kie-apis", { name: "bad", token: "SIM-BAD-KEY-555" });
    expect(added.statusCode).toBe(422);
    expect(added.json()).toMatchObject({ reason: "kie_key_refused" });
    expect(await t.database.db.select().from(vendorAccounts)).toHaveLength(before.length);

    const good = await admin.post("/api/admin/kie-apis", { name: "good", token: "kie-account-key-666" });
    expect(good.statusCode, good.body).toBe(201);
    const id = good.json().kieApi.id as string;
    const edited = await admin.put(`/api/admin/kie-apis/${id}`, { name: "renamed", token: "sim-bad-key-777" });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().message).toMatch(/^KIE refused this key/);
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, id));
    expect(row!.name).toBe("good");
    expect(t.secretBox.decrypt(row!.tokenEncrypted)).toBe("kie-account-key-666");
    // An edit that keeps the key is not tried.
    const calls = sim.stats.calls.credit;
    expect((await admin.put(`/api/admin/kie-apis/${id}`, { name: "renamed" })).statusCode).toBe(200);
    expect(sim.stats.calls.credit).toBe(calls);
  });

  it("refuses a key when KIE cannot be reached, saying so", async () => {
    const closed = await freePort();
    const offline = await appWith({ KIE_BASE_URL: `http://127.0.0.1:${closed}` });
    try {
      const offlineAdmin = await signInAdmin(offline);
      const res = await offlineAdmin.put("/api/admin/settings", { kieToken: "kie-unreachable-888" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ reason: "kie_unreachable" });
      expect(res.json().message).toMatch(/^KIE could not be reached/);
      const account = await offlineAdmin.post("/api/admin/kie-apis", { name: "x", token: "kie-unreachable-999" });
      expect(account.statusCode).toBe(422);
      expect((await readSettingsFromDatabase(offline.database.db, offline.secretBox)).kieToken).toBeNull();
      expect(await offline.database.db.select().from(vendorAccounts)).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });

  it("with VIDEO_PROVIDER=simulator, asks the simulator, which refuses its marked keys", async () => {
    const demo = await appWith({ VIDEO_PROVIDER: "simulator", KIE_BASE_URL: "http://127.0.0.1:9" });
    try {
      const demoAdmin = await signInAdmin(demo);
      expect((await demoAdmin.put("/api/admin/settings", { kieToken: "kie-demo-key-1010" })).statusCode).toBe(200);
      const bad = await demoAdmin.put("/api/admin/settings", { kieToken: "sim-bad-key-1111" });
      expect(bad.json()).toMatchObject({ reason: "kie_key_refused" });
    } finally {
      await demo.close();
    }
  });
});

describe("contact channels as admin settings", () => {
  let t: VideoTestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await appWith({ CONTACT_EMAIL: "env@veo.test", CONTACT_ZALO_PHONE: "0912 345 678" });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const channels = async () =>
    (await t.app.inject({ method: "GET", url: "/api/contact" })).json<{
      channels: { kind: string; detail: string }[];
    }>().channels;

  it("uses the CONTACT_* values while the admin has set none, and shows them as the defaults", async () => {
    expect(await channels()).toEqual([
      expect.objectContaining({ kind: "zalo", detail: "+0912345678" }),
      expect.objectContaining({ kind: "email", detail: "env@veo.test" }),
    ]);
    expect((await admin.get("/api/admin/settings")).json()).toMatchObject({
      contactEmail: null,
      contactTelegram: null,
      contactDefaults: { email: "env@veo.test", zaloPhone: "0912345678", telegram: null, zaloGroupUrl: null },
    });
    expect(stepOf(await setup(admin), "contact").done).toBe(true);
  });

  it("takes the admin's channels over the defaults, in their stored forms, and falls back when cleared", async () => {
    const res = await admin.put("/api/admin/settings", {
      contactEmail: " help@veo.test ",
      contactTelegram: "https://t.me/veo_help/",
      contactZaloGroupUrl: "https://zalo.me/g/veohelp",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      contactEmail: "help@veo.test",
      contactTelegram: "veo_help",
      contactZaloGroupUrl: "https://zalo.me/g/veohelp",
    });
    expect((await channels()).map((c) => c.detail)).toEqual([
      "+0912345678",
      "zalo.me/g/veohelp",
      "@veo_help",
      "help@veo.test",
    ]);
    expect((await admin.put("/api/admin/settings", { contactEmail: "", contactTelegram: null })).statusCode).toBe(200);
    expect((await channels()).map((c) => c.detail)).toEqual(["+0912345678", "zalo.me/g/veohelp", "env@veo.test"]);
  });

  it.each([
    [{ contactZaloPhone: "call me" }, "contactZaloPhone must be a phone number (digits, optionally with a leading +)"],
    [{ contactZaloPhone: "+84 12" }, "contactZaloPhone must have 8 to 15 digits"],
    [{ contactZaloGroupUrl: "http://zalo.me/g/x" }, "contactZaloGroupUrl must be an https:// URL"],
    [
      { contactTelegram: "@ab" },
      "contactTelegram must be a Telegram username (5-32 letters, digits or _), @name or https://t.me/name",
    ],
    [{ contactEmail: "not-an-address" }, "contactEmail must be an e-mail address"],
  ])("refuses %j with the CONTACT_* variable's rule", async (body, message) => {
    const res = await admin.put("/api/admin/settings", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("has no channel, and the checklist says so, when neither the admin nor the environment set one", async () => {
    const bare = await appWith();
    try {
      const bareAdmin = await signInAdmin(bare);
      expect((await bare.app.inject({ method: "GET", url: "/api/contact" })).json()).toEqual({ channels: [] });
      expect(stepOf(await setup(bareAdmin), "contact").done).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

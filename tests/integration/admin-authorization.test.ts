/**
 * The authorization matrix over every admin route: signed out 401, a user 403, a disabled admin
 * 401, an admin 2xx; and no answer to anyone carries a stored secret in clear. The route list is
 * checked against the app's own routing table, so a new admin route cannot go untested.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, moderationEvents, paymentOrders, users } from "../../src/server/db/schema.js";
import { creditPurchase } from "../../src/server/features/credits/ledger.js";
import { openDispute } from "../../src/server/features/payments/disputes.js";
import { providerActor } from "../../src/server/features/payments/reversals.js";
import { ensureAdminAccount } from "../../src/server/features/auth/service.js";
import { startTelegramFake, type TelegramFake } from "../fakes/telegram-fake.mjs";
import { Client, signInAdmin, signUp } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Case {
  method: Method;
  /** The route as registered, e.g. /api/admin/kie-apis/:id. */
  route: string;
  /** The concrete URL and body an admin sends for a 2xx. */
  request: () => { url: string; body?: unknown };
  /** The admin's answer when it cannot be a 2xx here (an outside service this app has not). */
  adminStatus?: number;
}

/** Admin routes outside the /api/admin prefix. */
const OUTSIDE_PREFIX = ["/api/test-telegram", "/api/video/:taskId/refund"];

const BOT_TOKEN = "123456:telegram-bot-secret-in-clear";
const SECRETS = {
  kieToken: "kie-settings-secret-in-clear-0001",
  paypalClientSecret: "paypal-secret-in-clear-0002",
  creemApiKey: "creem-api-key-in-clear-0003",
  creemWebhookSecret: "creem-webhook-secret-in-clear-0004",
  googleClientSecret: "google-secret-in-clear-0005",
  telegramBotToken: BOT_TOKEN,
  smtpPassword: "smtp-password-in-clear-0007",
};
const ACCOUNT_TOKEN = "kie-account-token-in-clear-0006";
/** Turnstile's secret, set without its site key: Turnstile stays off, so sign-ups here need no CAPTCHA. */
const TURNSTILE_SECRET = "turnstile-secret-in-clear-0008";

let sim: StartedSimulator;
let telegram: TelegramFake;
let t: VideoTestApp;
let admin: Client;
const fixtures = {
  userId: "",
  /** A user with an e-mail address: a reset link can go to them. */
  addressedUserId: "",
  credits: 0,
  packageId: "",
  planId: "",
  vendorAccountId: "",
  taskId: "",
  tokenId: "",
  orderId: "",
  mailId: "",
  failedMailId: "",
  resetMailId: "",
  moderationEventId: "",
  codeId: "",
};

/** Every method+path the app routes (HEAD aside), from Fastify's own table. */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of m[3]!.split(", ")) if (method !== "HEAD") found.push(`${method} ${stack.join("")}`);
  }
  return found;
}

beforeAll(async () => {
  sim = await startSimulator();
  telegram = await startTelegramFake({ tokens: [BOT_TOKEN], chats: ["-100200300"] });
  t = await createVideoTestApp({
    sim,
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, TELEGRAM_BASE_URL: telegram.url },
  });
  admin = await signInAdmin(t);
  await makingCostsNextToNothing(t.database.db);
  expect((await admin.put("/api/admin/settings", { ...SECRETS, telegramChatId: "-100200300" })).statusCode).toBe(200);
  const signUps = await admin.put("/api/admin/settings/sign-ups", { turnstileSecret: TURNSTILE_SECRET });
  expect(signUps.statusCode).toBe(200);

  const u = await userWithCredits(t.app, t.database.db, 50);
  fixtures.userId = u.id;
  const addressed = await signUp(t.app, { email: "matrix.person@people.example" });
  const [addressedRow] = await t.database.db.select().from(users).where(eq(users.username, addressed.username));
  fixtures.addressedUserId = addressedRow!.id;
  const pkg = await admin.post("/api/admin/credit-packages", { name: "Matrix pack", credits: 10, price: "1.00" });
  fixtures.packageId = pkg.json().id;
  const plan = await admin.post("/api/admin/plans", {
    name: "Matrix plan",
    monthlyPrice: "10.00",
    creditsPerMonth: 10,
  });
  fixtures.planId = plan.json().id;
  const code = await admin.post("/api/admin/codes", { kind: "grant", credits: 5, creditDays: 30 });
  fixtures.codeId = code.json().id;
  const account = await admin.post("/api/admin/kie-apis", {
    name: "matrix",
    token: ACCOUNT_TOKEN,
    totalCredits: 100_000,
  });
  fixtures.vendorAccountId = account.json().kieApi.id;
  const token = await u.client.post("/api/user-tokens", { name: "matrix" });
  fixtures.tokenId = token.json<{ id: string }>().id;
  const gen = await u.client.post("/api/generate-video", { prompt: "a matrix video", model: "veo3_fast" });
  fixtures.taskId = gen.json().taskId;
  await runWorkerUntil(t, async () => (await taskRow(t.database.db, fixtures.taskId)).status === "completed");
  const published = await u.client.put(`/api/videos/${fixtures.taskId}/sharing`, { isPublic: true, explore: true });
  expect(published.json<{ explore: string }>().explore).toBe("listed");
  // A paid Creem order under dispute: the refund and dispute-decision routes act on it.
  const [order] = await t.database.db
    .insert(paymentOrders)
    .values({ userId: u.id, packageName: "Matrix pack", provider: "creem", amount: "1.00", credits: 10 })
    .returning();
  fixtures.orderId = order!.id;
  await t.database.db.transaction(async (tx) => {
    await creditPurchase(tx, order!.id, "ord_matrix", () => "Purchased Matrix pack", t.app.mailer);
    await openDispute(tx, {
      orderId: order!.id,
      provider: "creem",
      providerDisputeId: "disp_matrix",
      amountCents: 100,
      currency: "USD",
      reason: null,
      actor: providerActor("creem"),
    });
  });
  fixtures.credits = (await balanceOf(t.database.db, u.id)).credits;
  // No mail server: a message is kept in the local outbox; another one failed.
  await t.app.mailer.toAddress(
    t.database.db,
    { address: "kept@people.example", locale: "en", userId: null },
    { kind: "test" },
  );
  await t.app.jobs.mailSender.runOnce();
  const [kept] = await t.database.db.select({ id: mailMessages.id }).from(mailMessages);
  fixtures.mailId = kept!.id;
  const [failed] = await t.database.db
    .insert(mailMessages)
    .values({ toAddress: "failed@people.example", kind: "test", locale: "en", subject: "Failed", status: "failed" })
    .returning();
  fixtures.failedMailId = failed!.id;
  // A kept reset message of a person with an address: "send a new link" acts on it (decision 0130).
  await t.database.db.update(users).set({ email: "matrix-user@people.example" }).where(eq(users.id, u.id));
  const [reset] = await t.database.db
    .insert(mailMessages)
    .values({
      userId: u.id,
      toAddress: "matrix-user@people.example",
      kind: "password_reset",
      locale: "en",
      subject: "Reset",
      status: "kept",
    })
    .returning();
  fixtures.resetMailId = reset!.id;
  // A prompt listed for review (decision 0089).
  const [screened] = await t.database.db
    .insert(moderationEvents)
    .values({
      userId: u.id,
      source: "web",
      field: "prompt",
      text: "a matrix duel",
      screener: "rules",
      decision: "flag",
      outcome: "review",
    })
    .returning();
  fixtures.moderationEventId = screened!.id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await telegram.close();
});

/** In run order: deletions last, so the earlier cases still find their fixtures. */
const CASES: Case[] = [
  { method: "GET", route: "/api/admin/settings", request: () => ({ url: "/api/admin/settings" }) },
  {
    method: "GET",
    route: "/api/admin/settings/payment-checks",
    request: () => ({ url: "/api/admin/settings/payment-checks" }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings",
    request: () => ({ url: "/api/admin/settings", body: { veo3Credits: 5 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/telegram",
    request: () => ({
      url: "/api/admin/settings/telegram",
      body: { telegramBotToken: "", telegramChatId: "-100200300" },
    }),
  },
  { method: "POST", route: "/api/test-telegram", request: () => ({ url: "/api/test-telegram", body: {} }) },
  {
    method: "PUT",
    route: "/api/admin/settings/mail",
    request: () => ({ url: "/api/admin/settings/mail", body: { mailFrom: "Veo Studio <no-reply@veo.example>" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/sign-ups",
    request: () => ({
      url: "/api/admin/settings/sign-ups",
      body: { turnstileSecret: "", emailDomainsBlocked: ["spam.people.example"] },
    }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/referrals",
    request: () => ({ url: "/api/admin/settings/referrals", body: { referralEnabled: true, referralHoldHours: 48 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/prompt-help",
    request: () => ({ url: "/api/admin/settings/prompt-help", body: { promptHelpMode: "builtin" } }),
  },
  { method: "GET", route: "/api/admin/referrals", request: () => ({ url: "/api/admin/referrals" }) },
  {
    method: "GET",
    route: "/api/admin/users/:userId/referrals",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/referrals` }),
  },
  { method: "GET", route: "/api/admin/mail/status", request: () => ({ url: "/api/admin/mail/status" }) },
  {
    method: "POST",
    route: "/api/admin/mail/test",
    request: () => ({ url: "/api/admin/mail/test", body: { to: "matrix@people.example" } }),
  },
  { method: "GET", route: "/api/admin/mail", request: () => ({ url: "/api/admin/mail?status=kept" }) },
  { method: "GET", route: "/api/admin/mail/:id", request: () => ({ url: `/api/admin/mail/${fixtures.mailId}` }) },
  {
    method: "POST",
    route: "/api/admin/mail/:id/retry",
    request: () => ({ url: `/api/admin/mail/${fixtures.failedMailId}/retry`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/admin/mail/:id/new-link",
    request: () => ({ url: `/api/admin/mail/${fixtures.resetMailId}/new-link`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/admin/settings/moderation",
    request: () => ({ url: "/api/admin/settings/moderation" }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/moderation",
    request: () => ({
      url: "/api/admin/settings/moderation",
      body: { moderationRefusalsFlag: 7, moderationRules: [{ text: "matrix*", kind: "flag" }] },
    }),
  },
  { method: "GET", route: "/api/admin/moderation", request: () => ({ url: "/api/admin/moderation?decision=flag" }) },
  {
    method: "POST",
    route: "/api/admin/moderation/:id/review",
    request: () => ({ url: `/api/admin/moderation/${fixtures.moderationEventId}/review`, body: {} }),
  },
  { method: "GET", route: "/api/admin/users", request: () => ({ url: "/api/admin/users" }) },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/toggle",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/toggle`, body: { isActive: true } }),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/in-flight-limit",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/in-flight-limit`, body: { maxVideosInFlight: 3 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/credits",
    request: () => ({
      url: `/api/admin/users/${fixtures.userId}/credits`,
      body: { change: "set", amount: 49, reason: "matrix", expectedCredits: fixtures.credits },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/prices/at-margin",
    request: () => ({ url: "/api/admin/prices/at-margin", body: { reason: "matrix" } }),
  },
  { method: "GET", route: "/api/admin/credit-packages", request: () => ({ url: "/api/admin/credit-packages" }) },
  {
    method: "POST",
    route: "/api/admin/credit-packages",
    request: () => ({ url: "/api/admin/credit-packages", body: { name: "Another", credits: 5, price: "2" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/credit-packages/:id",
    request: () => ({
      url: `/api/admin/credit-packages/${fixtures.packageId}`,
      body: { name: "Matrix pack", credits: 12, price: "1.50" },
    }),
  },
  { method: "GET", route: "/api/admin/kie-apis", request: () => ({ url: "/api/admin/kie-apis" }) },
  {
    method: "POST",
    route: "/api/admin/kie-apis",
    request: () => ({
      url: "/api/admin/kie-apis",
      body: { name: "second", token: `${ACCOUNT_TOKEN}-2`, isEnabled: false },
    }),
  },
  {
    method: "PUT",
    route: "/api/admin/kie-apis/:id",
    request: () => ({ url: `/api/admin/kie-apis/${fixtures.vendorAccountId}`, body: { name: "renamed" } }),
  },
  {
    method: "POST",
    route: "/api/admin/kie-apis/:id/check-credits",
    request: () => ({ url: `/api/admin/kie-apis/${fixtures.vendorAccountId}/check-credits`, body: {} }),
  },
  { method: "GET", route: "/api/admin/vendor-models", request: () => ({ url: "/api/admin/vendor-models" }) },
  {
    method: "PUT",
    route: "/api/admin/vendor-models/:model/:vendor",
    request: () => ({
      url: "/api/admin/vendor-models/kling3/kie",
      body: { vendorModelId: null, state: "active", reason: "route case" },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/transactions",
    request: () => ({ url: "/api/admin/transactions?page=1&limit=50" }),
  },
  {
    method: "GET",
    route: "/api/admin/exports/transactions.csv",
    request: () => ({ url: "/api/admin/exports/transactions.csv?type=usage" }),
  },
  {
    method: "GET",
    route: "/api/admin/exports/users.csv",
    request: () => ({ url: "/api/admin/exports/users.csv?sort=newest" }),
  },
  {
    method: "POST",
    route: "/api/video/:taskId/refund",
    request: () => ({ url: `/api/video/${fixtures.taskId}/refund`, body: { reason: "matrix" } }),
  },
  {
    method: "POST",
    route: "/api/admin/recheck-failed-videos",
    request: () => ({ url: "/api/admin/recheck-failed-videos", body: {} }),
  },
  {
    method: "DELETE",
    route: "/api/admin/delete-failed-videos",
    request: () => ({ url: "/api/admin/delete-failed-videos", body: {} }),
  },
  { method: "GET", route: "/api/admin/video-storage", request: () => ({ url: "/api/admin/video-storage" }) },
  { method: "GET", route: "/api/admin/users/:userId", request: () => ({ url: `/api/admin/users/${fixtures.userId}` }) },
  {
    method: "GET",
    route: "/api/admin/users/:userId/videos",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/videos` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/api-tokens/:tokenId",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/api-tokens/${fixtures.tokenId}` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/sessions",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/sessions` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/second-factor",
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/second-factor` }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:userId/password-reset",
    request: () => ({ url: `/api/admin/users/${fixtures.addressedUserId}/password-reset` }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/second-factor",
    request: () => ({ url: "/api/admin/settings/second-factor", body: { required: false } }),
  },
  { method: "GET", route: "/api/admin/audit-log", request: () => ({ url: "/api/admin/audit-log" }) },
  { method: "GET", route: "/api/admin/legal", request: () => ({ url: "/api/admin/legal" }) },
  {
    method: "PUT",
    route: "/api/admin/legal/:page/:locale",
    request: () => ({ url: "/api/admin/legal/terms/en", body: { markdown: "## Terms\n\nOurs." } }),
  },
  { method: "GET", route: "/api/admin/overview", request: () => ({ url: "/api/admin/overview?range=today" }) },
  { method: "GET", route: "/api/admin/overview/setup", request: () => ({ url: "/api/admin/overview/setup" }) },
  { method: "GET", route: "/api/admin/showcase", request: () => ({ url: "/api/admin/showcase" }) },
  {
    method: "PUT",
    route: "/api/admin/showcase",
    request: () => ({ url: "/api/admin/showcase", body: { videos: [] } }),
  },
  {
    method: "PUT",
    route: "/api/admin/showcase/model-samples/:model",
    request: () => ({ url: "/api/admin/showcase/model-samples/veo3_fast", body: { taskId: null } }),
  },
  // Explore (decision 0164): the fixture video is published in the set-up; featuring it is a 2xx.
  { method: "GET", route: "/api/admin/explore", request: () => ({ url: "/api/admin/explore?filter=listed" }) },
  {
    method: "POST",
    route: "/api/admin/explore/:taskId",
    request: () => ({ url: `/api/admin/explore/${fixtures.taskId}`, body: { action: "feature" } }),
  },
  {
    method: "POST",
    route: "/api/admin/payment-orders/:orderId/dispute",
    request: () => ({
      url: `/api/admin/payment-orders/${fixtures.orderId}/dispute`,
      body: { disputeId: "disp_matrix", outcome: "won", reason: "Evidence accepted" },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/payment-orders/:orderId/refund",
    request: () => ({
      url: `/api/admin/payment-orders/${fixtures.orderId}/refund`,
      body: { amount: "0.50", reason: "Refunded in Creem's dashboard", expectedRefundedCents: 0, recordedByHand: true },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/credit-packages/:id",
    request: () => ({ url: `/api/admin/credit-packages/${fixtures.packageId}` }),
  },
  { method: "GET", route: "/api/admin/plans", request: () => ({ url: "/api/admin/plans" }) },
  {
    method: "POST",
    route: "/api/admin/plans",
    request: () => ({ url: "/api/admin/plans", body: { name: "Another plan", monthlyPrice: "9", creditsPerMonth: 5 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/plans/:id",
    request: () => ({
      url: `/api/admin/plans/${fixtures.planId}`,
      body: { name: "Matrix plan", monthlyPrice: "12.00", creditsPerMonth: 10 },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/plans/:id",
    request: () => ({ url: `/api/admin/plans/${fixtures.planId}` }),
  },
  // The person has no plan: the admin reaches the route, which answers that (outside services aside).
  {
    method: "POST",
    route: "/api/admin/users/:userId/plan/cancel",
    adminStatus: 404,
    request: () => ({ url: `/api/admin/users/${fixtures.userId}/plan/cancel`, body: { reason: "matrix" } }),
  },
  // Codes (decision 0156).
  { method: "GET", route: "/api/admin/codes", request: () => ({ url: "/api/admin/codes" }) },
  {
    method: "POST",
    route: "/api/admin/codes",
    request: () => ({ url: "/api/admin/codes", body: { kind: "discount", percentOff: 10 } }),
  },
  {
    method: "POST",
    route: "/api/admin/codes/bulk",
    request: () => ({ url: "/api/admin/codes/bulk", body: { kind: "grant", credits: 5, count: 3 } }),
  },
  { method: "GET", route: "/api/admin/codes/export.csv", request: () => ({ url: "/api/admin/codes/export.csv" }) },
  { method: "GET", route: "/api/admin/codes/:id", request: () => ({ url: `/api/admin/codes/${fixtures.codeId}` }) },
  {
    method: "PATCH",
    route: "/api/admin/codes/:id",
    request: () => ({ url: `/api/admin/codes/${fixtures.codeId}`, body: { label: "matrix" } }),
  },
  {
    method: "GET",
    route: "/api/admin/codes/:id/redemptions",
    request: () => ({ url: `/api/admin/codes/${fixtures.codeId}/redemptions` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/kie-apis/:id",
    request: () => ({ url: `/api/admin/kie-apis/${fixtures.vendorAccountId}` }),
  },
];

const bodies: string[] = [];
const send = async (client: Client, c: Case) => {
  const { url, body } = c.request();
  const res = await client.request(c.method, url, body);
  bodies.push(res.body);
  return res;
};

describe("admin authorization matrix", () => {
  it("covers every admin route the app registers", () => {
    const admins = registeredRoutes(t.app).filter((r) => {
      const path = r.slice(r.indexOf(" ") + 1);
      return path.startsWith("/api/admin") || OUTSIDE_PREFIX.includes(path);
    });
    expect(CASES.map((c) => `${c.method} ${c.route}`).sort()).toEqual(admins.sort());
  });

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s: 401 signed out, 403 user, 401 disabled admin, 2xx admin",
    async (_name, c) => {
      const anonymous = await send(new Client(t.app), c);
      expect(anonymous.statusCode, anonymous.body).toBe(401);

      const { client: user } = await signUp(t.app);
      const asUser = await send(user, c);
      expect(asUser.statusCode, asUser.body).toBe(403);

      // A second admin, signed in, then disabled in the database behind its session's back.
      const name = `admin_${Math.random().toString(36).slice(2, 8)}`;
      await ensureAdminAccount(t.database.db, { username: name, password: "other-admin-pass" });
      const disabled = await signInAdmin(t, name, "other-admin-pass");
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, name));
      const asDisabled = await send(disabled, c);
      expect(asDisabled.statusCode, asDisabled.body).toBe(401);

      const asAdmin = await send(admin, c);
      if (c.adminStatus) {
        expect(asAdmin.statusCode, asAdmin.body).toBe(c.adminStatus);
        return;
      }
      expect(asAdmin.statusCode, asAdmin.body).toBeGreaterThanOrEqual(200);
      expect(asAdmin.statusCode, asAdmin.body).toBeLessThan(300);
    },
  );

  it("never answered anyone with a stored secret in clear", () => {
    expect(bodies.length).toBe(CASES.length * 4);
    for (const secret of [...Object.values(SECRETS), ACCOUNT_TOKEN, TURNSTILE_SECRET]) {
      expect(bodies.filter((b) => b.includes(secret))).toEqual([]);
    }
  });
});

/**
 * Telegram: the admin card's API, the test message, and the notification outbox delivered to a
 * local fake Bot API over HTTP. A failing Bot API must not touch purchases or generation.
 */
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminNotifications, creditPackages, vendorAccounts } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { MASK_PREFIX } from "../../src/shared/mask.js";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { startTelegramFake, type TelegramFake } from "../fakes/telegram-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import type { Client } from "../helpers/test-app.js";
import { signInAdmin } from "../helpers/test-app.js";
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

const BOT_TOKEN = "7000000001:AAH-telegram-fake-bot-token-0001";
const CHAT_ID = "-1001234567890";
const PAYPAL = {
  paypalEnabled: true,
  paypalClientId: "PayPalClientId-telegram-test",
  paypalClientSecret: "paypal-secret-telegram-test",
  paypalEnvironment: "sandbox",
};
/** Retries a few milliseconds apart, so giving up is quick to observe. */
const RETRIES = [10, 10, 10];

let telegram: TelegramFake;
let paypal: PaypalFake;
let sim: StartedSimulator;
let t: VideoTestApp;
let admin: Client;
const logs: string[] = [];

beforeAll(async () => {
  telegram = await startTelegramFake({ tokens: [BOT_TOKEN], chats: [CHAT_ID] });
  paypal = await startPaypalFake({ clientId: PAYPAL.paypalClientId, clientSecret: PAYPAL.paypalClientSecret });
  sim = await startSimulator();
  const logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(line) });
  t = await createVideoTestApp({
    sim,
    logger,
    env: {
      TELEGRAM_BASE_URL: telegram.url,
      PAYPAL_BASE_URL: paypal.baseUrl,
      KIE_BASE_URL: sim.baseUrl,
      KIE_UPLOAD_BASE_URL: sim.baseUrl,
    },
    notifications: { retryScheduleMs: RETRIES },
  });
  admin = await signInAdmin(t);
  expect((await admin.put("/api/admin/settings", PAYPAL)).statusCode).toBe(200);
});
beforeEach(async () => {
  const res = await admin.put("/api/admin/settings/telegram", { telegramBotToken: BOT_TOKEN, telegramChatId: CHAT_ID });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.notificationSender.runOnce();
  telegram.reset();
});
afterEach(() => expectLedgerBalanced(t.database.db));
afterAll(async () => {
  await t.close();
  await sim.close();
  await paypal.close();
  await telegram.close();
  expect(logs.filter((line) => line.includes(BOT_TOKEN))).toEqual([]);
});

/** Everything the sender can do now, retries included (their waits are milliseconds here). */
async function drain(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await t.app.jobs.notificationSender.runOnce(new Date(Date.now() + 60_000));
    const [pending] = await t.database.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.status, "pending"))
      .limit(1);
    if (!pending) return;
  }
}

async function buyWithPaypal(): Promise<{ userId: string; status: number }> {
  const [pkg] = await t.database.db
    .insert(creditPackages)
    .values({ name: "Pro <Pack>", credits: 150, price: "25.00" })
    .returning();
  const u = await userWithCredits(t.app, t.database.db, 0);
  const order = await u.client.post("/paypal/order", {
    intent: "CAPTURE",
    amount: "25.00",
    currency: "USD",
    packageId: pkg!.id,
  });
  expect(order.statusCode, order.body).toBe(200);
  paypal.approve(order.json().id);
  const capture = await u.client.post(`/paypal/order/${order.json().id}/capture`, { packageId: pkg!.id });
  return { userId: u.id, status: capture.statusCode };
}

describe("PUT /api/admin/settings/telegram", () => {
  it("stores the token sealed, answers it masked, keeps it when sent back masked or blank, clears on null", async () => {
    const res = await admin.put("/api/admin/settings/telegram", {
      telegramBotToken: BOT_TOKEN,
      telegramChatId: CHAT_ID,
    });
    expect(res.json()).toMatchObject({
      message: "Telegram settings updated",
      settings: { telegramBotToken: MASK_PREFIX + BOT_TOKEN.slice(-4), telegramChatId: CHAT_ID },
    });
    expect(res.body).not.toContain(BOT_TOKEN);
    const masked = res.json().settings.telegramBotToken as string;
    await admin.put("/api/admin/settings/telegram", { telegramBotToken: masked, telegramChatId: "@alerts_channel" });
    await admin.put("/api/admin/settings/telegram", { telegramBotToken: "" });
    const view = (await admin.get("/api/admin/settings")).json();
    expect(view).toMatchObject({ telegramBotToken: masked, telegramChatId: "@alerts_channel" });
    const cleared = await admin.put("/api/admin/settings/telegram", { telegramBotToken: null, telegramChatId: null });
    expect(cleared.json().settings).toMatchObject({ telegramBotToken: null, telegramChatId: null });
  });

  it("refuses a chat id that Telegram could never accept", async () => {
    const res = await admin.put("/api/admin/settings/telegram", { telegramChatId: "my chat" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Chat id must be a number like -1001234567890 or a @channelname");
  });
});

describe("POST /api/test-telegram", () => {
  it("sends a test message to the configured chat", async () => {
    const res = await admin.post("/api/test-telegram", {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Test message sent to Telegram" });
    expect(telegram.messages).toEqual([
      expect.objectContaining({ token: BOT_TOKEN, chatId: CHAT_ID, parseMode: "HTML" }),
    ]);
    expect(telegram.messages[0]!.text).toContain("Test message");
  });

  it("says what is wrong: not set up (400), bad token or chat (422), Telegram unreachable (502)", async () => {
    await admin.put("/api/admin/settings/telegram", { telegramChatId: null });
    const unset = await admin.post("/api/test-telegram", {});
    expect(unset.statusCode).toBe(400);
    expect(unset.json().message).toBe("Set the Telegram bot token and chat id first");

    await admin.put("/api/admin/settings/telegram", {
      telegramBotToken: "7000000002:wrong-token-value",
      telegramChatId: CHAT_ID,
    });
    const badToken = await admin.post("/api/test-telegram", {});
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().message).toBe("Telegram rejected the bot token: check it with @BotFather");
    expect(badToken.body).not.toContain("wrong-token-value");

    await admin.put("/api/admin/settings/telegram", { telegramBotToken: BOT_TOKEN, telegramChatId: "-100999" });
    const badChat = await admin.post("/api/test-telegram", {});
    expect(badChat.statusCode).toBe(422);
    expect(badChat.json().message).toBe("Telegram refused the message: Bad Request: chat not found");

    await admin.put("/api/admin/settings/telegram", { telegramChatId: CHAT_ID });
    telegram.setDown(true);
    const down = await admin.post("/api/test-telegram", {});
    telegram.setDown(false);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/^Could not reach Telegram/);
    expect(down.body).not.toContain(BOT_TOKEN);
  });
});

describe("notifications", () => {
  it("reports a purchase, escaping what users and admins typed", async () => {
    const { userId, status } = await buyWithPaypal();
    expect(status).toBe(200);
    await drain();
    expect(telegram.messages).toHaveLength(1);
    expect(telegram.messages[0]).toMatchObject({ chatId: CHAT_ID, parseMode: "HTML" });
    expect(telegram.messages[0]!.text).toContain("bought 150 credits (Pro &lt;Pack&gt;) for 25.00 USD via paypal");
    expect((await balanceOf(t.database.db, userId)).credits).toBe(150);
  });

  it("sends a notice written earlier in the same millisecond as the run", async () => {
    // The database stamps microseconds, a JavaScript Date milliseconds (see mail-outbox.test.ts).
    const ms = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    await t.database.db.insert(adminNotifications).values({
      kind: "purchase",
      text: "same millisecond",
      nextAttemptAt: sql`${ms.toISOString()}::timestamptz + interval '500 microseconds'`,
    });
    vi.useFakeTimers({ toFake: ["Date"], now: ms });
    try {
      expect(await t.app.jobs.notificationSender.runOnce()).toMatchObject({ sent: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect(telegram.messages.map((m) => m.text)).toEqual(["same millisecond"]);
  });

  it("reports a failed video with its refund", async () => {
    const u = await userWithCredits(t.app, t.database.db, 3);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "broken [sim:fail]", model: "veo3_fast" })
    ).json();
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
    await drain();
    expect(telegram.messages).toHaveLength(1);
    expect(telegram.messages[0]!.text).toMatch(/Video failed[\s\S]*veo3_fast[\s\S]*1 credit refunded/);
    expect(telegram.messages[0]!.text).toContain(taskId);
  });

  it("reports a provider account once when it drops below 400, and once when KIE rejects its key", async () => {
    const token = "kie-account-for-telegram-0001";
    const [account] = await t.database.db
      .insert(vendorAccounts)
      .values({
        name: "Pool <A>",
        tokenEncrypted: t.secretBox.encrypt(token),
        tokenHash: sha256Hex(token),
        totalCredits: 100_000_000 + 470,
        modelCosts: { veo3_fast: 80 },
      })
      .returning();
    await t.database.db.update(vendorAccounts).set({ totalCredits: 470 }).where(eq(vendorAccounts.id, account!.id));
    const u = await userWithCredits(t.app, t.database.db, 10);
    for (const prompt of ["first", "second", "third"]) {
      expect((await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" })).statusCode).toBe(200);
    }
    await drain();
    const low = telegram.messages.filter((m) => m.text.includes("KIE account low"));
    expect(low).toHaveLength(1);
    expect(low[0]!.text).toContain("Pool &lt;A&gt; has about 390 credits left");

    telegram.reset();
    sim.accounts.set(token, { credits: 0, revoked: true });
    await u.client.post("/api/generate-video", { prompt: "rejected key", model: "veo3_fast" });
    await u.client.post("/api/generate-video", { prompt: "rejected again", model: "veo3_fast" });
    await drain();
    expect(telegram.messages.filter((m) => m.text.includes("KIE account rejected"))).toHaveLength(1);
    await t.database.db.delete(vendorAccounts).where(eq(vendorAccounts.id, account!.id));
  });

  it("a failing Bot API breaks neither purchases nor generation; the sender retries, then gives up", async () => {
    telegram.failNext(100, 500);
    const { userId, status } = await buyWithPaypal();
    expect(status).toBe(200);
    expect((await balanceOf(t.database.db, userId)).credits).toBe(150);
    const u = await userWithCredits(t.app, t.database.db, 2);
    const gen = await u.client.post("/api/generate-video", { prompt: "still works", model: "veo3_fast" });
    expect(gen.statusCode, gen.body).toBe(200);

    await drain();
    const rows = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.kind, "purchase"));
    const last = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    expect(last).toMatchObject({ status: "failed", attempts: RETRIES.length + 1, lastError: "Internal Server Error" });
    expect(telegram.calls).toBe(RETRIES.length + 1);
    expect(telegram.messages).toEqual([]);
  });

  it("honours Telegram's retry_after and delivers once it recovers", async () => {
    telegram.failNext(1, 429, 30);
    await buyWithPaypal();
    const first = await t.app.jobs.notificationSender.runOnce();
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [row] = await t.database.db.select().from(adminNotifications).where(eq(adminNotifications.status, "pending"));
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    await drain();
    expect(telegram.messages).toHaveLength(1);
  });

  it("skips notifications while Telegram is not set up", async () => {
    await admin.put("/api/admin/settings/telegram", { telegramBotToken: null });
    await buyWithPaypal();
    expect(await t.app.jobs.notificationSender.runOnce()).toMatchObject({ skipped: 1, sent: 0 });
    expect(telegram.calls).toBe(0);
  });
});

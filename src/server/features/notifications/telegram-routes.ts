/**
 * The Telegram card of /admin: PUT /api/admin/settings/telegram (in the admin scope) and POST
 * /api/test-telegram (admin, outside the prefix as the spec names it).
 * The test is sent at once (the admin waits for the answer); everything else goes through the
 * outbox. Decision 0023.
 */
import type { FastifyInstance } from "fastify";
import { adminSettingsApi } from "../../../shared/api/admin-settings.js";
import type { ContactConfig } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { AppError, badRequest } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireAdmin } from "../../http/session-auth.js";
import { escapeHtml, sendTelegramMessage, TelegramError } from "../../integrations/telegram/client.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "../settings/service.js";

const TEST_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };

function testError(err: unknown): AppError {
  if (err instanceof TelegramError) {
    if (err.kind === "unauthorized")
      return new AppError("unprocessable", "Telegram rejected the bot token: check it with @BotFather");
    if (err.kind === "rejected") return new AppError("unprocessable", `Telegram refused the message: ${err.message}`);
    if (err.kind === "rate_limited")
      return new AppError("rate_limited", "Telegram asks to slow down: try again in a minute");
    return new AppError("upstream_error", `Could not reach Telegram: ${err.message}`);
  }
  return new AppError("upstream_error", "Could not reach Telegram");
}

/** Under /api/admin. */
/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function adminTelegramSettingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: { contact: ContactConfig } },
): Promise<void> {
  const { db, secretBox, config } = opts;
  serve(app, adminSettingsApi.setTelegram, STEP_UP, async (request) => {
    await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "telegram.update");
    return {
      message: "Telegram settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });
}

export async function telegramTestRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; rateLimitStore: RateLimitStore; config: { telegramBaseUrl: string } },
): Promise<void> {
  const { db, secretBox } = opts;
  const { telegramBaseUrl } = opts.config;
  const testLimiter = new RateLimiter("telegram-test", TEST_RATE_LIMIT, opts.rateLimitStore);

  serve(app, adminSettingsApi.testTelegram, { access: "admin" }, async (request) => {
    const admin = requireAdmin(request);
    const wait = await testLimiter.hit(admin.id);
    if (wait > 0) throw tooManyRequests(wait, "test messages");
    const { telegramBotToken, telegramChatId } = await readSettingsFromDatabase(db, secretBox);
    if (!telegramBotToken || !telegramChatId) throw badRequest("Set the Telegram bot token and chat id first");
    try {
      await sendTelegramMessage(
        telegramBaseUrl,
        telegramBotToken,
        telegramChatId,
        `✅ <b>Test message</b>\nTelegram notifications work. Sent by ${escapeHtml(admin.username)}.`,
      );
    } catch (err) {
      request.log.warn({ kind: err instanceof TelegramError ? err.kind : "unknown" }, "Telegram test failed");
      throw testError(err);
    }
    await recordAudit(db, auditActor(request), {
      action: "telegram.test",
      targetType: "settings",
      details: { chatId: telegramChatId },
    });
    return { message: "Test message sent to Telegram" };
  });
}

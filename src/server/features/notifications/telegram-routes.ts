/**
 * The Telegram card of /admin: PUT /api/admin/settings/telegram (in the admin scope) and POST
 * /api/test-telegram (admin, outside the prefix as the spec names it).
 * The test is sent at once (the admin waits for the answer); everything else goes through the
 * outbox. Decision 0023.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminSettingsSavedSchema,
  telegramSettingsSchema,
  telegramTestResultSchema,
} from "../../../shared/schemas/settings.js";
import type { Db } from "../../db/connect.js";
import { AppError, badRequest } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { errors } from "../../http/route-contract.js";
import { requireAdmin } from "../../http/session-auth.js";
import { escapeHtml, sendTelegramMessage, TelegramError } from "../../integrations/telegram/client.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { readSettings, toAdminView, updateSettingsAudited } from "../settings/service.js";

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
export async function adminTelegramSettingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox },
): Promise<void> {
  const { db, secretBox } = opts;
  app.withTypeProvider<ZodTypeProvider>().put(
    "/settings/telegram",
    {
      schema: {
        tags: ["Admin"],
        summary: "Set the Telegram bot token and chat id (a blank or masked token keeps the stored one)",
        body: telegramSettingsSchema,
        response: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "telegram.update");
      return { message: "Telegram settings updated", settings: toAdminView(await readSettings(db, secretBox)) };
    },
  );
}

export async function telegramTestRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; rateLimitStore: RateLimitStore; config: { telegramBaseUrl: string } },
): Promise<void> {
  const { db, secretBox } = opts;
  const { telegramBaseUrl } = opts.config;
  const testLimiter = new RateLimiter("telegram-test", TEST_RATE_LIMIT, opts.rateLimitStore);

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/test-telegram",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Admin"],
        summary: "Send a test message to the configured Telegram chat",
        response: { 200: telegramTestResultSchema, ...errors(400, 401, 403, 422, 429, 502) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const wait = await testLimiter.hit(admin.id);
      if (wait > 0) throw tooManyRequests(wait, "test messages");
      const { telegramBotToken, telegramChatId } = await readSettings(db, secretBox);
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
    },
  );
}

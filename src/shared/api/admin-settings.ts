/** The admin's settings (the /admin page): every setting with secrets masked, a change of any subset, and the Telegram card. */
import {
  adminSettingsSavedSchema,
  adminSettingsViewSchema,
  settingsUpdateSchema,
  telegramSettingsSchema,
  telegramTestResultSchema,
} from "../schemas/settings.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminSettingsApi = {
  get: defineRoute({
    method: "GET",
    path: "/api/admin/settings",
    tags,
    summary: "Every setting, secrets masked",
    responses: { 200: adminSettingsViewSchema, ...errors(401, 403) },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/settings",
    tags,
    summary: "Change any subset of the settings (a blank or masked secret keeps the stored one, null clears it)",
    description:
      "New KIE, Creem and PayPal keys are tried with the provider first (decisions 0074, 0145): one it refuses, or that cannot be tried, is a 422 and nothing of the change is saved.",
    body: settingsUpdateSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403, 422) },
    reasons: ["kie_key_refused", "kie_unreachable", "creem_key_refused", "paypal_keys_refused", "payment_unreachable"],
  }),
  setTelegram: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/telegram",
    tags,
    summary: "Set the Telegram bot token and chat id (a blank or masked token keeps the stored one)",
    body: telegramSettingsSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
  /** Outside /api/admin, as the spec names it (still admin only). */
  testTelegram: defineRoute({
    method: "POST",
    path: "/api/test-telegram",
    tags,
    summary: "Send a test message to the configured Telegram chat",
    responses: { 200: telegramTestResultSchema, ...errors(400, 401, 403, 422, 429, 502) },
  }),
};

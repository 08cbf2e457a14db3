/** Sign-ups that bots cannot farm (decision 0091): Turnstile for the forms, and the admin's Sign-ups card. */
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import { captchaConfigSchema, signUpSettingsSchema } from "../schemas/sign-up-protection.js";
import { defineRoute, errors } from "./contract.js";

export const signUpProtectionApi = {
  captcha: defineRoute({
    method: "GET",
    path: "/api/auth/captcha",
    tags: ["Account"],
    summary: "Whether the sign-up, sign-in and reset forms show Cloudflare Turnstile, and its site key",
    responses: { 200: captchaConfigSchema },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/sign-ups",
    tags: ["Admin"],
    summary:
      "Set Turnstile's keys (on while both are set) and the mail domains always allowed or refused at sign-up (a blank or masked secret keeps the stored one)",
    body: signUpSettingsSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
};

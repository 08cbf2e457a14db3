import { z } from "zod";
import { MASK_PREFIX } from "../mask.js";
import { isoTimestamp } from "./common.js";

export const SECRET_SETTING_FIELDS = ["kieToken", "paypalClientSecret", "creemApiKey", "creemWebhookSecret", "googleClientSecret", "telegramBotToken"] as const;
export type SecretSettingField = (typeof SECRET_SETTING_FIELDS)[number];

export const SETTINGS_LIMITS = { creditsMin: 1, creditsMax: 1000, priceMin: 1, priceMax: 1000 } as const;

/** A secret: blank or the masked form keeps the stored value; null clears it. */
const secret = z.string().max(4096, "Secret is too long").nullable().optional();
const text = z
  .string()
  .trim()
  .max(2048, "Value is too long")
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));

const credits = (field: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${field} must be an integer between 1 and 1000` })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z
        .number({ error: `${field} must be an integer between 1 and 1000` })
        .int(`${field} must be an integer between 1 and 1000`)
        .min(SETTINGS_LIMITS.creditsMin, `${field} must be an integer between 1 and 1000`)
        .max(SETTINGS_LIMITS.creditsMax, `${field} must be an integer between 1 and 1000`),
    )
    .optional();

/** Prices travel as strings with at most two decimals ("10", "2.50"); numbers are accepted. */
const price = (field: string) => {
  const message = `${field} must be a number between 1 and 1000 with at most two decimals`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, message)
        .refine((v) => Number(v) >= SETTINGS_LIMITS.priceMin && Number(v) <= SETTINGS_LIMITS.priceMax, message),
    )
    .optional();
};

export const RETENTION_DAYS_LIMITS = { min: 1, max: 36500 } as const;
const retentionMessage = `videoRetentionDays must be a whole number of days between ${RETENTION_DAYS_LIMITS.min} and ${RETENTION_DAYS_LIMITS.max}, or null to keep videos forever`;
/** Days an archived video is kept (decision 0045); null keeps them forever. */
const retentionDays = z
  .union([z.number(), z.string().trim()], { error: retentionMessage })
  .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
  .pipe(
    z
      .number({ error: retentionMessage })
      .int(retentionMessage)
      .min(RETENTION_DAYS_LIMITS.min, retentionMessage)
      .max(RETENTION_DAYS_LIMITS.max, retentionMessage),
  )
  .nullable()
  .optional();

export const settingsUpdateSchema = z.object({
  kieToken: secret,
  paypalClientId: text,
  paypalClientSecret: secret,
  paypalEnvironment: z.enum(["sandbox", "production"], { error: "paypalEnvironment must be sandbox or production" }).optional(),
  paypalEnabled: z.boolean({ error: "paypalEnabled must be true or false" }).optional(),
  creemApiKey: secret,
  creemEnvironment: z.enum(["test", "prod"], { error: "creemEnvironment must be test or prod" }).optional(),
  creemWebhookSecret: secret,
  creemEnabled: z.boolean({ error: "creemEnabled must be true or false" }).optional(),
  googleClientId: text,
  googleClientSecret: secret,
  googleRedirectUri: text.pipe(
    z
      .url({ protocol: /^https?$/, error: "googleRedirectUri must be an http(s) URL" })
      .nullable()
      .optional(),
  ),
  googleAuthEnabled: z.boolean({ error: "googleAuthEnabled must be true or false" }).optional(),
  veo3Credits: credits("veo3Credits"),
  veo3FastCredits: credits("veo3FastCredits"),
  veo3ApiPrice: price("veo3ApiPrice"),
  veo3FastApiPrice: price("veo3FastApiPrice"),
  telegramBotToken: secret,
  telegramChatId: text,
  videoRetentionDays: retentionDays,
});
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** PUT /api/admin/settings/telegram: the Telegram card of /admin. */
export const telegramSettingsSchema = z.object({
  telegramBotToken: secret,
  telegramChatId: z
    .string({ error: "telegramChatId must be text" })
    .trim()
    .max(100, "Chat id must be at most 100 characters")
    .regex(/^(-?\d+|@[A-Za-z][A-Za-z0-9_]{3,31})?$/, "Chat id must be a number like -1001234567890 or a @channelname")
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v)),
});

// ---- Answers (decision 0040) ----

/**
 * A secret as it leaves the server: masked (bullets plus the last 4 characters). Anything not
 * masked fails the answer's encoding (a 500) rather than leaving.
 */
export const maskedText = z.string().regex(new RegExp(`^${MASK_PREFIX}`), "A secret must leave the server masked");

/** A stored secret: masked, null when not set. */
const maskedSecret = maskedText.nullable().meta({ description: "Masked: bullets plus the last 4 characters; null when not set." });

/** GET /api/admin/settings: every field, secrets masked (null when not set). */
export const adminSettingsViewSchema = z
  .object({
    id: z.number().int(),
    kieToken: maskedSecret,
    paypalClientId: z.string().nullable(),
    paypalClientSecret: maskedSecret,
    paypalEnvironment: z.enum(["sandbox", "production"]),
    paypalEnabled: z.boolean(),
    creemApiKey: maskedSecret,
    creemEnvironment: z.enum(["test", "prod"]),
    creemWebhookSecret: maskedSecret,
    creemEnabled: z.boolean(),
    googleClientId: z.string().nullable(),
    googleClientSecret: maskedSecret,
    googleRedirectUri: z.string().nullable(),
    googleAuthEnabled: z.boolean(),
    veo3Credits: z.number().int(),
    veo3FastCredits: z.number().int(),
    veo3ApiPrice: z.string().meta({ description: 'Two decimals, e.g. "10.00".' }),
    veo3FastApiPrice: z.string().meta({ description: 'Two decimals, e.g. "2.00".' }),
    telegramBotToken: maskedSecret,
    telegramChatId: z.string().nullable(),
    videoRetentionDays: z.number().int().nullable().meta({ description: "Archived videos older than this are deleted; null keeps them forever." }),
    updatedAt: isoTimestamp,
  })
  .meta({ id: "AdminSettings" });
export type AdminSettingsView = z.infer<typeof adminSettingsViewSchema>;

/** PUT /api/admin/settings and PUT /api/admin/settings/telegram: the settings as they are now. */
export const adminSettingsSavedSchema = z.object({ message: z.string(), settings: adminSettingsViewSchema }).meta({ id: "AdminSettingsSaved" });
export type AdminSettingsSaved = z.infer<typeof adminSettingsSavedSchema>;

/** POST /api/test-telegram. */
export const telegramTestResultSchema = z.object({ message: z.string() });

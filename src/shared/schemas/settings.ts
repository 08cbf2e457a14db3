import { z } from "zod";
import {
  MODEL_CATALOGUE,
  MODELS,
  PRICE_CELLS,
  PRICE_ITEMS,
  VENDORS,
  type ModelId,
  type PriceItem,
} from "../catalogue.js";
import { MASK_PREFIX } from "../mask.js";
import { MARGIN_PERCENT_LIMITS } from "../price-rule.js";
import { confirmBelowCost, isoTimestamp } from "./common.js";
import { PROMPT_HELP_MODES } from "./prompt-help.js";
import { EXPLORE_MODES } from "./explore.js";
import { mailSettingsUpdateSchema, SMTP_SECURITIES } from "./mail-fields.js";
import { contactEmailRule, telegramUsernameRule, zaloGroupUrlRule, zaloPhoneRule } from "./contact-fields.js";

export const SECRET_SETTING_FIELDS = [
  "kieToken",
  "kieWebhookHmacKey",
  "paypalClientSecret",
  "creemApiKey",
  "creemWebhookSecret",
  "googleClientSecret",
  "telegramBotToken",
  "smtpPassword",
  "turnstileSecret",
  "promptHelpApiKey",
] as const;

/** KIE's two ways to make a Veo 3.1 video (decision 0051): /api/v1/veo/* and the Market's /api/v1/jobs/*. */
const KIE_SURFACES = ["veo", "market"] as const;
export type KieSurface = (typeof KIE_SURFACES)[number];

const SETTINGS_LIMITS = { creditsMin: 1, creditsMax: 1000, priceMin: 1, priceMax: 1000 } as const;

/** A secret: blank or the masked form keeps the stored value; null clears it. */
const secret = z.string().max(4096, "Secret is too long").nullable().optional();
const text = z
  .string()
  .trim()
  .max(2048, "Value is too long")
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));

/** Per-second price cells (issue 42) take cents of a credit: a second may cost 0.5 credits. */
const perSecond = (item: PriceItem) => {
  const model: ModelId | undefined = PRICE_CELLS.get(item)?.model;
  return model !== undefined && MODEL_CATALOGUE[model].pricing.unit === "second";
};

/** A video costs at least 1 credit (a second of one at least 0.01); a surcharge may be 0. */
const lowestPrice = (item?: PriceItem) =>
  item === undefined
    ? SETTINGS_LIMITS.creditsMin
    : perSecond(item)
      ? 0.01
      : PRICE_CELLS.has(item)
        ? SETTINGS_LIMITS.creditsMin
        : 0;

/** A per-second cell's web price: credits with at most two decimals, as a number. */
const decimalCredits = (field: string, min: number) => {
  const message = `${field} must be a number between ${min} and ${SETTINGS_LIMITS.creditsMax} with at most two decimals`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, message)
        .transform(Number)
        .refine((v) => v >= min && v <= SETTINGS_LIMITS.creditsMax, message),
    )
    .optional();
};

const credits = (field: string, min: number = SETTINGS_LIMITS.creditsMin) => {
  const message = `${field} must be an integer between ${min} and ${SETTINGS_LIMITS.creditsMax}`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(SETTINGS_LIMITS.creditsMax, message))
    .optional();
};

/** Prices travel as strings with at most two decimals ("10", "2.50"); numbers are accepted. */
const price = (field: string, min: number = SETTINGS_LIMITS.priceMin) => {
  const message = `${field} must be a number between ${min} and ${SETTINGS_LIMITS.priceMax} with at most two decimals`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, message)
        .refine((v) => Number(v) >= min && Number(v) <= SETTINGS_LIMITS.priceMax, message),
    )
    .optional();
};

/** What one price cell takes (the settings page words its problems with them). */
export const priceLimitsOf = (item: PriceItem) => ({
  min: lowestPrice(item),
  creditsMax: SETTINGS_LIMITS.creditsMax,
  priceMax: SETTINGS_LIMITS.priceMax,
  centsOfCredits: perSecond(item),
});

/** `prices` in PUT /api/admin/settings: any models and surcharges, each with either price or both. */
export const pricesUpdate = z
  .strictObject(
    Object.fromEntries(
      PRICE_ITEMS.map((item) => [
        item,
        z
          .strictObject(
            {
              webCredits: perSecond(item)
                ? decimalCredits(`prices.${item}.webCredits`, lowestPrice(item))
                : credits(`prices.${item}.webCredits`, lowestPrice(item)),
              apiPrice: price(`prices.${item}.apiPrice`, lowestPrice(item)),
            },
            { error: `prices.${item} takes webCredits and apiPrice` },
          )
          .optional(),
      ]),
    ),
    { error: `prices takes ${PRICE_ITEMS.join(", ")}` },
  )
  .optional();

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

/**
 * A contact channel (decision 0074): the same rules as its CONTACT_* variable; blank or null
 * clears the admin's value, and the variable's value (if any) is shown again.
 */
const contactChannel = <T extends z.ZodType<string, string>>(field: string, rule: T) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v))
    .pipe(rule.nullable().optional());
export const IN_FLIGHT_LIMITS = { min: 1, max: 1000 } as const;
/**
 * Videos one person may have being made at once (decision 0093), from a number or a form's digit
 * string: the admin's default, or one person's own limit (nullable there: null uses the default).
 */
export const inFlightLimit = (field: string) => {
  const message = `${field} must be a whole number from ${IN_FLIGHT_LIMITS.min} to ${IN_FLIGHT_LIMITS.max}`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z.number({ error: message }).int(message).min(IN_FLIGHT_LIMITS.min, message).max(IN_FLIGHT_LIMITS.max, message),
    );
};

export const CREDIT_VALUE_LIMITS = { min: 0.0001, max: 1000 } as const;
const creditValueMessage = `creditValueUsd must be a number of US dollars between ${CREDIT_VALUE_LIMITS.min} and ${CREDIT_VALUE_LIMITS.max} with at most four decimals, or null to derive it from the packages`;
/** What one credit is worth in USD on the pages (decision 0075); null derives it from the packages on sale. */
const creditValue = z
  .union([z.number(), z.string().trim()], { error: creditValueMessage })
  .transform((v) => (v === "" ? null : String(v)))
  .pipe(
    z
      .string()
      .regex(/^\d+(\.\d{1,4})?$/, creditValueMessage)
      .refine((v) => Number(v) >= CREDIT_VALUE_LIMITS.min && Number(v) <= CREDIT_VALUE_LIMITS.max, creditValueMessage)
      .nullable(),
  )
  .nullable()
  .optional();

const modelMessage = `disabledModels takes model ids: ${MODELS.join(", ")}`;
/** Models taken out of the form and the API (issue 42); at least one stays on. */
const disabledModels = z
  .array(z.enum(MODELS, { error: modelMessage }), { error: modelMessage })
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length < MODELS.length, "At least one model must stay on: people could make no video at all")
  .optional();

const kieCreditMessage =
  "kieCreditUsd must be what one KIE credit costs in US dollars, between 0.000001 and 1, with at most six decimals";
/** What one KIE credit costs us (issue 42's unit economics). */
const kieCreditUsd = z
  .union([z.number(), z.string().trim()], { error: kieCreditMessage })
  .transform((v) => String(v))
  .pipe(
    z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, kieCreditMessage)
      .refine((v) => Number(v) >= 0.000001 && Number(v) <= 1, kieCreditMessage),
  )
  .optional();

const marginMessage = `priceMarginPercent must be a whole percent from ${MARGIN_PERCENT_LIMITS.min} to ${MARGIN_PERCENT_LIMITS.max}`;
/** The share of a sale kept over the vendor's cost (issue 68): prices set to cost + margin, package suggestions. */
const priceMarginPercent = z
  .union([z.number(), z.string().trim()], { error: marginMessage })
  .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
  .pipe(
    z
      .number({ error: marginMessage })
      .int(marginMessage)
      .min(MARGIN_PERCENT_LIMITS.min, marginMessage)
      .max(MARGIN_PERCENT_LIMITS.max, marginMessage),
  )
  .optional();

const vendorOrderMessage =
  "vendorOrder gives each model a list of the vendors that make it (see GET /api/models), in the order to try them";
/** The vendors of each model, in order (issue 42): only vendors that make the model, each once, at least one. */
const vendorOrder = z
  .partialRecord(
    z.enum(MODELS, { error: vendorOrderMessage }),
    z.array(z.enum(VENDORS, { error: vendorOrderMessage })),
    {
      error: vendorOrderMessage,
    },
  )
  .superRefine((order, ctx) => {
    for (const [model, vendors] of Object.entries(order) as [ModelId, readonly string[]][]) {
      const makers = MODEL_CATALOGUE[model].vendors as readonly string[];
      const problem =
        vendors.length === 0
          ? "needs at least one vendor"
          : new Set(vendors).size !== vendors.length
            ? "names a vendor twice"
            : vendors.find((v) => !makers.includes(v))
              ? `is made by ${makers.join(" and ")} only`
              : undefined;
      if (problem) ctx.addIssue({ code: "custom", path: [model], message: `vendorOrder.${model} ${problem}` });
    }
  })
  .optional();

/** The Market's image model for first frames (decision 0161): KIE's model id, e.g. nano-banana-2. */
const firstFrameModel = z
  .string({ error: "firstFrameModel must be a model id" })
  .trim()
  .regex(/^[a-z0-9][a-z0-9._/-]{0,99}$/i, "firstFrameModel must be a KIE Market model id, e.g. nano-banana-2");

export const settingsUpdateSchema = z.object({
  kieToken: secret,
  vendorOrder,
  disabledModels,
  pauseDegradedModels: z.boolean({ error: "pauseDegradedModels must be true or false" }).optional(),
  kieCreditUsd,
  priceMarginPercent,
  confirmBelowCost,
  kieWebhookHmacKey: secret,
  kieSurface: z.enum(KIE_SURFACES, { error: "kieSurface must be veo or market" }).optional(),
  paypalClientId: text,
  paypalClientSecret: secret,
  paypalEnvironment: z
    .enum(["sandbox", "production"], { error: "paypalEnvironment must be sandbox or production" })
    .optional(),
  paypalEnabled: z.boolean({ error: "paypalEnabled must be true or false" }).optional(),
  paypalWebhookId: text.pipe(
    z
      .string()
      .max(100, "paypalWebhookId must be at most 100 characters")
      .regex(/^[A-Za-z0-9-]+$/, "paypalWebhookId must be the webhook id PayPal shows, e.g. 8PT597110X687430LKGECATA")
      .nullable()
      .optional(),
  ),
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
  prices: pricesUpdate,
  telegramBotToken: secret,
  telegramChatId: text,
  videoRetentionDays: retentionDays,
  contactZaloPhone: contactChannel("contactZaloPhone", zaloPhoneRule("contactZaloPhone ")),
  contactZaloGroupUrl: contactChannel("contactZaloGroupUrl", zaloGroupUrlRule("contactZaloGroupUrl ")),
  contactTelegram: contactChannel("contactTelegram", telegramUsernameRule("contactTelegram ")),
  contactEmail: contactChannel("contactEmail", contactEmailRule("contactEmail ")),
  creditValueUsd: creditValue,
  maxVideosInFlight: inFlightLimit("maxVideosInFlight").optional(),
  firstFrameEnabled: z.boolean({ error: "firstFrameEnabled must be true or false" }).optional(),
  firstFrameModel: firstFrameModel.optional(),
  /** Explore (issue 72, decision 0164): off, open to every published video, or each one approved first. */
  exploreMode: z.enum(EXPLORE_MODES, { error: "exploreMode must be off, open or approval" }).optional(),
  ...mailSettingsUpdateSchema.shape,
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
const maskedSecret = maskedText
  .nullable()
  .meta({ description: "Masked: bullets plus the last 4 characters; null when not set." });

/** GET /api/admin/settings: every field, secrets masked (null when not set). */
export const adminSettingsViewSchema = z
  .object({
    id: z.number().int(),
    kieToken: maskedSecret,
    kieWebhookHmacKey: maskedSecret,
    kieSurface: z
      .enum(KIE_SURFACES)
      .meta({ description: "Where new videos are made: KIE's Veo API (veo) or its Market jobs API (market)." }),
    disabledModels: z
      .array(z.enum(MODELS))
      .meta({ description: "Models not offered: new videos with them are refused; existing ones stay." }),
    vendorOrder: z.record(z.string(), z.array(z.enum(VENDORS))).meta({
      description:
        "The vendors of each model in the order tried; a model not listed: its catalogue order (GET /api/models).",
    }),
    pauseDegradedModels: z.boolean().meta({
      description: "Refuse new videos with a degraded model (failing often) until it recovers (issue 42).",
    }),
    degradedModels: z.array(z.string()).meta({ description: "The models degraded at the last health watch." }),
    kieCreditUsd: z
      .string()
      .meta({ description: 'What one KIE credit costs in USD, e.g. "0.005000" (unit economics).' }),
    priceMarginPercent: z.number().int().meta({
      description: "The share of a sale kept over the vendor's cost when prices are set to cost + margin (issue 68).",
    }),
    paypalClientId: z.string().nullable(),
    paypalClientSecret: maskedSecret,
    paypalEnvironment: z.enum(["sandbox", "production"]),
    paypalEnabled: z.boolean(),
    paypalWebhookId: z.string().nullable().meta({
      description:
        "The id of the webhook in PayPal's dashboard; PayPal's notices to /paypal/webhook are refused while it is unset.",
    }),
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
    /** Every model's and surcharge's price (the four fields above repeat two of them, for old clients). */
    prices: z.record(
      z.enum(PRICE_ITEMS as [PriceItem, ...PriceItem[]]),
      z.object({
        webCredits: z
          .number()
          .meta({ description: "Whole credits per video; per-second cells take cents of a credit." }),
        apiPrice: z.string(),
      }),
    ),
    telegramBotToken: maskedSecret,
    telegramChatId: z.string().nullable(),
    videoRetentionDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Archived videos older than this are deleted; null keeps them forever." }),
    contactZaloPhone: z.string().nullable().meta({ description: "Digits only; null: CONTACT_ZALO_PHONE applies." }),
    contactZaloGroupUrl: z.string().nullable().meta({ description: "null: CONTACT_ZALO_GROUP_URL applies." }),
    contactTelegram: z.string().nullable().meta({ description: "Without the @; null: CONTACT_TELEGRAM applies." }),
    contactEmail: z.string().nullable().meta({ description: "null: CONTACT_EMAIL applies." }),
    contactDefaults: z
      .object({
        zaloPhone: z.string().nullable(),
        zaloGroupUrl: z.string().nullable(),
        telegram: z.string().nullable(),
        email: z.string().nullable(),
      })
      .meta({ description: "The CONTACT_* environment values, shown where the admin has set none." }),
    creditValueUsd: z.string().nullable().meta({
      description:
        'What one credit is worth in USD on the pages, e.g. "0.1500"; null derives it from the packages on sale (decision 0075).',
    }),
    maxVideosInFlight: z.number().int().meta({
      description:
        "Videos one person may have being made at once, unless their own limit says otherwise; beyond it a new video is refused with 429 (decision 0093).",
    }),
    smtpHost: z.string().nullable().meta({ description: "The mail server; null: SMTP_URL, else the local outbox." }),
    smtpPort: z.number().int().nullable(),
    smtpSecurity: z.enum(SMTP_SECURITIES),
    smtpUser: z.string().nullable(),
    smtpPassword: maskedSecret,
    mailFrom: z.string().nullable().meta({ description: "The From of every message; null: MAIL_FROM applies." }),
    sellerName: z.string().nullable().meta({ description: "The seller named on receipts." }),
    sellerAddress: z.string().nullable().meta({ description: "The seller's address on receipts." }),
    turnstileSiteKey: z
      .string()
      .nullable()
      .meta({ description: "Cloudflare Turnstile's site key; Turnstile is on while it and the secret are set." }),
    turnstileSecret: maskedSecret,
    emailDomainsAllowed: z.array(z.string()).meta({
      description: "Mail domains (and their subdomains) always allowed at sign-up, even if listed as throwaway.",
    }),
    emailDomainsBlocked: z
      .array(z.string())
      .meta({ description: "Mail domains (and their subdomains) always refused at sign-up and change of address." }),
    welcomeGrantEnabled: z.boolean().meta({ description: "Credits once a person's address is verified (issue 70)." }),
    welcomeGrantCredits: z
      .number()
      .int()
      .nullable()
      .meta({ description: "How many; null: the web price of one Veo3 Fast video when granted." }),
    welcomeGrantDays: z.number().int().meta({ description: "How many days welcome credits last." }),
    welcomeGrantsPerAddress: z.number().int().meta({ description: "Grants a day to one client address, at most." }),
    welcomeGrantsPerNetwork: z.number().int().meta({ description: "Grants a day to one network (/24, /48), at most." }),
    codesEnabled: z
      .boolean()
      .meta({ description: "People may redeem codes and use discount codes (issue 70, decision 0156)." }),
    referralEnabled: z.boolean().meta({ description: "The referral programme is on (issue 70, decision 0157)." }),
    referralRefereeCredits: z.number().int().meta({ description: "The referred person's bonus once verified." }),
    referralRefereeDays: z.number().int().meta({ description: "How many days that bonus lasts." }),
    referralSharePercent: z
      .number()
      .int()
      .meta({ description: "The referrer's share of what the referred pay, in %." }),
    referralMonths: z.number().int().meta({ description: "Months after joining that payments earn the share." }),
    referralCapCredits: z.number().int().meta({ description: "At most this many credits per referred person." }),
    referralHoldHours: z.number().int().meta({ description: "Hours a reward is held before it is granted." }),
    referralAttributionDays: z.number().int().meta({ description: "Days a referral link's visit counts." }),
    firstFrameEnabled: z
      .boolean()
      .meta({ description: "People may make a video's first frame from text (issue 71, decision 0161)." }),
    firstFrameModel: z.string().meta({ description: "The Market's image model that makes first frames." }),
    welcomeVideosWatermarked: z.boolean().meta({
      description:
        "Videos paid with welcome credits carry the site's watermark and stay 720p (decision 0155); models that cannot carry it are refused for them.",
    }),
    promptHelpMode: z.enum(PROMPT_HELP_MODES).meta({
      description:
        "Where the generator's prompt help runs: off (no button), builtin (our rules, no outside call) or llm (an OpenAI-compatible chat endpoint; decision 0160).",
    }),
    promptHelpBaseUrl: z
      .string()
      .nullable()
      .meta({ description: "The chat endpoint's base URL, e.g. https://api.openai.com/v1." }),
    promptHelpModel: z.string().nullable().meta({ description: "The chat model prompt help asks." }),
    promptHelpApiKey: maskedSecret,
    exploreMode: z.enum(EXPLORE_MODES).meta({
      description:
        "Explore, the public feed of published videos (decision 0164): off (no feed, nothing can be published), open (a published video is listed once its prompt passes screening) or approval (each waits for an admin).",
    }),
    updatedAt: isoTimestamp,
  })
  .meta({ id: "AdminSettings" });
export type AdminSettingsView = z.infer<typeof adminSettingsViewSchema>;

/** PUT /api/admin/settings and PUT /api/admin/settings/telegram: the settings as they are now. */
export const adminSettingsSavedSchema = z
  .object({ message: z.string(), settings: adminSettingsViewSchema })
  .meta({ id: "AdminSettingsSaved" });

/** POST /api/test-telegram. */
export const telegramTestResultSchema = z.object({ message: z.string() });

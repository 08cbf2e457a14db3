/**
 * Sign-ups that bots cannot farm (decision 0091): the CAPTCHA token the forms may carry, what the
 * web app needs to show Cloudflare Turnstile, and the admin's Sign-ups card (Turnstile's keys, the
 * mail domains always allowed and always refused).
 */
import { z } from "zod";
import { EMAIL_DOMAIN_LIST_MAX, normalisedDomain } from "../email-domains.js";

/** Cloudflare's tokens are at most 2048 characters. */
const CAPTCHA_TOKEN_MAX = 2048;

/** The Turnstile widget's token: on registration and a reset request while Turnstile is on, on sign-in when asked for. */
export const captchaTokenField = z
  .string({ error: "captchaToken must be text" })
  .max(CAPTCHA_TOKEN_MAX, "captchaToken is longer than any Turnstile token")
  .optional()
  .meta({
    description:
      "The Cloudflare Turnstile widget's token, when the site has Turnstile on (GET /api/auth/captcha names its site key). " +
      "Each token is checked once with Cloudflare.",
  });

/** The widget's `action` on each form; Cloudflare's answer repeats it and the server compares. */
export const CAPTCHA_ACTIONS = {
  register: "register",
  login: "login",
  passwordReset: "password-reset",
  /** A signed-out visitor's report of an Explore video (decision 0164). */
  exploreReport: "explore-report",
} as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/** GET /api/auth/captcha: what the sign-up, sign-in and reset forms need to show the widget. */
export const captchaConfigSchema = z
  .object({
    siteKey: z.string().nullable().meta({ description: "Turnstile's site key; null while Turnstile is off." }),
    scriptUrl: z.string().nullable().meta({ description: "Where the widget's script is loaded from; null while off." }),
  })
  .meta({ id: "CaptchaConfig" });
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/** A whole number in range, from a number or its digits (the form sends text). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

const domainList = (field: string) =>
  z
    .array(z.string({ error: `${field} must be a list of domain names` }), {
      error: `${field} must be a list of domain names`,
    })
    .max(EMAIL_DOMAIN_LIST_MAX, `${field} may hold at most ${EMAIL_DOMAIN_LIST_MAX} domains`)
    .transform((entries, ctx) => {
      const domains = new Set<string>();
      for (const entry of entries) {
        if (entry.trim() === "") continue;
        const domain = normalisedDomain(entry);
        if (domain) domains.add(domain);
        else ctx.addIssue({ code: "custom", message: `${field}: "${entry.slice(0, 100)}" is not a domain name` });
      }
      return [...domains].sort();
    })
    .optional();

/** PUT /api/admin/settings/sign-ups: the Sign-ups card. Blank clears a key; a blank or masked secret keeps it, null clears it. */
export const signUpSettingsSchema = z.object({
  turnstileSiteKey: z
    .string({ error: "turnstileSiteKey must be text" })
    .trim()
    .max(100, "turnstileSiteKey must be at most 100 characters")
    .regex(/^[A-Za-z0-9_-]*$/, "turnstileSiteKey must be the site key Cloudflare shows, e.g. 0x4AAAAAAA...")
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v)),
  turnstileSecret: z.string().max(4096, "Secret is too long").nullable().optional(),
  emailDomainsAllowed: domainList("emailDomainsAllowed"),
  emailDomainsBlocked: domainList("emailDomainsBlocked"),
  welcomeGrantEnabled: z.boolean({ error: "welcomeGrantEnabled must be true or false" }).optional(),
  welcomeGrantCredits: wholeNumber("Welcome credits must be a whole number from 1 to 100,000", 1, 100_000)
    .nullable()
    .optional(),
  welcomeGrantDays: wholeNumber("Welcome credits must last a whole number of days from 1 to 365", 1, 365).optional(),
  welcomeGrantsPerAddress: wholeNumber(
    "Welcome grants per address a day must be a whole number from 1 to 1,000",
    1,
    1000,
  ).optional(),
  welcomeGrantsPerNetwork: wholeNumber(
    "Welcome grants per network a day must be a whole number from 1 to 10,000",
    1,
    10_000,
  ).optional(),
  welcomeVideosWatermarked: z.boolean({ error: "welcomeVideosWatermarked must be true or false" }).optional(),
  codesEnabled: z.boolean({ error: "codesEnabled must be true or false" }).optional(),
});

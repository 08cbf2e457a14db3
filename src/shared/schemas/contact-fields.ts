/**
 * The contact channels' rules, shared by the CONTACT_* environment variables (src/server/config.ts)
 * and the admin's settings (PUT /api/admin/settings): one value is valid or not wherever it is set.
 * Each takes a trimmed, non-empty string and gives the stored form.
 */
import { z } from "zod";
import { withoutTrailingSlashes } from "../trim.js";

/** A phone number for a Zalo chat link: digits with an optional leading +, spaces, dots or dashes; stored as digits. */
export const zaloPhoneRule = (prefix = "") =>
  z
    .string()
    .regex(/^\+?[\d\s.-]+$/, `${prefix}must be a phone number (digits, optionally with a leading +)`)
    .transform((v) => v.replace(/\D/g, ""))
    .refine((v) => v.length >= 8 && v.length <= 15, `${prefix}must have 8 to 15 digits`);

/** A Zalo group link: an https:// URL. */
export const zaloGroupUrlRule = (prefix = "") =>
  z.url({ protocol: /^https$/, error: `${prefix}must be an https:// URL` }).max(2048, `${prefix}is too long`);

/** A Telegram username (5-32 letters, digits or _), given as name, @name or https://t.me/name; stored without the @. */
export const telegramUsernameRule = (prefix = "") =>
  z
    .string()
    .transform((v) => withoutTrailingSlashes(v.replace(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/|^@/i, "")))
    .pipe(
      z
        .string()
        .regex(
          /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
          `${prefix}must be a Telegram username (5-32 letters, digits or _), @name or https://t.me/name`,
        ),
    );

/** An e-mail address. */
export const contactEmailRule = (prefix = "") =>
  z.email({ error: `${prefix}must be an e-mail address` }).max(320, `${prefix}is too long`);

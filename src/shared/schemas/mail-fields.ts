/**
 * The rules of mail addresses and of the mail server settings (decision 0085), shared by MAIL_FROM
 * (src/server/config.ts), the admin's mail settings and the forms that take an address.
 * No control character (CR/LF above all: a header line break would let text become headers)
 * gets through any of them.
 */
import { z } from "zod";

/** Longest address SMTP carries (RFC 5321: 64 + 1 + 255). */
const EMAIL_MAX = 320;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One address, lower-cased domain kept as typed: `ann@example.com`. */
export const emailAddressRule = (prefix = "") =>
  z
    .string()
    .max(EMAIL_MAX, `${prefix}is too long`)
    .refine((v) => !CONTROL.test(v), `${prefix}must not contain line breaks or control characters`)
    .pipe(z.email({ error: `${prefix}must be an e-mail address` }));

/** Splits `Name <address>` (or a bare address) without a pattern that could backtrack. */
function splitFrom(value: string): { name: string | null; address: string } {
  const open = value.lastIndexOf("<");
  if (open === -1 || !value.endsWith(">")) return { name: null, address: value.trim() };
  const name = value.slice(0, open).trim().replace(/^"|"$/g, "");
  return { name: name || null, address: value.slice(open + 1, -1).trim() };
}

/** The From of the product's mail: `Veo Studio <no-reply@example.com>` or `no-reply@example.com`. */
export const mailFromRule = (prefix = "") =>
  z
    .string()
    .max(400, `${prefix}is too long`)
    .refine((v) => !CONTROL.test(v), `${prefix}must not contain line breaks or control characters`)
    .refine((v) => {
      const { name, address } = splitFrom(v);
      return (name === null || !/[<>"]/.test(name)) && z.email().max(EMAIL_MAX).safeParse(address).success;
    }, `${prefix}must be an address, or a name and an address: Veo Studio <no-reply@example.com>`);

export const SMTP_SECURITIES = ["starttls", "tls", "none"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

/** A host name or an IP address, without a scheme or a port. */
const smtpHostRule = z
  .string()
  .max(253, "smtpHost is too long")
  .regex(/^[A-Za-z0-9.:[\]-]+$/, "smtpHost must be a host name such as smtp.example.com, without smtp:// or a port");

/** Blank clears (null), like the other settings' text fields. */
const blankIsNull = <T extends z.ZodType<string, string>>(rule: T) =>
  z
    .string({ error: "must be text" })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v))
    .pipe(rule.nullable().optional());

/**
 * PUT /api/admin/settings/mail: the mail server (a blank host: SMTP_URL, else the local outbox),
 * its From, and the seller named on receipts. The password, like every secret: blank or masked
 * keeps it, null clears it.
 */
export const mailSettingsUpdateSchema = z.object({
  smtpHost: blankIsNull(smtpHostRule),
  smtpPort: z
    .number({ error: "smtpPort must be a whole number between 1 and 65535" })
    .int("smtpPort must be a whole number between 1 and 65535")
    .min(1, "smtpPort must be a whole number between 1 and 65535")
    .max(65535, "smtpPort must be a whole number between 1 and 65535")
    .nullable()
    .optional(),
  smtpSecurity: z.enum(SMTP_SECURITIES, { error: "smtpSecurity must be starttls, tls or none" }).optional(),
  smtpUser: blankIsNull(
    z
      .string()
      .max(EMAIL_MAX, "smtpUser is too long")
      .refine((v) => !CONTROL.test(v), "smtpUser must not contain control characters"),
  ),
  smtpPassword: z.string().max(4096, "Secret is too long").nullable().optional(),
  mailFrom: blankIsNull(mailFromRule("mailFrom ")),
  sellerName: blankIsNull(
    z
      .string()
      .max(200, "sellerName must be at most 200 characters")
      .refine((v) => !CONTROL.test(v), "sellerName must not contain line breaks or control characters"),
  ),
  sellerAddress: blankIsNull(z.string().max(1000, "sellerAddress must be at most 1000 characters")),
});

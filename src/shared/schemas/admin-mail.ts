/**
 * The admin's Mail page and card (decision 0085): the outbox, newest first, each message as it
 * went (or would have gone) out; where mail goes now; a test message.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";
import { emailAddressRule, SMTP_SECURITIES } from "./mail-fields.js";

const MAIL_STATUSES = ["pending", "sent", "failed", "kept"] as const;
export const MAIL_PAGE_SIZE = 50;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const mailQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(MAIL_STATUSES, { error: "status must be pending, sent, failed or kept" }).optional(),
  ),
  to: z.preprocess(
    blankToUndefined,
    z.string({ error: "to must be text" }).trim().max(320, "to must be at most 320 characters").optional(),
  ),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{13}_[0-9a-f-]{36}$/, "cursor is not one this server gave")
      .optional(),
  ),
});
export type MailQuery = z.output<typeof mailQuerySchema>;

const mailSummarySchema = z
  .object({
    id: z.string(),
    toAddress: z.string(),
    kind: z.string(),
    locale: z.string(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: isoTimestamp,
    sentAt: isoTimestamp.nullable(),
    hasBody: z.boolean().meta({ description: "False once a mail server took the message: its body is not kept." }),
  })
  .meta({ id: "AdminMailSummary" });
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailPageSchema = z
  .object({
    data: z.array(mailSummarySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next (older) page; null on the last." }),
  })
  .meta({ id: "AdminMailPage" });
export type MailPage = z.infer<typeof mailPageSchema>;

export const mailMessageSchema = mailSummarySchema
  .extend({
    html: z.string().nullable(),
    text: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    linksHidden: z.boolean().meta({
      description: "Whether single-use links (reset, confirmation, change of address) show with their secret hidden.",
    }),
    newLink: z.boolean().meta({
      description: "Whether POST /api/admin/mail/{id}/new-link can send the account a new link of this kind.",
    }),
  })
  .meta({ id: "AdminMailMessage" });
export type MailMessageView = z.infer<typeof mailMessageSchema>;

export const mailStatusSchema = z
  .object({
    source: z
      .enum(["settings", "environment", "none"])
      .meta({ description: "Where mail goes: the server in the settings, SMTP_URL, or nowhere (the local outbox)." }),
    host: z.string().nullable().meta({ description: "The mail server's host (never its password)." }),
    from: z.string(),
    security: z.enum(SMTP_SECURITIES).nullable(),
    counts: z.object({
      pending: z.number().int(),
      failed: z.number().int(),
      kept: z.number().int(),
      sentLastDay: z.number().int(),
      failedLastDay: z.number().int(),
    }),
  })
  .meta({ id: "AdminMailStatus" });
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const mailIdParams = z.object({ id: z.uuid({ error: "Not a message id" }) });

export const mailTestSchema = z.object({ to: emailAddressRule("to ") });

export const mailTestResultSchema = z.object({
  message: z.string(),
  outcome: z.enum(["sent", "kept"]).meta({
    description: "sent: the mail server took it; kept: no mail server is set, so it is in the local outbox.",
  }),
});

export const mailRetriedSchema = z.object({ message: z.string() });

export const mailNewLinkSchema = z.object({
  message: z.string(),
  outcome: z
    .enum(["queued", "kept"])
    .meta({ description: "kept: no mail server is set, so the new link waits in the outbox, hidden too." }),
});

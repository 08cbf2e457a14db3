/** GET /api/admin/audit-log: what admins did, newest first (decision 0052). */
import { z } from "zod";
import { AUDIT_ACTION_NAMES } from "../audit.js";
import { isoTimestamp } from "./common.js";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
export const AUDIT_PAGE_SIZE = 50;

/** A calendar day YYYY-MM-DD that really exists. */
const day = (field: string) => {
  const message = `${field} must be a date written YYYY-MM-DD`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), message);
};

export const auditQuerySchema = z
  .object({
    action: z.preprocess(
      blankToUndefined,
      z.enum(AUDIT_ACTION_NAMES, { error: "action is not one the audit log records" }).optional(),
    ),
    admin: z.preprocess(
      blankToUndefined,
      z.string({ error: "admin must be text" }).trim().max(100, "admin must be at most 100 characters").optional(),
    ),
    targetId: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "targetId must be text" })
        .trim()
        .max(100, "targetId must be at most 100 characters")
        .optional(),
    ),
    dateFrom: z.preprocess(blankToUndefined, day("dateFrom").optional()),
    dateTo: z.preprocess(blankToUndefined, day("dateTo").optional()),
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,18}$/, "cursor is not one this server gave")
        .optional(),
    ),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: "dateFrom must not be after dateTo" });
export type AuditQuery = z.output<typeof auditQuerySchema>;

const auditEntrySchema = z
  .object({
    id: z.string(),
    createdAt: isoTimestamp,
    adminId: z.string().nullable(),
    adminUsername: z.string(),
    ip: z.string().nullable(),
    action: z.enum(AUDIT_ACTION_NAMES),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    targetLabel: z.string().nullable(),
    details: z
      .record(z.string(), z.unknown())
      .meta({ description: "What changed: field names, values before and after; never a secret's value." }),
  })
  .meta({ id: "AdminAuditEntry" });
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    data: z.array(auditEntrySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next (older) page; null on the last." }),
  })
  .meta({ id: "AdminAuditPage" });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The admins' audit log (decision 0052): read only, newest first. */
import { auditPageSchema, auditQuerySchema } from "../schemas/admin-audit.js";
import { defineRoute, errors } from "./contract.js";

export const adminAuditApi = {
  log: defineRoute({
    method: "GET",
    path: "/api/admin/audit-log",
    tags: ["Admin"],
    summary: "What admins did, newest first, 50 a page: who, when, from which address, what",
    query: auditQuerySchema,
    responses: { 200: auditPageSchema, ...errors(400, 401, 403) },
  }),
};

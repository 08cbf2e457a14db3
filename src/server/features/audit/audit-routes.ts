/** GET /api/admin/audit-log (decision 0052). There is no route that changes or removes an entry, and the database refuses both. */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { adminAuditApi } from "../../../shared/api/admin-audit.js";
import {
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type AuditPage,
  type AuditQuery,
} from "../../../shared/schemas/admin-audit.js";
import type { Db } from "../../db/connect.js";
import { adminAuditLog } from "../../db/schema.js";
import { serve } from "../../http/route-contract.js";

const DAY_MS = 24 * 60 * 60 * 1000;

function filters(q: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.action) conditions.push(eq(adminAuditLog.action, q.action));
  if (q.admin) conditions.push(sql`strpos(lower(${adminAuditLog.adminUsername}), ${q.admin.toLowerCase()}) > 0`);
  if (q.targetId) conditions.push(eq(adminAuditLog.targetId, q.targetId));
  if (q.dateFrom) conditions.push(gte(adminAuditLog.createdAt, new Date(`${q.dateFrom}T00:00:00Z`)));
  if (q.dateTo)
    conditions.push(lt(adminAuditLog.createdAt, new Date(new Date(`${q.dateTo}T00:00:00Z`).getTime() + DAY_MS)));
  if (q.cursor) conditions.push(lt(adminAuditLog.id, Number(q.cursor)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

async function auditPage(db: Db, q: AuditQuery): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(filters(q))
    .orderBy(desc(adminAuditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    data: page.map((r): AuditEntryView => ({
      ...r,
      id: String(r.id),
      action: r.action as AuditEntryView["action"],
      createdAt: r.createdAt.toISOString(),
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(page.at(-1)!.id) : null,
  };
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminAuditRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  serve(app, adminAuditApi.log, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return auditPage(db, request.query);
  });
}

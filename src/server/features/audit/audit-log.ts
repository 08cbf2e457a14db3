/**
 * The admin audit log (decision 0052): one row per admin action, written inside the action's own
 * transaction where it has one, so a change and its record commit together. Details name the
 * fields that changed with their values before and after, except secrets: for those only the name.
 */
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../db/connect.js";
import { adminAuditLog } from "../../db/schema.js";
import { requireAdmin } from "../../http/session-auth.js";
import type { AuditAction } from "../../../shared/audit.js";

/** Who acted, and from which address (request.ip: the address the nearest trusted proxy saw). */
export interface AuditActor {
  adminId: string | null;
  adminUsername: string;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType?:
    | "user"
    | "settings"
    | "package"
    | "plan"
    | "subscription"
    | "kie_api"
    | "vendor_model"
    | "video"
    | "legal_page"
    | "showcase"
    | "payment_order"
    | "moderation_event"
    | "promo_code";
  targetId?: string | null;
  targetLabel?: string | null;
  details?: Record<string, unknown>;
}

/** The signed-in admin of an admin route (401/403 for anyone else, as the route itself would). */
export function auditActor(request: FastifyRequest): AuditActor {
  const admin = requireAdmin(request);
  return { adminId: admin.id, adminUsername: admin.username, ip: request.ip ?? null };
}

export async function recordAudit(db: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: actor.adminId,
    adminUsername: actor.adminUsername,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    details: entry.details ?? {},
  });
}

/** One field's change for `details.changes`; a secret's values are never written, only that it changed. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}

/** The fields of `after` whose values differ from `before` (compared as JSON), secrets named only. */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secretFields: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    changes.push(
      secretFields.has(field)
        ? { field, secret: true }
        : { field, before: before[field] ?? null, after: after[field] ?? null },
    );
  }
  return changes;
}

/**
 * The admin's view of codes (decision 0156): each code with its figures, read in one statement
 * from its redemptions (credits its grants gave; what its paid discounts brought in and took off),
 * newest first in keyset pages; and one code's redemptions.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { promoCodeRedemptions, promoCodes, users } from "../../db/schema.js";
import type { AdminCodeFilters, AdminCodeView, AdminRedemptionView } from "../../../shared/schemas/codes.js";
import { displayCode } from "./code-format.js";

type Row = typeof promoCodes.$inferSelect & { creditsGranted: number; revenueCents: number; discountCents: number };

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminCodeView(r: Row): AdminCodeView {
  return {
    id: r.id,
    code: r.code,
    display: displayCode(r.code),
    kind: r.kind as AdminCodeView["kind"],
    label: r.label,
    batchId: r.batchId,
    credits: r.credits,
    creditDays: r.creditDays,
    percentOff: r.percentOff,
    amountOffCents: r.amountOffCents,
    packageIds: r.packageIds,
    planIds: r.planIds,
    maxUses: r.maxUses,
    uses: r.uses,
    oncePerPerson: r.oncePerPerson,
    firstPurchaseOnly: r.firstPurchaseOnly,
    validFrom: iso(r.validFrom),
    validUntil: iso(r.validUntil),
    disabledAt: iso(r.disabledAt),
    createdAt: r.createdAt.toISOString(),
    creditsGranted: Number(r.creditsGranted),
    revenueCents: Number(r.revenueCents),
    discountCents: Number(r.discountCents),
  };
}

/** The codes matching `where`, with their figures. */
async function codesWithFigures(db: Db | Tx, where: SQL | undefined, limit: number): Promise<Row[]> {
  const r = promoCodeRedemptions;
  const stats = db
    .select({
      codeId: r.codeId,
      creditsGranted: sql<number>`coalesce(sum(${r.credits}) filter (where ${r.status} = 'granted'), 0)::bigint`.as(
        "credits_granted",
      ),
      revenueCents: sql<number>`coalesce(sum(${r.paidCents}) filter (where ${r.status} = 'paid'), 0)::bigint`.as(
        "revenue_cents",
      ),
      discountCents: sql<number>`coalesce(sum(${r.discountCents}) filter (where ${r.status} = 'paid'), 0)::bigint`.as(
        "paid_discount_cents",
      ),
    })
    .from(r)
    .groupBy(r.codeId)
    .as("stats");
  const rows = await db
    .select({
      code: promoCodes,
      creditsGranted: sql<number>`coalesce(${stats.creditsGranted}, 0)`,
      revenueCents: sql<number>`coalesce(${stats.revenueCents}, 0)`,
      discountCents: sql<number>`coalesce(${stats.discountCents}, 0)`,
    })
    .from(promoCodes)
    .leftJoin(stats, eq(stats.codeId, promoCodes.id))
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(limit);
  return rows.map(({ code, ...figures }) => ({ ...code, ...figures }));
}

export async function listCodes(
  db: Db,
  filters: AdminCodeFilters,
): Promise<{ codes: AdminCodeView[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.batchId) conditions.push(eq(promoCodes.batchId, filters.batchId));
  if (filters.kind) conditions.push(eq(promoCodes.kind, filters.kind));
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asCode = `%${filters.q.toUpperCase().replace(/[^A-Z0-9]/g, "")}%`;
    conditions.push(or(ilike(promoCodes.label, like), ilike(promoCodes.code, asCode)));
  }
  if (filters.cursor)
    conditions.push(
      sql`(${promoCodes.createdAt}, ${promoCodes.id}) < (select created_at, id from promo_codes where id = ${filters.cursor}::uuid)`,
    );
  const rows = await codesWithFigures(db, and(...conditions), filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  return {
    codes: page.map(toAdminCodeView),
    nextCursor: rows.length > filters.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function getCode(db: Db | Tx, id: string): Promise<AdminCodeView | undefined> {
  const [row] = await codesWithFigures(db, eq(promoCodes.id, id), 1);
  return row && toAdminCodeView(row);
}

export async function listRedemptions(db: Db, codeId: string): Promise<AdminRedemptionView[]> {
  const r = promoCodeRedemptions;
  const rows = await db
    .select({ redemption: r, username: users.username })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.codeId, codeId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(500);
  return rows.map(({ redemption: x, username }) => ({
    id: x.id,
    userId: x.userId,
    username,
    status: x.status as AdminRedemptionView["status"],
    via: x.via as AdminRedemptionView["via"],
    credits: x.credits,
    orderId: x.orderId,
    subscriptionId: x.subscriptionId,
    discountCents: x.discountCents,
    paidCents: x.paidCents,
    createdAt: x.createdAt.toISOString(),
  }));
}

/**
 * The plans on sale and the admin's catalogue (issue 69, decision 0152). A subscription copies
 * what its plan costs and gives when it starts, so editing a plan changes nothing for those already
 * on it; deleting a plan anyone ever subscribed to only takes it off sale.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { plans, subscriptions } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import {
  planPerksSchema,
  type AdminPlanView,
  type PlanBody,
  type PlanInterval,
  type PlanView,
} from "../../../shared/schemas/plans.js";
import { fieldChanges, recordAudit, type AuditActor } from "../audit/audit-log.js";
import type { Settings } from "../settings/service.js";
import type { PlanProvider, PlanRow } from "./provider.js";

export type PlanValues = Omit<PlanBody, "confirmBelowCost">;
export type PlanSellers = Record<"creem" | "paypal", PlanProvider>;
/** The providers and the settings they are asked with, read once per request. */
export interface PlanSale {
  sellers: PlanSellers;
  settings: Settings;
}

const twoDecimals = (price: string | null): string | null => {
  if (price === null) return null;
  const [whole = "0", fraction = ""] = price.split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
};

/** The plan's price for an interval, or null where it is not sold so. */
export const priceFor = (plan: Pick<PlanRow, "monthlyPrice" | "yearlyPrice">, interval: PlanInterval) =>
  twoDecimals(interval === "month" ? plan.monthlyPrice : plan.yearlyPrice);

async function providersFor(plan: PlanRow, { sellers, settings }: PlanSale): Promise<PlanView["providers"]> {
  const can = async (interval: PlanInterval) => {
    if (priceFor(plan, interval) === null) return [];
    const names = ["creem", "paypal"] as const;
    const ok = await Promise.all(names.map((n) => sellers[n].canSell(plan, interval, settings)));
    return names.filter((_, i) => ok[i]);
  };
  return { month: await can("month"), year: await can("year") };
}

function toView(row: PlanRow, providers: PlanView["providers"]): PlanView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPrice: twoDecimals(row.monthlyPrice),
    yearlyPrice: twoDecimals(row.yearlyPrice),
    creditsPerMonth: row.creditsPerMonth,
    yearlyGrant: row.yearlyGrant as PlanView["yearlyGrant"],
    rolloverCap: row.rolloverCap,
    perks: planPerksSchema.parse(row.perks ?? {}),
    popular: row.popular,
    providers,
  };
}

/** Cheapest first by the month's price (a yearly-only plan by a twelfth of its year). */
const byMonthlyPrice = sql`coalesce(${plans.monthlyPrice}, ${plans.yearlyPrice} / 12)`;

export async function listPlansOnSale(db: Queryable, sale: PlanSale): Promise<PlanView[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.isActive, true))
    .orderBy(byMonthlyPrice, asc(plans.createdAt), asc(plans.id));
  return Promise.all(rows.map(async (row) => toView(row, await providersFor(row, sale))));
}

export async function listAllPlans(db: Queryable, sale: PlanSale): Promise<AdminPlanView[]> {
  const rows = await db
    .select({
      plan: plans,
      subscribers: sql<number>`(select count(*) from subscriptions s where s.plan_id = ${plans.id} and s.status in ('active', 'past_due', 'paused'))::integer`,
    })
    .from(plans)
    .orderBy(byMonthlyPrice, asc(plans.createdAt), asc(plans.id));
  return Promise.all(rows.map(async ({ plan, subscribers }) => toAdminView(plan, subscribers, sale)));
}

async function toAdminView(row: PlanRow, subscribers: number, sale: PlanSale): Promise<AdminPlanView> {
  return {
    ...toView(row, await providersFor(row, sale)),
    isActive: row.isActive,
    creemProductMonthly: row.creemProductMonthly,
    creemProductYearly: row.creemProductYearly,
    paypalPlanMonthly: row.paypalPlanMonthly,
    paypalPlanYearly: row.paypalPlanYearly,
    subscribers,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The active plan a checkout sells for this interval, or 404 with a way out. */
export async function planOnSale(db: Queryable, id: string, interval: PlanInterval): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.isActive, true)));
  if (!plan || priceFor(plan, interval) === null)
    throw new AppError("not_found", "This plan is not available.", {
      suggestion: "Choose another plan on the pricing page",
      ...reasoned("plan_unavailable"),
    });
  return plan;
}

const rowValues = (v: PlanValues) => ({ ...v, updatedAt: new Date() });

export async function createPlanAudited(db: Db, values: PlanValues, actor: AuditActor, sale: PlanSale) {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(plans).values(rowValues(values)).returning();
    await recordAudit(tx, actor, {
      action: "plan.create",
      targetType: "plan",
      targetId: created!.id,
      targetLabel: created!.name,
      details: { after: values },
    });
    return created!;
  });
  return toAdminView(row, 0, sale);
}

/** Replaces a plan for new subscribers; undefined when no plan has this id. */
export async function replacePlanAudited(db: Db, id: string, values: PlanValues, actor: AuditActor, sale: PlanSale) {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
    if (!before) return undefined;
    const [updated] = await tx.update(plans).set(rowValues(values)).where(eq(plans.id, id)).returning();
    const [count] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, id), sql`${subscriptions.status} in ('active', 'past_due', 'paused')`));
    await recordAudit(tx, actor, {
      action: "plan.update",
      targetType: "plan",
      targetId: id,
      targetLabel: values.name,
      details: { changes: fieldChanges(planFields(before), planFields(updated!)) },
    });
    return { row: updated!, subscribers: count?.n ?? 0 };
  });
  return result && toAdminView(result.row, result.subscribers, sale);
}

const planFields = (r: PlanRow) => ({
  name: r.name,
  description: r.description,
  monthlyPrice: r.monthlyPrice,
  yearlyPrice: r.yearlyPrice,
  creditsPerMonth: r.creditsPerMonth,
  yearlyGrant: r.yearlyGrant,
  rolloverCap: r.rolloverCap,
  perks: JSON.stringify(r.perks),
  creemProductMonthly: r.creemProductMonthly,
  creemProductYearly: r.creemProductYearly,
  isActive: r.isActive,
  popular: r.popular,
});

/** Deletes a plan nobody ever subscribed to; otherwise takes it off sale. Undefined: no such plan. */
export async function removePlan(db: Db, id: string, actor: AuditActor): Promise<{ deactivated: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(eq(plans.id, id))
      .for("update");
    if (!plan) return undefined;
    const [used] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(sql`${subscriptions.planId} = ${id} or ${subscriptions.scheduledPlanId} = ${id}`)
      .limit(1);
    const deactivated = Boolean(used);
    if (deactivated) await tx.update(plans).set({ isActive: false, updatedAt: new Date() }).where(eq(plans.id, id));
    else await tx.delete(plans).where(eq(plans.id, id));
    await recordAudit(tx, actor, {
      action: "plan.delete",
      targetType: "plan",
      targetId: id,
      targetLabel: plan.name,
      details: { deactivated },
    });
    return { deactivated };
  });
}

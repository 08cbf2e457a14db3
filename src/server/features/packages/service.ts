/**
 * Credit packages: what the pricing page sells and admins edit. Purchases copy name, price,
 * credits and bonus credits into their order, so editing a package never changes a past purchase; deleting one that
 * a purchase refers to only hides it (decision 0015).
 */
import { and, asc, eq } from "drizzle-orm";
import type { AdminCreditPackageView, CreditPackageView } from "../../../shared/schemas/packages.js";
import type { Db, Queryable } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { creditPackages, paymentOrders, transactions } from "../../db/schema.js";
import { fieldChanges, recordAudit, type AuditActor } from "../audit/audit-log.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { withBonusFromLabel } from "./bonus-labels.js";

type Row = typeof creditPackages.$inferSelect;
export type PackageValues = Pick<
  Row,
  "name" | "credits" | "price" | "creemProductId" | "isActive" | "popular" | "description" | "bonus" | "bonusCredits"
>;

/** numeric(10,2) arrives as "10.00" already; this keeps the view at two decimals whatever the driver does. */
function formatPrice(price: string): string {
  const [whole = "0", fraction = ""] = price.split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

function toPackageView(row: Row): CreditPackageView {
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    price: formatPrice(row.price),
    popular: row.popular,
    description: row.description,
    bonus: row.bonus,
    bonusCredits: row.bonusCredits,
  };
}

function toAdminPackageView(row: Row): AdminCreditPackageView {
  return {
    ...toPackageView(row),
    creemProductId: row.creemProductId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Cheapest first, as the pricing page shows them; the rest only makes the order stable. */
const displayOrder = [
  asc(creditPackages.price),
  asc(creditPackages.credits),
  asc(creditPackages.createdAt),
  asc(creditPackages.id),
];

export async function listActivePackages(db: Queryable): Promise<CreditPackageView[]> {
  const rows = await db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true))
    .orderBy(...displayOrder);
  return rows.map(toPackageView);
}

/** The packages on sale, cheapest first, with what decides who can sell them (their Creem product). */
export async function listActivePackageProducts(db: Queryable): Promise<Pick<Row, "id" | "creemProductId">[]> {
  return db
    .select({ id: creditPackages.id, creemProductId: creditPackages.creemProductId })
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true))
    .orderBy(...displayOrder);
}

export async function listAllPackages(db: Queryable): Promise<AdminCreditPackageView[]> {
  const rows = await db
    .select()
    .from(creditPackages)
    .orderBy(...displayOrder);
  return rows.map(toAdminPackageView);
}

async function createPackage(db: Queryable, values: PackageValues): Promise<AdminCreditPackageView> {
  const [row] = await db.insert(creditPackages).values(values).returning();
  return toAdminPackageView(row!);
}

/** Full replace; undefined when no package has this id. */
async function replacePackage(
  db: Queryable,
  id: string,
  values: PackageValues,
): Promise<AdminCreditPackageView | undefined> {
  const [row] = await db.update(creditPackages).set(values).where(eq(creditPackages.id, id)).returning();
  return row && toAdminPackageView(row);
}

/** The active package a checkout sells, or 404 with a suggestion (it was deleted or switched off). */
export async function purchasablePackage(db: Queryable, id: string): Promise<Row> {
  const [pkg] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), eq(creditPackages.isActive, true)));
  if (!pkg)
    throw new AppError("not_found", "This credit package is not available.", {
      suggestion: "Choose another package on the pricing page",
      ...reasoned("package_unavailable"),
    });
  return pkg;
}

async function isReferenced(db: Queryable, id: string): Promise<boolean> {
  const [order] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.packageId, id))
    .limit(1);
  if (order) return true;
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.packageId, id))
    .limit(1);
  return Boolean(row);
}

/**
 * Deletes a package, or deactivates it when an order or transaction refers to it (history keeps
 * reading it). The row lock (FOR UPDATE) conflicts with the key-share lock a new order's foreign
 * key takes, so an order made meanwhile is either seen here or waits until the package is gone
 * (and then fails its foreign key rather than referring to nothing). Undefined: no such package.
 */
export async function removePackage(
  db: Db,
  id: string,
  actor: AuditActor,
): Promise<{ deactivated: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx
      .select({ id: creditPackages.id, name: creditPackages.name })
      .from(creditPackages)
      .where(eq(creditPackages.id, id))
      .for("update");
    if (!pkg) return undefined;
    const deactivated = await isReferenced(tx, id);
    if (deactivated) await tx.update(creditPackages).set({ isActive: false }).where(eq(creditPackages.id, id));
    else await tx.delete(creditPackages).where(eq(creditPackages.id, id));
    await recordAudit(tx, actor, {
      action: "package.delete",
      targetType: "package",
      targetId: id,
      targetLabel: pkg.name,
      details: { deactivated },
    });
    return { deactivated };
  });
}

/** Adds a package and its audit row in one transaction. */
export async function createPackageAudited(
  db: Db,
  input: PackageValues,
  actor: AuditActor,
): Promise<AdminCreditPackageView> {
  const values = withBonusFromLabel(input);
  return db.transaction(async (tx) => {
    const created = await createPackage(tx, values);
    await recordAudit(tx, actor, {
      action: "package.create",
      targetType: "package",
      targetId: created.id,
      targetLabel: created.name,
      details: { after: values },
    });
    return created;
  });
}

/** Replaces a package and records what changed; undefined when no package has this id. */
export async function replacePackageAudited(
  db: Db,
  id: string,
  input: PackageValues,
  actor: AuditActor,
): Promise<AdminCreditPackageView | undefined> {
  const values = withBonusFromLabel(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(creditPackages).where(eq(creditPackages.id, id)).for("update");
    if (!before) return undefined;
    const updated = await replacePackage(tx, id, values);
    const changes = fieldChanges(toAdminPackageView(before), updated ?? {});
    await recordAudit(tx, actor, {
      action: "package.update",
      targetType: "package",
      targetId: id,
      targetLabel: values.name,
      details: { changes },
    });
    return updated;
  });
}

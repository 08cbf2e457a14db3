/**
 * The admin's writes to codes (decision 0156): one code (the admin's own text, checked, or made
 * up), a batch of single-use codes with one batch id, and changes. Each is audited in its own
 * transaction. A code's kind never changes, and what it gives only while nobody has used it.
 */
import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { isUniqueViolation, type Db, type Tx } from "../../db/connect.js";
import { creditPackages, plans, promoCodeRedemptions, promoCodes } from "../../db/schema.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type {
  AdminCodeView,
  BulkCreateCodesBody,
  CreateCodeBody,
  UpdateCodeBody,
} from "../../../shared/schemas/codes.js";
import { fieldChanges, recordAudit, type AuditActor } from "../audit/audit-log.js";
import { customCodeProblem, displayCode, generateCode, normaliseCode } from "./code-format.js";
import { getCode } from "./code-list.js";

type CodeValues = typeof promoCodes.$inferInsert;
type Terms = Omit<CreateCodeBody, "code">;

const toDate = (v: string | null) => (v === null ? null : new Date(v));

/**
 * A discount limited to some packages applies to no plan unless plans are named too, and the
 * reverse: null for both is everything; naming one kind only means only those.
 */
function narrowTargets(packageIds: string[] | null, planIds: string[] | null) {
  if (packageIds !== null && planIds === null) return { packageIds, planIds: [] };
  if (planIds !== null && packageIds === null) return { packageIds: [], planIds };
  return { packageIds, planIds };
}

/** The columns of the terms, with what does not belong to the kind left out. */
function termValues(t: Terms): Omit<CodeValues, "code"> {
  const grant = t.kind === "grant";
  const targets = narrowTargets(t.packageIds, t.planIds);
  return {
    kind: t.kind,
    label: t.label,
    credits: grant ? t.credits : null,
    creditDays: grant ? t.creditDays : null,
    percentOff: grant ? null : t.percentOff,
    amountOffCents: grant ? null : t.amountOffCents,
    packageIds: grant ? null : targets.packageIds,
    planIds: grant ? null : targets.planIds,
    maxUses: t.maxUses,
    oncePerPerson: t.oncePerPerson,
    firstPurchaseOnly: t.firstPurchaseOnly,
    validFrom: toDate(t.validFrom),
    validUntil: toDate(t.validUntil),
  };
}

/** What the audit log keeps of a code's terms: the values, never the code of a batch. */
function termsForAudit(v: Omit<CodeValues, "code">): Record<string, unknown> {
  return {
    codeKind: v.kind,
    label: v.label ?? null,
    credits: v.credits ?? null,
    creditDays: v.creditDays ?? null,
    percentOff: v.percentOff ?? null,
    amountOffCents: v.amountOffCents ?? null,
    packageIds: v.packageIds ?? null,
    planIds: v.planIds ?? null,
    maxUses: v.maxUses ?? null,
    oncePerPerson: v.oncePerPerson,
    firstPurchaseOnly: v.firstPurchaseOnly,
    validFrom: v.validFrom?.toISOString() ?? null,
    validUntil: v.validUntil?.toISOString() ?? null,
  };
}

/** 400 unless every id names a package (or plan) that exists. */
async function checkTargets(
  db: Db | Tx,
  packageIds: string[] | null | undefined,
  planIds: string[] | null | undefined,
) {
  if (packageIds?.length) {
    const [row] = await db.select({ n: count() }).from(creditPackages).where(inArray(creditPackages.id, packageIds));
    if (Number(row?.n) !== new Set(packageIds).size)
      throw badRequest("packageIds: one of these packages does not exist");
  }
  if (planIds?.length) {
    const [row] = await db.select({ n: count() }).from(plans).where(inArray(plans.id, planIds));
    if (Number(row?.n) !== new Set(planIds).size) throw badRequest("planIds: one of these plans does not exist");
  }
}

const codeTaken = (code: string) =>
  new AppError("conflict", `The code ${displayCode(code)} already exists. Choose another.`, reasoned("code_taken"));

export async function createCode(db: Db, body: CreateCodeBody, actor: AuditActor): Promise<AdminCodeView> {
  const values = termValues(body);
  await checkTargets(db, values.packageIds, values.planIds);
  let custom: string | null = null;
  if (body.code !== null) {
    custom = normaliseCode(body.code);
    const problem = customCodeProblem(custom);
    if (problem) throw badRequest(`code: ${problem}`);
  }
  // A made-up code that happens to exist already is made up again (about 1 in 10^17).
  for (let attempt = 0; ; attempt++) {
    const code = custom ?? generateCode();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values({ ...values, code, createdBy: actor.adminId })
          .returning();
        await recordAudit(tx, actor, {
          action: "code.create",
          targetType: "promo_code",
          targetId: row!.id,
          targetLabel: displayCode(code),
          details: { after: termsForAudit(values) },
        });
        return (await getCode(tx, row!.id))!;
      });
    } catch (err) {
      if (!isUniqueViolation(err, "promo_codes_code_key")) throw err;
      if (custom !== null) throw codeTaken(custom);
      if (attempt >= 5) throw err;
    }
  }
}

/** N single-use codes, made up, with one batch id: all or none. */
export async function bulkCreateCodes(
  db: Db,
  body: BulkCreateCodesBody,
  actor: AuditActor,
): Promise<{ batchId: string; count: number; codes: string[] }> {
  const { count: wanted, ...terms } = body;
  const values = { ...termValues({ ...terms, label: terms.label }), maxUses: 1, oncePerPerson: true };
  await checkTargets(db, values.packageIds, values.planIds);
  const batchId = randomUUID();
  return db.transaction(async (tx) => {
    const made: string[] = [];
    // Codes that already exist are skipped by the insert and made up again (vanishingly rare).
    for (let round = 0; made.length < wanted; round++) {
      if (round > 5) throw new Error("could not make up unique codes");
      const fresh = new Set<string>();
      while (fresh.size < wanted - made.length) fresh.add(generateCode());
      const rows = await tx
        .insert(promoCodes)
        .values([...fresh].map((code) => ({ ...values, code, batchId, createdBy: actor.adminId })))
        .onConflictDoNothing()
        .returning({ code: promoCodes.code });
      made.push(...rows.map((r) => r.code));
    }
    await recordAudit(tx, actor, {
      action: "code.bulk_create",
      targetType: "promo_code",
      targetId: batchId,
      targetLabel: terms.label,
      details: { batchId, count: made.length, after: termsForAudit(values) },
    });
    return { batchId, count: made.length, codes: made.map(displayCode) };
  });
}

/** What a code gives: these change only while it is unused. */
const VALUE_FIELDS = ["credits", "creditDays", "percentOff", "amountOffCents"] as const;

export async function updateCode(db: Db, id: string, body: UpdateCodeBody, actor: AuditActor): Promise<AdminCodeView> {
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!code) throw notFound("Code not found");
    const grant = code.kind === "grant";
    const { disabled, validFrom, validUntil, ...rest } = body;
    const next: Partial<CodeValues> = {};
    for (const [key, value] of Object.entries(rest))
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    if (validFrom !== undefined) next.validFrom = toDate(validFrom);
    if (validUntil !== undefined) next.validUntil = toDate(validUntil);
    if (disabled !== undefined) next.disabledAt = disabled ? (code.disabledAt ?? new Date()) : null;

    const wrongKind = grant
      ? (["percentOff", "amountOffCents", "packageIds", "planIds"] as const).filter((f) => next[f] != null)
      : (["credits", "creditDays"] as const).filter((f) => next[f] != null);
    if (wrongKind.length > 0)
      throw badRequest(`${wrongKind[0]}: a ${code.kind} code has no such field (its kind cannot change)`);
    const valueChanged = VALUE_FIELDS.some((f) => next[f] !== undefined && next[f] !== code[f]);
    if (valueChanged) {
      const [used] = await tx
        .select({ n: count() })
        .from(promoCodeRedemptions)
        .where(eq(promoCodeRedemptions.codeId, id));
      if (code.uses > 0 || Number(used?.n) > 0)
        throw new AppError(
          "conflict",
          "This code has been used: what it gives can no longer change. Make a new code instead.",
          reasoned("code_in_use"),
        );
    }
    if (!grant && (next.packageIds !== undefined || next.planIds !== undefined)) {
      const targets = narrowTargets(
        next.packageIds === undefined ? code.packageIds : (next.packageIds ?? null),
        next.planIds === undefined ? code.planIds : (next.planIds ?? null),
      );
      next.packageIds = targets.packageIds;
      next.planIds = targets.planIds;
    }
    const merged = { ...code, ...next };
    if (grant && merged.credits === null) throw badRequest("credits: a grant code needs its credits");
    if (!grant && (merged.percentOff === null) === (merged.amountOffCents === null))
      throw badRequest("percentOff: a discount code needs either a percent off or an amount off, not both");
    if (merged.validFrom && merged.validUntil && merged.validFrom >= merged.validUntil)
      throw badRequest("validUntil must be after validFrom");
    await checkTargets(tx, next.packageIds, next.planIds);

    const before = { ...termsForAudit(code), disabled: code.disabledAt !== null };
    const after = { ...termsForAudit(merged), disabled: merged.disabledAt !== null };
    const changes = fieldChanges(before, after);
    if (changes.length > 0) {
      await tx
        .update(promoCodes)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(promoCodes.id, id));
      await recordAudit(tx, actor, {
        action: "code.update",
        targetType: "promo_code",
        targetId: id,
        targetLabel: displayCode(code.code),
        details: { changes },
      });
    }
    return (await getCode(tx, id))!;
  });
}

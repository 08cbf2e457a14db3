/**
 * The mappings in force (decision 0173): each catalogue model's id at each vendor that makes it,
 * the built-in default unless the admin changed it, its lifecycle state and its last check. A
 * check of another id than the one in force says nothing: the mapping reads "unchecked".
 */
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { vendorModelChecks, vendorModelMappings } from "../../db/schema.js";
import type { ModelId, Vendor } from "../../../shared/catalogue.js";
import type {
  VendorModelCheckStatus,
  VendorModelMapping,
  VendorModelState,
} from "../../../shared/schemas/admin-vendor-models.js";
import { modelLabel } from "../../../shared/videos.js";
import { ALL_PAIRS } from "./defaults.js";

export type VendorModelTable = readonly VendorModelMapping[];

const key = (model: string, vendor: string) => `${model}:${vendor}`;

export async function readVendorModelTable(db: Queryable): Promise<VendorModelTable> {
  const [overrides, checks] = await Promise.all([
    db.select().from(vendorModelMappings),
    db.select().from(vendorModelChecks),
  ]);
  const overrideOf = new Map(overrides.map((o) => [key(o.model, o.vendor), o]));
  const checkOf = new Map(checks.map((c) => [key(c.model, c.vendor), c]));
  return ALL_PAIRS.map(({ model, vendor, defaultId }) => {
    const o = overrideOf.get(key(model, vendor));
    const vendorModelId = o?.vendorModelId ?? defaultId;
    const state: VendorModelState = o?.deactivatedAt ? "deactivated" : o?.deprecatedAt ? "deprecated" : "active";
    const c = checkOf.get(key(model, vendor));
    const check =
      c && c.vendorModelId === vendorModelId
        ? {
            status: c.checkStatus as VendorModelCheckStatus,
            message: c.checkMessage,
            checkedAt: c.checkedAt.toISOString(),
          }
        : { status: "unchecked" as const, message: null, checkedAt: null };
    return {
      model,
      modelLabel: modelLabel(model),
      vendor,
      vendorModelId,
      defaultVendorModelId: defaultId,
      overridden: o !== undefined,
      state,
      check,
      usable: state !== "deactivated" && check.status !== "gone",
    };
  });
}

export const mappingOf = (table: VendorModelTable, model: ModelId, vendor: Vendor) =>
  table.find((m) => m.model === model && m.vendor === vendor);

/** Models no vendor can make now: every mapping deactivated or found gone. Hidden and refused. */
export function unmappedModels(table: VendorModelTable): ModelId[] {
  const models = [...new Set(table.map((m) => m.model))];
  return models.filter((model) => !table.some((m) => m.model === model && m.usable));
}

/** The overview's lines: ids found gone or failing their check, e.g. "Google: … is no longer available". */
export function vendorModelProblems(table: VendorModelTable) {
  return table
    .filter((m) => m.state !== "deactivated" && (m.check.status === "gone" || m.check.status === "error"))
    .map((m) => ({
      vendor: m.vendor,
      model: m.model,
      vendorModelId: m.vendorModelId,
      message: m.check.message ?? `${vendorName(m.vendor)}: ${m.vendorModelId} failed its check`,
    }));
}

const VENDOR_NAMES: Record<Vendor, string> = { kie: "KIE", google: "Google", vertex: "Vertex AI" };
export const vendorName = (vendor: Vendor) => VENDOR_NAMES[vendor];

export async function storeCheck(
  db: Queryable,
  m: { model: ModelId; vendor: Vendor; vendorModelId: string },
  result: { status: VendorModelCheckStatus; message: string | null },
): Promise<void> {
  const values = {
    model: m.model,
    vendor: m.vendor,
    vendorModelId: m.vendorModelId,
    checkStatus: result.status,
    checkMessage: result.message,
    checkedAt: new Date(),
  };
  await db
    .insert(vendorModelChecks)
    .values(values)
    .onConflictDoUpdate({ target: [vendorModelChecks.model, vendorModelChecks.vendor], set: values });
}

/** The admin's change: a row where something differs from the default, none where nothing does. */
export async function saveMapping(
  db: Queryable,
  change: {
    model: ModelId;
    vendor: Vendor;
    vendorModelId: string | null;
    state: VendorModelState;
    reason: string;
    updatedBy: string | null;
  },
): Promise<void> {
  const where = and(eq(vendorModelMappings.model, change.model), eq(vendorModelMappings.vendor, change.vendor));
  const [before] = await db.select().from(vendorModelMappings).where(where);
  const now = new Date();
  const values = {
    model: change.model,
    vendor: change.vendor,
    vendorModelId: change.vendorModelId,
    // A state kept keeps its date; a new one starts now.
    deprecatedAt: change.state === "deprecated" ? (before?.deprecatedAt ?? now) : null,
    deactivatedAt: change.state === "deactivated" ? (before?.deactivatedAt ?? now) : null,
    reason: change.reason,
    updatedBy: change.updatedBy,
    updatedAt: now,
  };
  if (change.vendorModelId === null && change.state === "active") {
    await db.delete(vendorModelMappings).where(where);
    return;
  }
  await db
    .insert(vendorModelMappings)
    .values(values)
    .onConflictDoUpdate({ target: [vendorModelMappings.model, vendorModelMappings.vendor], set: values });
}

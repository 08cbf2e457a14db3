/** Provider accounts (KIE.ai or Google keys) under /api/admin/kie-apis (decisions 0021, 0098). */
import { z } from "zod";
import { MODEL_CATALOGUE, MODELS, VENDORS, type ModelId } from "../catalogue.js";
import { isoTimestamp } from "./common.js";
import { maskedText } from "./settings.js";

/** An account is 'Available' at 400 KIE credits or more, else 'Low Credits' (decision 0021). */
export const KIE_AVAILABLE_THRESHOLD = 400;
export const VENDOR_ACCOUNT_DEFAULTS = {
  totalCredits: 1000,
  vendor: "kie",
  isEnabled: true,
} as const;
const KIE_CREDITS_MAX = 100_000_000;

/** Whose key an account holds (issue 42): KIE.ai's, or Google's for the Gemini API. */
export const ACCOUNT_VENDORS = VENDORS;
export type AccountVendor = (typeof ACCOUNT_VENDORS)[number];

/** What one video of a model costs an account, in its vendor's credits, by model id (the column model_costs). */
export type ModelCosts = Partial<Record<ModelId, number>>;

export const VENDOR_ACCOUNT_STATUSES = ["Available", "Low Credits"] as const;
export type VendorAccountStatus = (typeof VENDOR_ACCOUNT_STATUSES)[number];

export function vendorAccountStatus(totalCredits: number): VendorAccountStatus {
  return totalCredits >= KIE_AVAILABLE_THRESHOLD ? "Available" : "Low Credits";
}

const credits = (label: string) => {
  const message = `${label} must be a whole number, 0 or more`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z
        .number({ error: message })
        .int(message)
        .min(0, message)
        .max(KIE_CREDITS_MAX, `${label} must be at most ${KIE_CREDITS_MAX}`),
    );
};

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be at most 100 characters");

/**
 * On edit, a blank token or the masked one shown in the list keeps the stored key. A Vertex AI
 * account's token is its service account's JSON key file (a few kilobytes).
 */
const token = z.string({ error: "Token is required" }).trim().max(16_384, "Token is too long");

const isEnabled = z.boolean({ error: "isEnabled must be true or false" });

const vendor = z
  .enum(ACCOUNT_VENDORS, {
    error: `vendor must be ${ACCOUNT_VENDORS.slice(0, -1)
      .map((v) => `"${v}"`)
      .join(", ")} or "${ACCOUNT_VENDORS.at(-1)}"`,
  })
  .meta({
    description:
      "Whose key this is: kie (KIE.ai), google (the Gemini API) or vertex (Vertex AI: the token is a service account's JSON key).",
  });

const modelList = MODELS.join(", ");

/** One optional entry per model of the catalogue; any other key is refused by name. */
const modelCosts = z
  .strictObject(
    Object.fromEntries(MODELS.map((m) => [m, credits(`${MODEL_CATALOGUE[m].label} credits`).optional()])) as Record<
      ModelId,
      z.ZodOptional<ReturnType<typeof credits>>
    >,
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `modelCosts: ${issue.keys.map((k) => `"${k}"`).join(", ")} ${issue.keys.length === 1 ? "is not a model" : "are not models"}; the models are ${modelList}`
          : `modelCosts must be an object of model id (${modelList}) to credits per video`,
    },
  )
  .transform((costs): ModelCosts => definedEntries(costs))
  .meta({
    description:
      "What one video of each model costs this account in the vendor's credits. A model left out costs the default (KIE's price).",
  });

/** The fields of old clients, one per Veo model: each sets that model's entry of modelCosts. */
const LEGACY_COST_FIELDS = {
  veo3QualityCredits: "veo3",
  veo3FastCredits: "veo3_fast",
  veo3LiteCredits: "veo3_lite",
} as const satisfies Record<string, ModelId>;
type LegacyCostField = keyof typeof LEGACY_COST_FIELDS;

const legacyCost = (label: string, model: ModelId) =>
  credits(label)
    .optional()
    .meta({ deprecated: true, description: `Use modelCosts.${model}; when both are given, modelCosts wins.` });

const legacyCostFields = {
  veo3QualityCredits: legacyCost("Veo3 Quality credits", "veo3"),
  veo3FastCredits: legacyCost("Veo3 Fast credits", "veo3_fast"),
  veo3LiteCredits: legacyCost("Veo3 Lite credits", "veo3_lite"),
} satisfies Record<LegacyCostField, unknown>;

function definedEntries<K extends string>(costs: Partial<Record<K, number | undefined>>): Partial<Record<K, number>> {
  return Object.fromEntries(Object.entries(costs).filter(([, v]) => v !== undefined)) as Partial<Record<K, number>>;
}

/** Takes the legacy fields off the input and gives the model costs they name (none given: undefined). */
function splitLegacy<T extends Partial<Record<LegacyCostField, number>>>(
  input: T,
): { rest: Omit<T, LegacyCostField>; legacy?: ModelCosts } {
  const legacy: ModelCosts = {};
  for (const [field, model] of Object.entries(LEGACY_COST_FIELDS) as [LegacyCostField, ModelId][]) {
    const value = input[field];
    if (value !== undefined) legacy[model] = value;
  }
  const { veo3QualityCredits: _q, veo3FastCredits: _f, veo3LiteCredits: _l, ...rest } = input;
  return { rest, legacy: Object.keys(legacy).length > 0 ? legacy : undefined };
}

/** POST /api/admin/kie-apis. The legacy fields go into modelCosts; an entry of modelCosts wins. */
export const vendorAccountCreateSchema = z
  .object({
    name,
    token: token.min(1, "Token is required"),
    vendor: vendor.default(VENDOR_ACCOUNT_DEFAULTS.vendor),
    totalCredits: credits("Total credits").default(VENDOR_ACCOUNT_DEFAULTS.totalCredits),
    modelCosts: modelCosts.optional(),
    ...legacyCostFields,
    isEnabled: isEnabled.default(VENDOR_ACCOUNT_DEFAULTS.isEnabled),
  })
  .transform((input) => {
    const { rest, legacy } = splitLegacy(input);
    return { ...rest, modelCosts: { ...legacy, ...rest.modelCosts } };
  });
export type VendorAccountCreate = z.output<typeof vendorAccountCreateSchema>;

/**
 * PUT /api/admin/kie-apis/{id}: any subset; omitted fields keep their values. A given modelCosts
 * replaces the stored map (the legacy fields given with it are added to it, modelCosts winning);
 * legacy fields alone change only their models' entries (`modelCostChanges`).
 */
export const vendorAccountUpdateSchema = z
  .object({
    name: name.optional(),
    token: token.optional(),
    vendor: vendor.optional(),
    totalCredits: credits("Total credits").optional(),
    modelCosts: modelCosts.optional().meta({
      description:
        "Replaces the stored costs: what one video of each model costs this account in the vendor's credits. A model left out costs the default (KIE's price).",
    }),
    ...legacyCostFields,
    isEnabled: isEnabled.optional(),
  })
  .transform((input): Omit<typeof input, LegacyCostField> & { modelCostChanges?: ModelCosts } => {
    const { rest, legacy } = splitLegacy(input);
    if (rest.modelCosts) return { ...rest, modelCosts: { ...legacy, ...rest.modelCosts } };
    return legacy ? { ...rest, modelCostChanges: legacy } : rest;
  });
export type VendorAccountUpdate = z.output<typeof vendorAccountUpdateSchema>;

/** The account in the path of /api/admin/kie-apis/{id}: a malformed id is the caller's mistake (400). */
export const vendorAccountIdParams = z.object({ id: z.uuid({ error: "KIE API id must be a valid UUID" }) });

// ---- Answers (decision 0040) ----

/**
 * A provider account as the admin sees it: the key only masked. `modelCosts` is the map as stored;
 * the three veo3*Credits numbers are for old clients, each its model's entry or, when the map does
 * not name the model, the default (defaultModelCost, shared/vendor-costs.ts).
 */
const vendorAccountViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: maskedText.meta({ description: "Masked: bullets plus the last 4 characters (never the key itself)." }),
    vendor: z.enum(ACCOUNT_VENDORS),
    totalCredits: z.number().int(),
    modelCosts: z.partialRecord(z.enum(MODELS), z.number().int()).meta({
      description:
        "The costs the admin set, by model id: what one video costs this account in the vendor's credits. A model not in it costs the default.",
    }),
    veo3QualityCredits: z
      .number()
      .int()
      .meta({ deprecated: true, description: "Old clients: modelCosts.veo3, or its default when not set." }),
    veo3FastCredits: z
      .number()
      .int()
      .meta({ deprecated: true, description: "Old clients: modelCosts.veo3_fast, or its default when not set." }),
    veo3LiteCredits: z
      .number()
      .int()
      .meta({ deprecated: true, description: "Old clients: modelCosts.veo3_lite, or its default when not set." }),
    isEnabled: z.boolean(),
    status: z.enum(VENDOR_ACCOUNT_STATUSES),
    lastUsed: isoTimestamp.nullable(),
    totalUsage: z.number().int(),
    taskCount: z
      .number()
      .int()
      .meta({ description: "Videos made with this account (kept when the account is deleted)." }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "AdminKieApi" });
export type VendorAccountView = z.infer<typeof vendorAccountViewSchema>;

/** GET /api/admin/kie-apis: newest first. */
export const vendorAccountListSchema = z.array(vendorAccountViewSchema);

/** POST/PUT answers; POST /api/admin/kie-apis/{id}/check-credits answers the same with the fresh balance. */
export const vendorAccountSavedSchema = z
  // The answer's field keeps its documented name, kieApi (decision 0142).
  .object({ message: z.string(), kieApi: vendorAccountViewSchema })
  .meta({ id: "AdminKieApiSaved" });

/** DELETE /api/admin/kie-apis/{id}. */
export const vendorAccountDeletedSchema = z.object({ message: z.string() });

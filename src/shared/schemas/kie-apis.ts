/** Provider accounts (KIE.ai keys) under /api/admin/kie-apis (decision 0021). */
import { z } from "zod";
import { isoTimestamp } from "./common.js";
import { maskedText } from "./settings.js";

/** An account is 'Available' at 400 KIE credits or more, else 'Low Credits' (decision 0021). */
export const KIE_AVAILABLE_THRESHOLD = 400;
export const KIE_API_DEFAULTS = {
  totalCredits: 1000,
  veo3QualityCredits: 400,
  veo3FastCredits: 80,
  veo3LiteCredits: 40,
  isEnabled: true,
} as const;
const KIE_CREDITS_MAX = 100_000_000;

export const KIE_API_STATUSES = ["Available", "Low Credits"] as const;
export type KieApiStatus = (typeof KIE_API_STATUSES)[number];

export function kieApiStatus(totalCredits: number): KieApiStatus {
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

/** On edit, a blank token or the masked one shown in the list keeps the stored key. */
const token = z.string({ error: "Token is required" }).trim().max(4096, "Token is too long");

const isEnabled = z.boolean({ error: "isEnabled must be true or false" });

/** POST /api/admin/kie-apis */
export const kieApiCreateSchema = z.object({
  name,
  token: token.min(1, "Token is required"),
  totalCredits: credits("Total credits").default(KIE_API_DEFAULTS.totalCredits),
  veo3QualityCredits: credits("Veo3 Quality credits").default(KIE_API_DEFAULTS.veo3QualityCredits),
  veo3FastCredits: credits("Veo3 Fast credits").default(KIE_API_DEFAULTS.veo3FastCredits),
  veo3LiteCredits: credits("Veo3 Lite credits").default(KIE_API_DEFAULTS.veo3LiteCredits),
  isEnabled: isEnabled.default(KIE_API_DEFAULTS.isEnabled),
});
export type KieApiCreate = z.output<typeof kieApiCreateSchema>;

/** PUT /api/admin/kie-apis/{id}: any subset; omitted fields keep their values. */
export const kieApiUpdateSchema = z.object({
  name: name.optional(),
  token: token.optional(),
  totalCredits: credits("Total credits").optional(),
  veo3QualityCredits: credits("Veo3 Quality credits").optional(),
  veo3FastCredits: credits("Veo3 Fast credits").optional(),
  veo3LiteCredits: credits("Veo3 Lite credits").optional(),
  isEnabled: isEnabled.optional(),
});
export type KieApiUpdate = z.output<typeof kieApiUpdateSchema>;

/** The account in the path of /api/admin/kie-apis/{id}: a malformed id is the caller's mistake (400). */
export const kieApiIdParams = z.object({ id: z.uuid({ error: "KIE API id must be a valid UUID" }) });

// ---- Answers (decision 0040) ----

/** A provider account as the admin sees it: the key only masked. */
const kieApiViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: maskedText.meta({ description: "Masked: bullets plus the last 4 characters (never the key itself)." }),
    totalCredits: z.number().int(),
    veo3QualityCredits: z.number().int(),
    veo3FastCredits: z.number().int(),
    veo3LiteCredits: z.number().int(),
    isEnabled: z.boolean(),
    status: z.enum(KIE_API_STATUSES),
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
export type KieApiView = z.infer<typeof kieApiViewSchema>;

/** GET /api/admin/kie-apis: newest first. */
export const kieApiListSchema = z.array(kieApiViewSchema);

/** POST/PUT answers; POST /api/admin/kie-apis/{id}/check-credits answers the same with the fresh balance. */
export const kieApiSavedSchema = z
  .object({ message: z.string(), kieApi: kieApiViewSchema })
  .meta({ id: "AdminKieApiSaved" });

/** DELETE /api/admin/kie-apis/{id}. */
export const kieApiDeletedSchema = z.object({ message: z.string() });

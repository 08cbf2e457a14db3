/**
 * Model ids as data (issue 74 §1, decision 0173): each catalogue model maps to a model id per
 * vendor; the built-in default holds until the admin changes it on /admin (with a reason, audited).
 * Each mapping has a lifecycle (active, deprecated: out of automatic choice, deactivated: never
 * used) and the result of its last check with the vendor's own model lookup.
 */
import { z } from "zod";
import { MODELS } from "../catalogue.js";
import { VENDORS } from "../model-description.js";
import { tidyReason } from "./admin-reason.js";

export const VENDOR_MODEL_STATES = ["active", "deprecated", "deactivated"] as const;
export type VendorModelState = (typeof VENDOR_MODEL_STATES)[number];

const VENDOR_MODEL_CHECK_STATUSES = ["ok", "gone", "error", "unchecked"] as const;
export type VendorModelCheckStatus = (typeof VENDOR_MODEL_CHECK_STATUSES)[number];

/** What a vendor's model id may look like: no spaces, no "..", nothing a URL path would misread. */
export const VENDOR_MODEL_ID_PATTERN = /^[A-Za-z0-9._/-]{1,100}$/;
const BAD_ID =
  "A vendor model id is 1-100 characters of letters, digits, dots, dashes, underscores and slashes (e.g. veo-3.1-generate-preview)";

const vendorModelIdSchema = z
  .string({ error: BAD_ID })
  .trim()
  .regex(VENDOR_MODEL_ID_PATTERN, BAD_ID)
  .refine((id) => !id.split("/").some((part) => part === "" || part === "." || part === ".."), BAD_ID);

export const VENDOR_MODEL_REASON_MIN = 3;
export const VENDOR_MODEL_REASON_MAX = 500;
const REASON_SHORT = `Give a reason of at least ${VENDOR_MODEL_REASON_MIN} characters`;
const REASON_LONG = `The reason must be at most ${VENDOR_MODEL_REASON_MAX} characters`;

const reasonSchema = z
  .string({ error: REASON_SHORT })
  .max(10_000, REASON_LONG)
  .transform(tidyReason)
  .pipe(z.string().min(VENDOR_MODEL_REASON_MIN, REASON_SHORT).max(VENDOR_MODEL_REASON_MAX, REASON_LONG))
  .meta({ description: "Why (3-500 characters, one line): kept with the mapping and in the audit log." });

export const vendorModelParams = z.object({
  model: z.enum(MODELS, { error: "Unknown model" }),
  vendor: z.enum(VENDORS, { error: "Unknown vendor: kie or google" }),
});

export const vendorModelUpdateSchema = z
  .object({
    vendorModelId: vendorModelIdSchema
      .nullable()
      .meta({ description: "The vendor's id for the model; null goes back to the built-in default." }),
    state: z.enum(VENDOR_MODEL_STATES, { error: "State is active, deprecated or deactivated" }),
    reason: reasonSchema,
  })
  .strict()
  .meta({ id: "VendorModelUpdate" });
export type VendorModelUpdate = z.output<typeof vendorModelUpdateSchema>;

const vendorModelCheckSchema = z.object({
  status: z.enum(VENDOR_MODEL_CHECK_STATUSES).meta({
    description:
      "ok: the vendor knows the id; gone: the vendor says it is no longer available; error: the check failed (network, key); unchecked: not checked yet, or the vendor has no lookup.",
  }),
  message: z.string().nullable(),
  checkedAt: z.string().nullable().meta({ description: "ISO time of the last check, null if never." }),
});

export const vendorModelMappingSchema = z
  .object({
    model: z.enum(MODELS),
    modelLabel: z.string(),
    vendor: z.enum(VENDORS),
    vendorModelId: z.string().meta({ description: "The id in force (the admin's, or the default)." }),
    defaultVendorModelId: z.string(),
    overridden: z.boolean().meta({ description: "The admin changed the id or the state." }),
    state: z.enum(VENDOR_MODEL_STATES),
    check: vendorModelCheckSchema,
    usable: z.boolean().meta({
      description: "Not deactivated and not found gone by its last check: failover may send work to it.",
    }),
  })
  .meta({ id: "VendorModelMapping" });
export type VendorModelMapping = z.infer<typeof vendorModelMappingSchema>;

export const vendorModelListSchema = z
  .object({ mappings: z.array(vendorModelMappingSchema) })
  .meta({ id: "VendorModelList" });
export type VendorModelList = z.infer<typeof vendorModelListSchema>;

/** One line on the admin overview: "Google: veo-3.1-fast-generate-preview is no longer available". */
export const vendorModelProblemSchema = z.object({
  vendor: z.enum(VENDORS),
  model: z.enum(MODELS),
  vendorModelId: z.string(),
  message: z.string(),
});

/**
 * Codes (issue 70, decision 0156), as the routes declare them: a person redeems a grant code
 * (POST /api/codes/redeem, and the automation API's), asks what a discount code takes off a package
 * or plan (POST /api/codes/quote), and the admin makes, lists, changes and exports codes under
 * /api/admin/codes. Codes are case-insensitive; spaces and dashes in them are ignored.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

const PROMO_CODE_KINDS = ["grant", "discount"] as const;
type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];
const REDEMPTION_STATUSES = ["granted", "reserved", "paid", "released"] as const;
const REDEMPTION_CHANNELS = ["web", "api"] as const;
/** At most this many codes in one bulk creation. */
export const MAX_BULK_CODES = 1000;

const money = z.string().meta({ description: 'USD with two decimals, e.g. "19.00".' });

/** A code as typed: any case, with or without dashes and spaces. */
const codeField = z
  .string({ error: "Enter a code" })
  .trim()
  .min(1, "Enter a code")
  .max(64, "That code is too long")
  .meta({ description: "The code, in any case; spaces and dashes are ignored.", examples: ["ABCD-EFGH-JKMN"] });

/** POST /api/codes/redeem and POST /api/n8n/codes/redeem. */
export const redeemCodeSchema = z.object({ code: codeField });

export const redeemResultSchema = z
  .object({
    code: z.string().meta({ description: "The code as it is shown, e.g. ABCD-EFGH-JKMN." }),
    credits: z.number().int().meta({ description: "Credits the code added." }),
    expiresAt: isoTimestamp.nullable().meta({ description: "When these credits expire; null: never." }),
    balance: z.number().int().meta({ description: "The balance after the code." }),
  })
  .meta({ id: "CodeRedeemed" });
export type RedeemResult = z.infer<typeof redeemResultSchema>;

/** The automation API's answer: the same with `success: true`, as its other answers. */
export const automationRedeemResultSchema = redeemResultSchema
  .extend({ success: z.literal(true) })
  .meta({ id: "AutomationCodeRedeemed" });

/** POST /api/codes/quote: a package, or a plan and its interval. */
export const quoteCodeSchema = z
  .object({
    code: codeField,
    packageId: z.uuid({ error: "packageId must be a package's id" }).optional(),
    planId: z.uuid({ error: "planId must be a plan's id" }).optional(),
    interval: z.enum(["month", "year"], { error: "interval must be month or year" }).optional(),
  })
  .refine((b) => (b.packageId === undefined) !== (b.planId === undefined), {
    message: "Give either packageId, or planId and interval",
    path: ["packageId"],
  })
  .refine((b) => b.planId === undefined || b.interval !== undefined, {
    message: "Give the plan's interval: month or year",
    path: ["interval"],
  });
export type QuoteCodeBody = z.infer<typeof quoteCodeSchema>;

export const codeQuoteSchema = z
  .object({
    code: z.string().meta({ description: "The code as it is shown." }),
    listAmount: money.meta({ description: "The price before the code." }),
    discount: money.meta({ description: "What the code takes off." }),
    amount: money.meta({ description: "What is asked after the code." }),
    percentOff: z.number().int().nullable(),
    amountOff: money.nullable().meta({ description: "A fixed amount off; null for a percentage." }),
  })
  .meta({ id: "CodeQuote" });
export type CodeQuote = z.infer<typeof codeQuoteSchema>;

// --- The admin's codes -------------------------------------------------------------------------

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
const optionalWhole = (message: string, min: number, max: number) =>
  z
    .union([wholeNumber(message, min, max), z.null(), z.literal("")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v));
const optionalTime = (name: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` }), z.null()])
    .optional()
    .transform((v) => v ?? null);
const idList = (name: string) =>
  z
    .array(z.uuid({ error: `${name} must hold ids` }))
    .max(200)
    .nullable()
    .optional()
    .transform((v) => v ?? null)
    .meta({
      description: `${name}: null for all of them. Naming only packages (or only plans) limits a discount to those: the other kind then gets none.`,
    });
const labelField = z
  .string()
  .trim()
  .max(200, "The label must be at most 200 characters")
  .nullish()
  .transform((v) => (v ? v : null));

/** What a code gives and its limits: shared by one code, a bulk creation, and (partly) a change. */
const codeTermsShape = {
  kind: z.enum(PROMO_CODE_KINDS, { error: "kind must be grant or discount" }),
  label: labelField,
  /** A grant: credits and the days they last (null: never expire). */
  credits: optionalWhole("Credits must be a whole number from 1 to 10,000,000", 1, 10_000_000),
  creditDays: optionalWhole("Days must be a whole number from 1 to 3650", 1, 3650),
  /** A discount: percent off, or a fixed amount off in cents (one of them). */
  percentOff: optionalWhole("Percent off must be a whole number from 1 to 99", 1, 99),
  amountOffCents: optionalWhole("The amount off must be from 1 cent to 100,000.00 USD", 1, 10_000_000),
  maxUses: optionalWhole("Uses must be a whole number from 1 to 10,000,000", 1, 10_000_000),
  oncePerPerson: z.boolean({ error: "oncePerPerson must be true or false" }).default(true),
  firstPurchaseOnly: z.boolean({ error: "firstPurchaseOnly must be true or false" }).default(false),
  validFrom: optionalTime("validFrom"),
  validUntil: optionalTime("validUntil"),
  packageIds: idList("packageIds"),
  planIds: idList("planIds"),
};

type Terms = {
  kind: PromoCodeKind;
  credits: number | null;
  percentOff: number | null;
  amountOffCents: number | null;
  validFrom: string | null;
  validUntil: string | null;
};
function checkTerms(t: Terms, ctx: z.RefinementCtx): void {
  if (t.kind === "grant" && t.credits === null)
    ctx.addIssue({ code: "custom", message: "A grant code needs its credits", path: ["credits"] });
  if (t.kind === "discount" && (t.percentOff === null) === (t.amountOffCents === null))
    ctx.addIssue({
      code: "custom",
      message: "A discount code needs either a percent off or an amount off, not both",
      path: ["percentOff"],
    });
  if (t.validFrom && t.validUntil && Date.parse(t.validFrom) >= Date.parse(t.validUntil))
    ctx.addIssue({ code: "custom", message: "validUntil must be after validFrom", path: ["validUntil"] });
}

/** POST /api/admin/codes: one code, its text the admin's own or made up. */
export const createCodeSchema = z
  .object({
    ...codeTermsShape,
    code: z
      .string()
      .trim()
      .max(64, "A code has at most 32 letters and digits")
      .nullish()
      .transform((v) => (v ? v : null))
      .meta({ description: "The admin's own code (4-32 letters A-Z and digits); leave out to make one up." }),
  })
  .superRefine(checkTerms);

export type CreateCodeBody = z.output<typeof createCodeSchema>;

/** POST /api/admin/codes/bulk: N single-use codes with one batch id. */
export const bulkCreateCodesSchema = z
  .object({
    ...codeTermsShape,
    count: wholeNumber(`How many codes: a whole number from 1 to ${MAX_BULK_CODES}`, 1, MAX_BULK_CODES),
  })
  .superRefine(checkTerms);

export type BulkCreateCodesBody = z.output<typeof bulkCreateCodesSchema>;

/**
 * PATCH /api/admin/codes/{id}: only the fields given change. The kind never changes; what it
 * gives (credits, days, percent, amount) only while nobody has used it.
 */
export const updateCodeSchema = z.object({
  label: labelField.optional(),
  credits: codeTermsShape.credits.optional(),
  creditDays: codeTermsShape.creditDays.optional(),
  percentOff: codeTermsShape.percentOff.optional(),
  amountOffCents: codeTermsShape.amountOffCents.optional(),
  maxUses: codeTermsShape.maxUses.optional(),
  oncePerPerson: z.boolean({ error: "oncePerPerson must be true or false" }).optional(),
  firstPurchaseOnly: z.boolean({ error: "firstPurchaseOnly must be true or false" }).optional(),
  validFrom: codeTermsShape.validFrom.optional(),
  validUntil: codeTermsShape.validUntil.optional(),
  packageIds: codeTermsShape.packageIds.optional(),
  planIds: codeTermsShape.planIds.optional(),
  disabled: z.boolean({ error: "disabled must be true or false" }).optional(),
});

export type UpdateCodeBody = z.output<typeof updateCodeSchema>;

export const codeIdParams = z.object({ id: z.uuid({ error: "Not a code id" }) });

export const adminCodeFiltersSchema = z.object({
  batchId: z.uuid({ error: "batchId must be a batch's id" }).optional(),
  kind: z.enum(PROMO_CODE_KINDS).optional(),
  q: z.string().trim().max(100).optional().meta({ description: "Part of the code or its label." }),
  cursor: z.uuid({ error: "Not a cursor" }).optional().meta({ description: "nextCursor of the page before." }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AdminCodeFilters = z.infer<typeof adminCodeFiltersSchema>;

export const adminCodeViewSchema = z
  .object({
    id: z.string(),
    code: z.string().meta({ description: "Its normal form: upper case, no dashes." }),
    display: z.string().meta({ description: "As it is shown: ABCD-EFGH-JKMN." }),
    kind: z.enum(PROMO_CODE_KINDS),
    label: z.string().nullable(),
    batchId: z.string().nullable(),
    credits: z.number().int().nullable(),
    creditDays: z.number().int().nullable(),
    percentOff: z.number().int().nullable(),
    amountOffCents: z.number().int().nullable(),
    packageIds: z.array(z.string()).nullable(),
    planIds: z.array(z.string()).nullable(),
    maxUses: z.number().int().nullable(),
    uses: z.number().int().meta({ description: "Uses so far, discounts held for unpaid orders included." }),
    oncePerPerson: z.boolean(),
    firstPurchaseOnly: z.boolean(),
    validFrom: isoTimestamp.nullable(),
    validUntil: isoTimestamp.nullable(),
    disabledAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    creditsGranted: z.number().int().meta({ description: "Credits its grants gave." }),
    revenueCents: z.number().int().meta({ description: "What its paid discounts brought in, in cents." }),
    discountCents: z.number().int().meta({ description: "What its paid discounts took off, in cents." }),
  })
  .meta({ id: "AdminCode" });
export type AdminCodeView = z.infer<typeof adminCodeViewSchema>;

export const adminCodeListSchema = z.object({
  codes: z.array(adminCodeViewSchema),
  nextCursor: z.string().nullable(),
});

export const bulkCodesCreatedSchema = z
  .object({
    batchId: z.string(),
    count: z.number().int(),
    codes: z.array(z.string()).meta({ description: "The codes as they are shown." }),
  })
  .meta({ id: "BulkCodesCreated" });

export const codeExportQuerySchema = z.object({
  batchId: z.uuid({ error: "batchId must be a batch's id" }).optional(),
});

const adminRedemptionViewSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    username: z.string(),
    status: z.enum(REDEMPTION_STATUSES),
    via: z.enum(REDEMPTION_CHANNELS),
    credits: z.number().int(),
    orderId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    discountCents: z.number().int(),
    paidCents: z.number().int(),
    createdAt: isoTimestamp,
  })
  .meta({ id: "AdminCodeRedemption" });
export const adminRedemptionListSchema = z.object({ redemptions: z.array(adminRedemptionViewSchema) });
export type AdminRedemptionView = z.infer<typeof adminRedemptionViewSchema>;

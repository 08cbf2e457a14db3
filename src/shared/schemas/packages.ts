/**
 * Credit packages (decision 0015) and which payment providers are offered, as the routes declare
 * them (decision 0040): GET /api/credit-packages, GET /api/settings/payment-methods and the admin
 * CRUD under /api/admin/credit-packages.
 */
import { z } from "zod";
import { confirmBelowCost, isoTimestamp } from "./common.js";

/** A package as everyone sees it: GET /api/credit-packages (active ones only). */
const creditPackageViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    credits: z.number().int(),
    price: z.string().meta({ description: 'USD with two decimals, e.g. "10.00".' }),
    popular: z.boolean(),
    description: z.string().nullable(),
    bonus: z.string().nullable().meta({
      description:
        "The bonus badge's own wording, such as 'Launch offer' (display only: `bonusCredits` is what is given).",
    }),
    bonusCredits: z.number().int().min(0).meta({
      description: "Credits given on top of `credits` with each purchase, as their own history row (decision 0075).",
    }),
  })
  .meta({ id: "CreditPackage" });
export type CreditPackageView = z.infer<typeof creditPackageViewSchema>;

/** GET /api/credit-packages: cheapest first. */
export const creditPackageListSchema = z.array(creditPackageViewSchema);

/** A package as the admin sees it: GET /api/admin/credit-packages lists every one, active or not. */
export const adminCreditPackageViewSchema = creditPackageViewSchema
  .extend({
    creemProductId: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: isoTimestamp,
  })
  .meta({ id: "AdminCreditPackage" });
export type AdminCreditPackageView = z.infer<typeof adminCreditPackageViewSchema>;

export const adminCreditPackageListSchema = z.array(adminCreditPackageViewSchema);

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const BAD_BONUS_CREDITS = "Bonus credits must be a whole number from 0 to 10,000,000";

/** POST /api/admin/credit-packages and PUT /api/admin/credit-packages/{id} (decision 0015). */
export const creditPackageInputSchema = z.object({
  name: z
    .string({ error: "Package name is required" })
    .trim()
    .min(1, "Package name is required")
    .max(100, "Package name must be at most 100 characters"),
  credits: z
    .union([z.number(), z.string().trim()], { error: "Credits must be positive" })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z
        .number({ error: "Credits must be positive" })
        .int("Credits must be a whole number")
        .min(1, "Credits must be positive")
        .max(10_000_000, "Credits must be at most 10,000,000"),
    ),
  price: z
    .union([z.string().trim(), z.number()], { error: "Price must be valid" })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(PRICE_PATTERN, "Price must be valid")
        .refine((v) => Number(v) > 0, "Price must be valid")
        .refine((v) => Number(v) <= 100_000, "Price must be at most 100000"),
    ),
  creemProductId: z
    .string()
    .trim()
    .max(200, "Creem product id must be at most 200 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
  popular: z.boolean({ error: "popular must be true or false" }).default(false),
  description: z
    .string()
    .trim()
    .max(300, "Description must be at most 300 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  bonus: z
    .string()
    .trim()
    .max(100, "Bonus must be at most 100 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  bonusCredits: z
    .union([z.number(), z.string().trim()], { error: BAD_BONUS_CREDITS })
    .transform((v) => (typeof v === "string" ? (/^\d+$/.test(v) ? Number(v) : v === "" ? 0 : v) : v))
    .pipe(
      z
        .number({ error: BAD_BONUS_CREDITS })
        .int(BAD_BONUS_CREDITS)
        .min(0, BAD_BONUS_CREDITS)
        .max(10_000_000, BAD_BONUS_CREDITS),
    )
    .default(0),
  confirmBelowCost,
});
export type CreditPackageInput = z.input<typeof creditPackageInputSchema>;
export type CreditPackageBody = z.output<typeof creditPackageInputSchema>;

const BAD_PACKAGE_ID = "Package id must be a valid UUID";

/** A malformed id is the caller's mistake (400), and must never reach the uuid column (a 500). */
export const packageIdParams = z.object({ id: z.uuid({ error: BAD_PACKAGE_ID }) });

/** DELETE /api/admin/credit-packages/{id}: deleted, or only deactivated when purchases refer to it. */
export const packageRemovedSchema = z
  .object({
    message: z.string(),
    deactivated: z
      .boolean()
      .meta({ description: "True when purchases refer to the package, so it was switched off instead of deleted." }),
  })
  .meta({ id: "CreditPackageRemoved" });

/**
 * A package on sale and the providers that can sell it now (issue 68): Creem only when the package
 * has its Creem product, so the buy dialog never offers a checkout the server would refuse.
 */
const packagePaymentMethodsSchema = z
  .object({
    id: z.string(),
    providers: z.array(z.enum(["creem", "paypal"])).meta({
      description: "Empty when no provider can sell the package now: it cannot be bought.",
    }),
  })
  .meta({ id: "PackagePaymentMethods" });

/** GET /api/settings/payment-methods: a provider counts only when switched on and configured. */
export const paymentMethodsSchema = z
  .object({
    creemEnabled: z.boolean(),
    paypalEnabled: z.boolean(),
    packages: z.array(packagePaymentMethodsSchema).meta({
      description: "Every package on sale, cheapest first, with the providers that can sell it now.",
    }),
  })
  .meta({ id: "PaymentMethods" });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

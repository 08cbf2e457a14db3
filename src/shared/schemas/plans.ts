/**
 * Plans and subscriptions (issue 69, decision 0152), as the routes declare them: the plans on sale
 * (GET /api/plans), the admin's catalogue under /api/admin/plans, a person's plan
 * (GET /api/subscription) and what they may do with it.
 */
import { z } from "zod";
import { confirmBelowCost, isoTimestamp } from "./common.js";
import { discountCodeField } from "./payments.js";

const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
const YEARLY_GRANTS = ["monthly", "upfront"] as const;

const money = z.string().meta({ description: 'USD with two decimals, e.g. "19.00".' });

export const planPerksSchema = z
  .object({
    commercialUse: z.boolean().default(false),
    /** The API at the same price per video. */
    apiAccess: z.boolean().default(false),
    /** Videos at once; null: the site's fair-use limit. */
    videosAtOnce: z.number().int().min(1).max(100).nullable().default(null),
    /** Catalogue model ids the card names; empty: every model. */
    models: z.array(z.string().max(100)).max(50).default([]),
  })
  .meta({ id: "PlanPerks" });

/** A plan as everyone sees it. */
const planViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    monthlyPrice: money.nullable(),
    yearlyPrice: money.nullable(),
    creditsPerMonth: z.number().int(),
    yearlyGrant: z.enum(YEARLY_GRANTS).meta({
      description: "A yearly plan's credits: each month (`monthly`) or the year's at once (`upfront`).",
    }),
    rolloverCap: z.number().int().meta({ description: "Unused plan credits carried into the next period, at most." }),
    perks: planPerksSchema,
    popular: z.boolean(),
    /** Who can take the payment now, per interval (empty: not on sale for it). */
    providers: z.object({
      month: z.array(z.enum(["creem", "paypal"])),
      year: z.array(z.enum(["creem", "paypal"])),
    }),
  })
  .meta({ id: "Plan" });
export type PlanView = z.infer<typeof planViewSchema>;
export const planListSchema = z.array(planViewSchema);

export const adminPlanViewSchema = planViewSchema
  .extend({
    isActive: z.boolean(),
    creemProductMonthly: z.string().nullable(),
    creemProductYearly: z.string().nullable(),
    paypalPlanMonthly: z.string().nullable(),
    paypalPlanYearly: z.string().nullable(),
    subscribers: z.number().int().meta({ description: "Live subscriptions on this plan." }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "AdminPlan" });
export type AdminPlanView = z.infer<typeof adminPlanViewSchema>;
export const adminPlanListSchema = z.array(adminPlanViewSchema);

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const optionalPrice = z
  .union([z.string().trim(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === "" ? null : String(v)))
  .pipe(
    z
      .string()
      .regex(PRICE_PATTERN, "Price must be valid")
      .refine((v) => Number(v) > 0, "Price must be valid")
      .refine((v) => Number(v) <= 100_000, "Price must be at most 100000")
      .nullable(),
  );
const optionalId = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** POST /api/admin/plans and PUT /api/admin/plans/{id}. */
export const planInputSchema = z
  .object({
    name: z
      .string({ error: "Plan name is required" })
      .trim()
      .min(1, "Plan name is required")
      .max(100, "Plan name must be at most 100 characters"),
    description: z
      .string()
      .trim()
      .max(300, "Description must be at most 300 characters")
      .nullish()
      .transform((v) => (v ? v : null)),
    monthlyPrice: optionalPrice,
    yearlyPrice: optionalPrice,
    creditsPerMonth: wholeNumber("Credits per month must be a whole number from 1 to 10,000,000", 1, 10_000_000),
    yearlyGrant: z.enum(YEARLY_GRANTS, { error: "Yearly credits must be monthly or upfront" }).default("monthly"),
    rolloverCap: wholeNumber("Rollover must be a whole number from 0 to 10,000,000", 0, 10_000_000).default(0),
    perks: planPerksSchema.default({ commercialUse: false, apiAccess: false, videosAtOnce: null, models: [] }),
    creemProductMonthly: optionalId("Creem product id"),
    creemProductYearly: optionalId("Creem product id"),
    isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
    popular: z.boolean({ error: "popular must be true or false" }).default(false),
    confirmBelowCost,
  })
  .refine((p) => p.monthlyPrice !== null || p.yearlyPrice !== null, {
    message: "Give a monthly price, a yearly price, or both",
    path: ["monthlyPrice"],
  });
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanBody = z.output<typeof planInputSchema>;

export const planIdParams = z.object({ id: z.uuid({ error: "Plan id must be a valid UUID" }) });

export const planRemovedSchema = z
  .object({ message: z.string(), deactivated: z.boolean() })
  .meta({ id: "PlanRemoved" });

const SUBSCRIPTION_STATUSES = ["pending", "active", "past_due", "paused", "ended"] as const;

/** A person's plan: GET /api/subscription. */
export const subscriptionViewSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    interval: z.enum(PLAN_INTERVALS),
    provider: z.enum(["creem", "paypal"]),
    status: z.enum(SUBSCRIPTION_STATUSES),
    cancelAtPeriodEnd: z.boolean(),
    price: money,
    currency: z.string(),
    creditsPerMonth: z.number().int(),
    currentPeriodStart: isoTimestamp.nullable(),
    currentPeriodEnd: isoTimestamp.nullable(),
    /** The next charge: null once cancelled or ended. */
    nextRenewal: z.object({ at: isoTimestamp, amount: money }).nullable(),
    /** The plan credits left of this period and when they expire. */
    planCredits: z.object({ remaining: z.number().int(), expiresAt: isoTimestamp.nullable() }),
    /** A downgrade waiting for the period's end. */
    scheduledChange: z.object({ planName: z.string(), interval: z.enum(PLAN_INTERVALS) }).nullable(),
    pastDueSince: isoTimestamp.nullable(),
  })
  .meta({ id: "Subscription" });
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const mySubscriptionSchema = z
  .object({
    subscription: subscriptionViewSchema.nullable(),
    /** Credits bought or granted outside the plan (never expire unless a grant says so). */
    otherCredits: z.number().int(),
  })
  .meta({ id: "MySubscription" });
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

/** POST /api/subscription/checkout */
export const subscriptionCheckoutSchema = z.object({
  planId: z.uuid({ error: "Plan id must be a valid UUID" }),
  interval: z.enum(PLAN_INTERVALS, { error: "Interval must be month or year" }),
  provider: z.enum(["creem", "paypal"], { error: "Provider must be creem or paypal" }),
  /** A discount code for the first payment (decision 0158): through Creem only. */
  code: discountCodeField,
});
/** Creem answers a page to go to; PayPal a subscription for its subscribe button (and its approve link). */
export const subscriptionCheckoutResponseSchema = z
  .object({
    checkoutUrl: z.string().nullable(),
    paypalSubscriptionId: z.string().nullable(),
  })
  .meta({ id: "SubscriptionCheckout" });

/** POST /api/subscription/paypal-confirm: after PayPal's approval, the server reads it ACTIVE. */
export const paypalSubscriptionConfirmSchema = z.object({
  subscriptionId: z.string().trim().min(1, "subscriptionId is required").max(100),
});

/** POST /api/subscription/change */
export const subscriptionChangeSchema = z.object({
  planId: z.uuid({ error: "Plan id must be a valid UUID" }),
  interval: z.enum(PLAN_INTERVALS, { error: "Interval must be month or year" }),
});
export const subscriptionChangeResultSchema = z
  .object({
    when: z.enum(["now", "period_end", "next_cycle"]),
    /** PayPal: the buyer's consent, when PayPal asks for it. */
    approveUrl: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: "SubscriptionChange" });

export const subscriptionActionResultSchema = z
  .object({ message: z.string(), subscription: subscriptionViewSchema.nullable() })
  .meta({ id: "SubscriptionAction" });

export const portalLinkSchema = z.object({ url: z.string() }).meta({ id: "SubscriptionPortal" });

/** The admin's count of plans for the overview. */
export const planStatsSchema = z
  .object({
    active: z.number().int(),
    pastDue: z.number().int(),
    cancelledThisMonth: z.number().int(),
    /** Monthly recurring revenue in USD (a yearly plan counts a twelfth). */
    mrr: money,
    /** Plans ended in the last 30 days over those live at its start, 0..1; null without any. */
    churn: z.number().nullable(),
  })
  .meta({ id: "PlanStats" });

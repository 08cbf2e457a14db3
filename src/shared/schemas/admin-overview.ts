/**
 * GET /api/admin/overview (issue 23, decision 0053): how the business did over a range of whole
 * UTC days: revenue, credits, new users, videos and their outcomes, how long videos take, and
 * the provider accounts' last known balances.
 */
import { z } from "zod";
import { planStatsSchema } from "./plans.js";
import { unitEconomicsSchema } from "./unit-economics.js";
import { isoTimestamp } from "./common.js";
import { VENDOR_ACCOUNT_STATUSES } from "./vendor-accounts.js";
import { modelHealthSchema } from "./model-health.js";
import { vendorModelProblemSchema } from "./admin-vendor-models.js";

export const OVERVIEW_RANGES = ["today", "7d", "30d", "90d"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const OVERVIEW_DEFAULT_RANGE: OverviewRange = "7d";

/** How many UTC days each range covers: today and the days before it. */
export const OVERVIEW_RANGE_DAYS: Record<OverviewRange, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90 };

/** A video's outcome on the overview: finished ones count in the rates, those in progress do not. */
export const VIDEO_OUTCOMES = ["completed", "refunded", "failed", "inProgress"] as const;
export type VideoOutcome = (typeof VIDEO_OUTCOMES)[number];

/**
 * How an account was made (users.signup_method, decision 0091): the sign-up form, Google sign-in,
 * the ADMIN_USERNAME account at start-up; `unknown` for accounts from before it was kept.
 */
export const SIGNUP_SOURCES = ["password", "google", "admin", "unknown"] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

const BAD_RANGE = `range must be one of: ${OVERVIEW_RANGES.join(", ")}`;

export const adminOverviewQuerySchema = z.object({
  range: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.enum(OVERVIEW_RANGES, { error: BAD_RANGE }).default(OVERVIEW_DEFAULT_RANGE),
  ),
});

// ---- Answers (decision 0040) ----

const day = z.string().meta({ description: "A UTC day, YYYY-MM-DD." });
const count = z.number().int().min(0);
/** One count per sign-up source. */
const signupCounts = Object.fromEntries(SIGNUP_SOURCES.map((source) => [source, count])) as Record<
  SignupSource,
  typeof count
>;
const money = z.string().meta({ description: 'A decimal amount with two decimals, e.g. "25.00" (decision 0038).' });

const revenueRowSchema = z.object({
  provider: z.string().meta({ description: "creem or paypal." }),
  currency: z.string(),
  orders: count.meta({ description: "Completed orders." }),
  amount: money,
});

const outcomeCounts = {
  completed: count.meta({ description: "Completed and not refunded." }),
  refunded: count.meta({
    description: "Completed, then refunded (by an admin, or a failed video the provider delivered later).",
  }),
  failed: count.meta({ description: "Failed (their credits are given back automatically)." }),
  inProgress: count.meta({ description: "Still generating: not counted in the rates." }),
};

/** Added later (decision 0082), so optional for readers of older answers. */
const refusedCount = count.optional().meta({
  description:
    "Failed because the provider refused the prompt for its content (failureKind 'refused'): not counted in the rates or in failed.",
});

const rate = z.number().min(0).max(1).nullable().meta({
  description: "A fraction from 0 to 1 of the finished videos (completed, refunded, failed); null when none finished.",
});

const durationSchema = z.object({
  count: count.meta({ description: "How many videos the figures are computed from." }),
  medianSeconds: z.number().nullable(),
  p95Seconds: z.number().nullable().meta({ description: "95th percentile (continuous)." }),
  /** Added later (decision 0106), so optional for readers of older answers. */
  estimated: z.literal(true).optional().meta({
    description:
      "Present when the range holds more than 20,000 such videos: the median and 95th percentile are then read from 1 %-wide buckets (within 1 %), not sorted from every video.",
  }),
});

const providerAccountBalanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  totalCredits: z.number().int().meta({
    description: "The last known KIE balance: 'Check Balance' reads it from KIE, each video subtracts its cost.",
  }),
  status: z.enum(VENDOR_ACCOUNT_STATUSES),
  lastUsed: isoTimestamp.nullable(),
  balanceUpdatedAt: isoTimestamp.meta({
    description: "When the account row last changed (a balance check, a video, an edit).",
  }),
});

export const adminOverviewSchema = z
  .object({
    range: z.enum(OVERVIEW_RANGES),
    from: isoTimestamp.meta({ description: "The first day's 00:00 UTC (included)." }),
    to: isoTimestamp.meta({ description: "The day after the last, 00:00 UTC (excluded)." }),
    days: z
      .array(day)
      .meta({ description: "Every UTC day of the range, oldest first: each series has one entry per day." }),
    revenue: z.object({
      byProvider: z.array(revenueRowSchema).meta({
        description: "Completed payment orders by provider and currency (both providers always listed in USD).",
      }),
      byDay: z
        .array(revenueRowSchema.extend({ day }))
        .meta({ description: "The same per day, every day present for each provider and currency." }),
    }),
    credits: z.object({
      sold: count.meta({ description: "Purchase rows: credits bought." }),
      bonus: count.meta({ description: "Bonus rows: credits given free with the packages bought." }),
      planCredits: count.meta({ description: "Subscription rows: credits granted by plans' periods (issue 69)." }),
      expired: count.meta({
        description: "Expiry rows, as a positive number: credits whose time ran out unused (decision 0150).",
      }),
      spent: count.meta({
        description: "Usage rows, as a positive number: credits charged for videos and 4K upgrades.",
      }),
      refunded: count.meta({ description: "Refund rows: credits given back." }),
      netSpent: z.number().int().meta({ description: "spent - refunded." }),
      adjustedUp: count.meta({ description: "Admin adjustments that added credits." }),
      adjustedDown: count.meta({ description: "Admin adjustments that removed credits, as a positive number." }),
      byDay: z.array(z.object({ day, sold: count, spent: count, refunded: count })),
    }),
    reversals: z
      .object({
        byProvider: z.array(
          z.object({
            provider: z.string().meta({ description: "creem or paypal." }),
            currency: z.string(),
            refunds: count.meta({ description: "Refunds recorded in the range (payment_reversals of kind refund)." }),
            refundedAmount: money,
            chargebacks: count.meta({ description: "Chargebacks lost in the range (kind chargeback)." }),
            chargebackAmount: money,
            disputesOpened: count.meta({ description: "Disputes (chargebacks) opened in the range." }),
            salesAmount: money.meta({ description: "Completed orders' amount in the range (as in revenue)." }),
            rate: z.number().min(0).nullable().meta({
              description: "(refundedAmount + chargebackAmount) / salesAmount; null when nothing was sold.",
            }),
          }),
        ),
        openDisputes: count.meta({ description: "Disputes undecided now, whenever they opened." }),
      })
      .meta({
        description:
          "Refunds and chargebacks (decision 0084) by provider and currency: both providers always listed in USD.",
      }),
    newUsers: z
      .object({
        total: count,
        bySource: z.object(signupCounts),
        byDay: z.array(z.object({ day, count, ...signupCounts })),
      })
      .meta({
        description:
          "Accounts created, by day and by how they were made (decision 0091): password (the sign-up form), " +
          "google (Google sign-in), admin (ADMIN_USERNAME at start-up), unknown (made before this was kept).",
      }),
    videos: z.object({
      total: count.meta({ description: "completed + refunded + failed + inProgress + refused." }),
      ...outcomeCounts,
      refused: refusedCount,
      failureRate: rate.meta({
        description: "failed / (completed + refunded + failed): refused prompts are not failures.",
      }),
      refundRate: rate.meta({
        description:
          "Videos whose credits were given back (failed ones refunded automatically, and refunded ones) / (completed + refunded + failed).",
      }),
      byModel: z.array(
        z.object({
          model: z.string(),
          total: count,
          ...outcomeCounts,
          refused: refusedCount,
          failureRate: rate,
          refundRate: rate,
        }),
      ),
      byDay: z
        .array(z.object({ day, model: z.string(), ...outcomeCounts }))
        .meta({ description: "Per day and model: every day present for each model listed in byModel." }),
    }),
    times: z.object({
      toVideo: durationSchema.meta({
        description: "From submission to the video (completed_at - created_at) of completed videos.",
      }),
      to1080p: durationSchema.meta({
        description: "From submission to its 1080p version being ready (hd_ready_at - created_at).",
      }),
    }),
    providerAccounts: z.array(providerAccountBalanceSchema),
    plans: planStatsSchema.meta({
      description: "Plans now (issue 69): not bound to the range but for churn's 30 days.",
    }),
    /** Added later (decision 0089), so optional for readers of older answers. */
    moderation: z
      .object({
        refused: count.meta({
          description: "Requests refused for their prompt (denied, or flagged while flags refuse).",
        }),
        unscreened: count.meta({ description: "Requests refused because a screener could not be reached." }),
        review: count.meta({ description: "Requests let through and listed for review." }),
        byDay: z.array(z.object({ day, refused: count, unscreened: count, review: count })),
      })
      .optional()
      .meta({ description: "Prompt screening by the day of the request (UTC); each request counts once." }),
    /** Added later (decision 0097), so optional for readers of older answers. */
    modelHealth: z
      .array(modelHealthSchema)
      .optional()
      .meta({ description: "Each model over the last hour and day, whatever the range (decision 0097)." }),
    /** Added later (issue 42), so optional for readers of older answers. */
    economics: unitEconomicsSchema.optional(),
    /** Added later (issue 74, decision 0173), so optional for readers of older answers. */
    vendorModelProblems: z.array(vendorModelProblemSchema).optional().meta({
      description:
        'Vendor model ids whose last check failed or found them gone, e.g. "Google: veo-3.1-fast-generate-preview is no longer available".',
    }),
    generatedAt: isoTimestamp,
  })
  .meta({ id: "AdminOverview" });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/**
 * The referral programme (issue 70, decision 0157): a person's link and what it earned, the admin's
 * settings card, and the admin's figures (the overview's and each user's).
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/** The programme's terms, as a person reads them on /my-account. */
const referralTermsSchema = z.object({
  sharePercent: z.number().int().meta({ description: "The share of what a referred person pays, in percent." }),
  months: z.number().int().meta({ description: "For how many months after joining their payments earn it." }),
  capCredits: z.number().int().meta({ description: "At most this many credits from one referred person." }),
  holdHours: z.number().int().meta({ description: "A reward is granted this long after the payment." }),
  refereeCredits: z.number().int().meta({ description: "The referred person's bonus once their address is verified." }),
  refereeDays: z.number().int().meta({ description: "How many days that bonus lasts." }),
});

/** GET /api/referrals: the signed-in person's link and its results. */
export const myReferralsSchema = z
  .object({
    enabled: z.boolean().meta({ description: "Whether the programme is on; off, nothing else is filled." }),
    code: z.string().nullable(),
    link: z.string().nullable().meta({ description: "The link to share: <site>/r/<code>." }),
    joined: z
      .number()
      .int()
      .meta({ description: "People who joined through the link (refused look-alikes left out)." }),
    bought: z.number().int().meta({ description: "Of them, people who paid at least once." }),
    earnedCredits: z.number().int().meta({ description: "Credits granted, less what refunds took back." }),
    heldCredits: z.number().int().meta({ description: "Credits earned and waiting for their hold to end." }),
    terms: referralTermsSchema,
  })
  .meta({ id: "MyReferrals" });
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** A whole number in range, from a number or its digits (the form sends text). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The database's limits (admin_settings_referral_valid), each field's own. */
export const REFERRAL_LIMITS = {
  referralRefereeCredits: [0, 100_000],
  referralRefereeDays: [1, 365],
  referralSharePercent: [0, 100],
  referralMonths: [1, 120],
  referralCapCredits: [0, 10_000_000],
  referralHoldHours: [24, 8760],
  referralAttributionDays: [1, 365],
} as const;
type LimitKey = keyof typeof REFERRAL_LIMITS;
const limited = (key: LimitKey, what: string) => {
  const [min, max] = REFERRAL_LIMITS[key];
  return wholeNumber(`${what} must be a whole number from ${min} to ${max}`, min, max).optional();
};

/** PUT /api/admin/settings/referrals: the Referrals card; a field left out keeps its value. */
export const referralSettingsSchema = z.object({
  referralEnabled: z.boolean({ error: "referralEnabled must be true or false" }).optional(),
  referralRefereeCredits: limited("referralRefereeCredits", "The referred person's bonus"),
  referralRefereeDays: limited("referralRefereeDays", "The days the bonus lasts"),
  referralSharePercent: limited("referralSharePercent", "The referrer's share"),
  referralMonths: limited("referralMonths", "The months a referred person's payments earn"),
  referralCapCredits: limited("referralCapCredits", "The cap per referred person"),
  referralHoldHours: limited("referralHoldHours", "The hold in hours"),
  referralAttributionDays: limited("referralAttributionDays", "The days a link's visit counts"),
});

const REFERRAL_STATUSES = ["joined", "verified", "refused"] as const;
const REFERRAL_REWARD_STATUSES = ["held", "granted", "cancelled", "reversed"] as const;

/** GET /api/admin/referrals: the overview's figures, over the last `days` and ever. */
export const adminReferralsSchema = z
  .object({
    enabled: z.boolean(),
    days: z.number().int(),
    signUps: z.number().int().meta({ description: "Referral sign-ups in the period (refused ones included)." }),
    refused: z.number().int().meta({ description: "Of them, refused as look-alikes of their referrer." }),
    verified: z.number().int(),
    buyers: z.number().int().meta({ description: "Referred people who paid in the period." }),
    revenueUsd: z.string().meta({ description: "What referred people paid in the period, in USD, less refunds." }),
    creditsGranted: z.number().int().meta({ description: "Reward credits granted in the period, less taken back." }),
    creditsHeld: z.number().int().meta({ description: "Reward credits held now." }),
    bonusCredits: z.number().int().meta({ description: "Referred people's bonus credits given in the period." }),
    totalSignUps: z.number().int(),
  })
  .meta({ id: "AdminReferrals" });
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;

export const adminReferralsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(3650).optional(),
});

const personSchema = z.object({ userId: z.string(), username: z.string() });

/** GET /api/admin/users/:userId/referrals: who referred them, whom they referred, their rewards. */
export const adminUserReferralsSchema = z
  .object({
    code: z.string().nullable(),
    referredBy: personSchema
      .extend({
        status: z.enum(REFERRAL_STATUSES),
        refusedReason: z.string().nullable(),
        bonusCredits: z.number().int(),
        joinedAt: isoTimestamp,
      })
      .nullable(),
    referredCount: z.number().int(),
    referred: z.array(
      personSchema.extend({
        status: z.enum(REFERRAL_STATUSES),
        refusedReason: z.string().nullable(),
        joinedAt: isoTimestamp,
      }),
    ),
    rewards: z.array(
      z.object({
        id: z.string(),
        refereeUsername: z.string(),
        orderId: z.string(),
        paidUsd: z.string(),
        credits: z.number().int(),
        reversedCredits: z.number().int(),
        status: z.enum(REFERRAL_REWARD_STATUSES),
        releaseAt: isoTimestamp,
        createdAt: isoTimestamp,
      }),
    ),
  })
  .meta({ id: "AdminUserReferrals" });
export type AdminUserReferrals = z.infer<typeof adminUserReferralsSchema>;

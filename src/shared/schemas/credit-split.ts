/**
 * A balance and which of its credits expire when (issue 69, decision 0151): shown beside the
 * balance wherever a person reads it (the current user, /api/user/stats, the live `credits`
 * events, GET /api/n8n/balance). The balance is made of lots (decision 0150); `expiring` groups
 * the unexpired ones that have an expiry by the UTC day they expire, soonest first.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/** At most this many expiry days are listed: the soonest ones, which are what a person acts on. */
export const EXPIRING_DAYS_MAX = 3;

const expiringCreditsEntrySchema = z
  .object({
    credits: z.number().int().min(1).meta({ description: "How many of the balance's credits expire that day." }),
    welcome: z.number().int().min(1).optional().meta({
      description:
        "How many of them are welcome credits (issue 70); absent when none. While the admin marks videos paid with them, those videos are 720p with a watermark (decision 0155).",
    }),
    expiresAt: isoTimestamp.meta({
      description: "When the first of them expires (ISO 8601, UTC); none of them expires before it.",
    }),
  })
  .meta({ id: "ExpiringCredits" });

export const expiringCreditsSchema = z
  .array(expiringCreditsEntrySchema)
  .max(EXPIRING_DAYS_MAX)
  .meta({
    description: `Which of the balance's credits expire when, grouped by the day (UTC) they expire, soonest first: at most ${EXPIRING_DAYS_MAX} days; credits that expire later are not listed. Empty when none expire (bought credits never do). Part of the balance, never more than it.`,
  });
export type ExpiringCredits = z.infer<typeof expiringCreditsSchema>;

/** The balance with its split: `credits` is the same number as everywhere else (users.credits). */
export interface CreditSplit {
  credits: number;
  expiring: ExpiringCredits;
}

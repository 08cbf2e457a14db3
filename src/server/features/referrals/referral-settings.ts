/**
 * The referral programme's numbers (issue 70, decision 0157), read straight from the settings row:
 * the ledger's paths (a purchase credited, a reward released) have no settings cache at hand, and
 * none of these is a secret.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { adminSettings } from "../../db/schema.js";
import type { Settings } from "../settings/service.js";

export type ReferralSettings = Pick<
  Settings,
  | "referralEnabled"
  | "referralRefereeCredits"
  | "referralRefereeDays"
  | "referralSharePercent"
  | "referralMonths"
  | "referralCapCredits"
  | "referralHoldHours"
  | "referralAttributionDays"
  | "creditValueUsd"
>;

const COLUMNS = {
  referralEnabled: adminSettings.referralEnabled,
  referralRefereeCredits: adminSettings.referralRefereeCredits,
  referralRefereeDays: adminSettings.referralRefereeDays,
  referralSharePercent: adminSettings.referralSharePercent,
  referralMonths: adminSettings.referralMonths,
  referralCapCredits: adminSettings.referralCapCredits,
  referralHoldHours: adminSettings.referralHoldHours,
  referralAttributionDays: adminSettings.referralAttributionDays,
  creditValueUsd: adminSettings.creditValueUsd,
};

/** The defaults of the schema, for a database whose settings row is not written yet. */
const DEFAULTS: ReferralSettings = {
  referralEnabled: true,
  referralRefereeCredits: 100,
  referralRefereeDays: 30,
  referralSharePercent: 10,
  referralMonths: 12,
  referralCapCredits: 2000,
  referralHoldHours: 168,
  referralAttributionDays: 30,
  creditValueUsd: null,
};

export async function readReferralSettings(db: Queryable): Promise<ReferralSettings> {
  const [row] = await db.select(COLUMNS).from(adminSettings).where(eq(adminSettings.id, 1));
  return row ?? DEFAULTS;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** `months` calendar months after `from` (the share's window from joining). */
export function monthsAfter(from: Date, months: number): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

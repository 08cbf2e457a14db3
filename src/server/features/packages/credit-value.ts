/**
 * What one credit is worth in USD (decision 0075), the one value the price table, the FAQ and the
 * packages agree on: the admin's own value when set, else the lowest price per credit (bonus
 * credits counted) among the packages on sale; null when neither exists (pages then say credits only).
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { creditPackages } from "../../db/schema.js";
import { creditValueFromPackages } from "../../../shared/prices.js";
import type { PricingView } from "../../../shared/schemas/videos.js";

export async function creditValueOf(db: Queryable, setting: string | null): Promise<PricingView["credit_value"]> {
  if (setting !== null && Number(setting) > 0) return { usd: Number(setting), source: "setting" };
  const onSale = await db
    .select({ price: creditPackages.price, credits: creditPackages.credits, bonusCredits: creditPackages.bonusCredits })
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true));
  const usd = creditValueFromPackages(onSale);
  return usd === null ? null : { usd, source: "packages" };
}

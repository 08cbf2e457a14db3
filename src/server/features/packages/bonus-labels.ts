/**
 * Before decision 0075 a package's bonus was only a label ("50 bonus credits") and nothing was
 * given. A label that says just that becomes the package's bonus credits (and the label is
 * cleared: the pages word the number themselves), at start-up for stored packages and when an
 * admin (or an old client) saves one; any other label stays as the badge's own text.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { creditPackages } from "../../db/schema.js";

const BONUS_LABEL = /^\+?\s*(\d{1,3}(?:[,.]\d{3})*|\d+)\s+bonus\s+credits?\s*!?$/i;

/** The credits a label such as "+1,000 bonus credits" promises, or null when it says anything else. */
function bonusCreditsInLabel(label: string): number | null {
  const match = BONUS_LABEL.exec(label.trim());
  if (!match) return null;
  const credits = Number(match[1]!.replace(/[,.]/g, ""));
  return Number.isSafeInteger(credits) && credits > 0 && credits <= 10_000_000 ? credits : null;
}

/** The values to store: a label that only promises bonus credits becomes the number, when none is given. */
export function withBonusFromLabel<T extends { bonus: string | null; bonusCredits?: number }>(values: T): T {
  const fromLabel = values.bonus === null || values.bonusCredits ? null : bonusCreditsInLabel(values.bonus);
  return fromLabel === null ? values : { ...values, bonus: null, bonusCredits: fromLabel };
}

/** Gives every package whose label promises bonus credits (and has none yet) that number. Returns how many. */
export async function adoptBonusLabels(db: Queryable): Promise<number> {
  const labelled = await db
    .select({ id: creditPackages.id, bonus: creditPackages.bonus })
    .from(creditPackages)
    .where(and(eq(creditPackages.bonusCredits, 0), isNotNull(creditPackages.bonus)));
  let adopted = 0;
  for (const pkg of labelled) {
    const credits = bonusCreditsInLabel(pkg.bonus!);
    if (credits === null) continue;
    await db
      .update(creditPackages)
      .set({ bonusCredits: credits, bonus: null })
      .where(and(eq(creditPackages.id, pkg.id), eq(creditPackages.bonusCredits, 0)));
    adopted += 1;
  }
  return adopted;
}

/** Amounts of credits in words, with the active language's plural rules ("1 credit", "5 credits"). */
import { plural } from "@lingui/core/macro";
import { formatCredits } from "@/lib/format";

/** "1 credit", "1,500 credits". */
export function creditsLabel(count: number): string {
  const formatted = formatCredits(count);
  return plural(count, { one: `${formatted} credit`, other: `${formatted} credits` });
}

/** "1 bonus credit", "25 bonus credits". */
export function bonusCreditsLabel(count: number): string {
  const formatted = formatCredits(count);
  return plural(count, { one: `${formatted} bonus credit`, other: `${formatted} bonus credits` });
}

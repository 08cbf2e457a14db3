/**
 * A balance with the part of it that expires (issue 69, decision 0151), as the header's badge and
 * menu, /pricing and /my-account show it: "120 credits, 80 of them expire on 12/1/2026", in the
 * person's language, with the counts' plural rules and the app's dates (decision 0056).
 */
import { plural, t } from "@lingui/core/macro";
import type { CurrentUser } from "../../shared/schemas/auth";
import type { ExpiringCredits } from "../../shared/schemas/credit-split";
import { formatDate } from "./format";

/**
 * The split, when it still fits the balance: spending takes the credits that expire first, so a
 * balance lowered since the split was read (a spend shown at once, before the user is read again)
 * may no longer hold what the split says; then nothing is said rather than something wrong.
 */
export function currentSplit(credits: number, expiring: ExpiringCredits | undefined): ExpiringCredits {
  const days = (expiring ?? []).filter((day) => day.credits > 0);
  const total = days.reduce((sum, day) => sum + day.credits, 0);
  return total <= credits ? days : [];
}

/**
 * "120 credits, 80 of them expire on 12/1/2026; 20 more expire on 1/1/2027", or null when none of
 * the balance expires (or the split is out of date: see currentSplit).
 */
export function creditSplitText(credits: number, expiring: ExpiringCredits | undefined): string | null {
  const [first, ...later] = currentSplit(credits, expiring);
  if (!first) return null;
  const date = formatDate(first.expiresAt);
  const soonest = first.credits;
  const head =
    later.length === 0 && soonest === credits
      ? plural(credits, {
          one: `# credit, which expires on ${date}`,
          other: `# credits, all of which expire on ${date}`,
        })
      : t`${plural(credits, { one: "# credit", other: "# credits" })}, ${plural(soonest, {
          one: `# of them expires on ${date}`,
          other: `# of them expire on ${date}`,
        })}`;
  const rest = later.map((day) => {
    const date = formatDate(day.expiresAt);
    const more = day.credits;
    return plural(more, { one: `# more expires on ${date}`, other: `# more expire on ${date}` });
  });
  return [head, ...rest].join("; ");
}

/**
 * The user with a new balance: with the split the server sent beside it, or without one when only
 * the number is known (the split is read again with the user).
 */
export function withBalance(user: CurrentUser, credits: number, expiring?: ExpiringCredits): CurrentUser {
  const { expiring: _before, ...rest } = user;
  return expiring ? { ...rest, credits, expiring } : { ...rest, credits };
}

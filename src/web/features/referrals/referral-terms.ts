/** The programme's terms in words (decision 0157), as /my-account says them. */
import { plural, t } from "@lingui/core/macro";
import type { MyReferrals } from "../../../shared/schemas/referrals";

/** A hold in days when it is whole days, else in hours. */
function holdText(hours: number): string {
  return hours % 24 === 0
    ? plural(hours / 24, { one: "# day", other: "# days" })
    : plural(hours, { one: "# hour", other: "# hours" });
}

export function referralTerms(terms: MyReferrals["terms"]): string[] {
  const share = terms.sharePercent;
  const months = plural(terms.months, { one: "# month", other: "# months" });
  const cap = plural(terms.capCredits, { one: "# credit", other: "# credits" });
  const hold = holdText(terms.holdHours);
  const lines = [
    t`You earn ${share}% of what each person you refer pays, as credits, for ${months} after they join, up to ${cap} per person.`,
    t`Each reward is held for ${hold} after the payment, then added to your balance; a refunded payment takes its reward back.`,
  ];
  if (terms.refereeCredits > 0) {
    const bonus = plural(terms.refereeCredits, { one: "# credit", other: "# credits" });
    const days = plural(terms.refereeDays, { one: "# day", other: "# days" });
    lines.push(t`The person you refer gets ${bonus} once they confirm their address, to use within ${days}.`);
  }
  lines.push(t`Only new people count: referring yourself or another account of yours earns nothing.`);
  return lines;
}

import { Link } from "wouter";
import { plural } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useMyReferrals } from "./referrals-api";

/** /pricing's line about the referral programme (decision 0157), for a signed-in person while it is on. */
export function ReferralPricingLine({ signedIn, className }: { signedIn: boolean; className?: string }) {
  const mine = useMyReferrals(signedIn);
  const data = mine.data;
  if (!signedIn || !data?.enabled) return null;
  const share = data.terms.sharePercent;
  const months = plural(data.terms.months, { one: "# month", other: "# months" });
  return (
    <p className={className}>
      <Trans>
        Invite friends: you earn {share}% of what they pay, as credits, for {months} after they join.{" "}
        <Link href="/my-account#referrals" className="font-medium text-violet-300 underline-offset-4 hover:underline">
          Your link is on My Account
        </Link>
        .
      </Trans>
    </p>
  );
}

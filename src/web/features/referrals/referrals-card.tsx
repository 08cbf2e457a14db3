/**
 * /my-account's Referrals card (issue 70, decision 0157): the person's link with a copy button, how
 * many joined through it and how many of them bought, the credits earned and still held, and the
 * programme's terms in words. Not drawn while the programme is off.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { errorMessage } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { ReferralLink } from "./referral-link";
import { referralTerms } from "./referral-terms";
import { useMyReferrals } from "./referrals-api";

function Figure({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border/60 p-3" data-figure={name}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

export function ReferralsCard() {
  const { t } = useLingui();
  const mine = useMyReferrals();
  if (mine.data && !mine.data.enabled) return null;
  const reason = mine.isError ? errorMessage(mine.error) : "";
  return (
    <Card role="region" id="referrals" className="lg:col-span-2" aria-labelledby="referrals-title">
      <CardHeader>
        <CardTitle id="referrals-title">
          <Trans>Referrals</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Share your link: when the people who join through it buy credits, you earn credits too.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {mine.isPending ? (
          <LoadingState label={t`Loading your referrals`} />
        ) : mine.isError ? (
          <ErrorState message={t`Your referrals could not be loaded: ${reason}`} onRetry={() => void mine.refetch()} />
        ) : (
          <>
            {mine.data.link ? <ReferralLink link={mine.data.link} /> : null}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t`Your referrals in figures`}>
              <Figure name="joined" label={t`People joined`} value={mine.data.joined} />
              <Figure name="bought" label={t`Bought`} value={mine.data.bought} />
              <Figure name="earned" label={t`Credits earned`} value={mine.data.earnedCredits} />
              <Figure name="held" label={t`Credits held`} value={mine.data.heldCredits} />
            </dl>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {referralTerms(mine.data.terms).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

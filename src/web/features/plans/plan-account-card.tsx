import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { errorMessage } from "@/lib/api";
import { PlanAccountActions } from "./plan-account-actions";
import { PlanFacts } from "./plan-facts";
import { isLive } from "./plan-prices";
import { useMySubscription } from "./plans-api";
import { usePlanWelcome } from "./use-plan-welcome";

/** No plan: a short line and the way to the plans. */
function NoPlan() {
  return (
    <p className="text-sm text-muted-foreground">
      <Trans>
        You have no plan. A plan gives you credits every month;{" "}
        <Link href="/pricing" className="font-medium text-violet-300 underline-offset-4 hover:underline">
          see the plans
        </Link>
        .
      </Trans>
    </p>
  );
}

/** /my-account's Plan card (issue 69): the plan in facts and what may be done with it, or a way to the plans. */
export function PlanAccountCard() {
  const { t } = useLingui();
  const welcome = usePlanWelcome();
  const mine = useMySubscription(true, welcome);
  const sub = mine.data?.subscription;
  const reason = mine.isError ? errorMessage(mine.error) : "";
  return (
    <Card role="region" id="plan" className="lg:col-span-2" aria-labelledby="plan-title">
      <CardHeader>
        <CardTitle id="plan-title">
          <Trans>Plan</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Credits every month, your renewal, and your cards and invoices.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {mine.isPending ? (
          <LoadingState label={t`Loading your plan`} />
        ) : mine.isError ? (
          <ErrorState message={t`Your plan could not be loaded: ${reason}`} onRetry={() => void mine.refetch()} />
        ) : isLive(sub) ? (
          <>
            <PlanFacts sub={sub} otherCredits={mine.data.otherCredits} />
            <PlanAccountActions sub={sub} />
          </>
        ) : welcome ? (
          <p role="status" className="text-sm text-muted-foreground">
            <Trans>Thank you. Your plan shows here as soon as the payment is confirmed, usually within a minute.</Trans>
          </p>
        ) : (
          <NoPlan />
        )}
      </CardContent>
    </Card>
  );
}

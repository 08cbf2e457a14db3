import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { useSignUpHref } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { IntervalSwitch } from "./interval-switch";
import { PlanAction } from "./plan-action";
import { PlanCard } from "./plan-card";
import { PaypalChangeNote } from "./paypal-change-note";
import { intervalsSold, isLive, priceOf, switchSaving } from "./plan-prices";
import { useMySubscription, usePlansOnSale } from "./plans-api";
import { SubscribeDialog, type SubscribeChoice } from "./subscribe-dialog";
import { SubscriberSummary } from "./subscriber-summary";
import { SwitchPlanDialog, type SwitchChoice } from "./switch-plan-dialog";
import { usePaypalPlanReturn } from "./use-paypal-plan-return";

/** The cards of one billing period, with their buttons and the dialogs they open. */
function PlanCards({
  plans,
  interval,
  current,
  signUpHref,
}: {
  plans: readonly PlanView[];
  interval: PlanInterval;
  current: SubscriptionView | null;
  signUpHref: string | null;
}) {
  const [subscribing, setSubscribing] = useState<SubscribeChoice | null>(null);
  const [switching, setSwitching] = useState<SwitchChoice | null>(null);
  return (
    <>
      {/* Flex, not grid: a last row with fewer plans stays centred. */}
      <div className="flex flex-wrap justify-center gap-6 pt-3 [&>*]:w-full md:[&>*]:w-[calc(50%-0.75rem)] lg:[&>*]:w-[calc(33.333%-1rem)]">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            interval={interval}
            action={
              <PlanAction
                plan={plan}
                interval={interval}
                signUpHref={signUpHref}
                current={current}
                onSubscribe={() => setSubscribing({ plan, interval })}
                onSwitch={() => setSwitching({ plan, interval })}
              />
            }
          />
        ))}
      </div>
      <SubscribeDialog choice={subscribing} onClose={() => setSubscribing(null)} />
      {current ? <SwitchPlanDialog choice={switching} current={current} onClose={() => setSwitching(null)} /> : null}
    </>
  );
}

/**
 * /pricing's plans, above the packages (issue 69): a subscriber's plan first, then a
 * Monthly/Yearly switch with what a year saves and a card per plan sold for that period.
 * Nothing at all while no plan is on sale.
 */
export function PlansSection({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const plans = usePlansOnSale();
  const mine = useMySubscription(signedIn);
  const signUpHref = useSignUpHref();
  usePaypalPlanReturn(signedIn);
  const [picked, setPicked] = useState<PlanInterval | null>(null);
  const sub = mine.data?.subscription;
  const current = isLive(sub) ? sub : null;

  if (plans.isPending || (signedIn && mine.isPending)) return <LoadingState label={t`Loading plans`} />;
  if (plans.isError) {
    const reason = errorMessage(plans.error);
    return <ErrorState message={t`The plans could not be loaded: ${reason}`} onRetry={() => void plans.refetch()} />;
  }
  const intervals = intervalsSold(plans.data);
  if (intervals.length === 0) return null;
  const wanted = picked ?? current?.interval ?? intervals[0]!;
  const interval = intervals.includes(wanted) ? wanted : intervals[0]!;
  const shown = plans.data.filter((plan) => priceOf(plan, interval) !== null);

  return (
    <section aria-labelledby="plans-title" className="mb-16">
      <div className="mb-8 text-center">
        <h2 id="plans-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>Subscription Plans</Trans>
        </h2>
        <p className="mt-2 text-muted-foreground">
          <Trans>A plan gives you credits every month for as long as you keep it. Cancel any time.</Trans>
        </p>
      </div>
      {current && mine.data ? <SubscriberSummary sub={current} otherCredits={mine.data.otherCredits} /> : null}
      {intervals.length > 1 ? (
        <div className="mb-6">
          <IntervalSwitch value={interval} onChange={setPicked} saving={switchSaving(plans.data)} />
        </div>
      ) : null}
      <PlanCards plans={shown} interval={interval} current={current} signUpHref={signedIn ? null : signUpHref} />
      {current?.provider === "paypal" ? <PaypalChangeNote className="mt-4 text-center" /> : null}
    </section>
  );
}

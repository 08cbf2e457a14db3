import { useState } from "react";
import { Link } from "wouter";
import { CreditCard, TriangleAlert, Wallet } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanInterval, PlanView } from "../../../shared/schemas/plans";
import { Callout } from "@/components/ui/callout";
import { ProviderOption } from "@/features/payments";
import { PaypalChangeNote } from "./paypal-change-note";
import { PaypalSubscribe } from "./paypal-subscribe";
import { useCreemSubscription } from "./use-creem-subscription";

export interface PlanProvidersProps {
  plan: PlanView;
  interval: PlanInterval;
  /** A discount code the server quoted for this plan, sent with the checkout. */
  code?: string;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** No provider can take this plan's payment for this period now: said, with no dead button. */
function PlanNotForSale() {
  return (
    <Callout tone="warning" icon={TriangleAlert} role="alert">
      <p className="text-amber-100">
        <Trans>
          This plan cannot be bought right now. Please choose another plan, or{" "}
          <Link href="/contact" className="font-medium text-amber-100 underline underline-offset-4">
            contact us
          </Link>
          .
        </Trans>
      </p>
    </Callout>
  );
}

/**
 * The providers that can take this plan for this period (`plan.providers`, from the server):
 * Creem's card checkout (a redirect) and PayPal's subscribe button (opened in place).
 */
export function PlanProviders({ plan, interval, code, onClose, onBusyChange }: PlanProvidersProps) {
  const { t } = useLingui();
  const creem = useCreemSubscription();
  const [paypalOpen, setPaypalOpen] = useState(false);
  const providers = plan.providers[interval];
  return (
    <section aria-labelledby="plan-providers-title" className="grid gap-2.5">
      <h3 id="plan-providers-title" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        <Trans>Payment method</Trans>
      </h3>
      {providers.length === 0 ? <PlanNotForSale /> : null}
      {providers.includes("creem") ? (
        <ProviderOption
          icon={<CreditCard className="text-violet-300" aria-hidden="true" />}
          title={creem.isPending ? t`Redirecting to secure checkout…` : t`Pay with Card`}
          caption={t`Secure checkout by Creem`}
          busy={creem.isPending}
          onClick={() => creem.mutate({ planId: plan.id, interval, code })}
        />
      ) : null}
      {providers.includes("paypal") ? (
        <>
          <ProviderOption
            icon={<Wallet className="text-sky-300" aria-hidden="true" />}
            title={t`Pay with PayPal`}
            caption={t`Your PayPal account, or a card through PayPal`}
            disabled={creem.isPending}
            expanded={paypalOpen}
            onClick={() => setPaypalOpen((open) => !open)}
          />
          {paypalOpen ? (
            <>
              <PaypalSubscribe
                planId={plan.id}
                interval={interval}
                code={code}
                onDone={onClose}
                onBusyChange={onBusyChange}
              />
              <PaypalChangeNote className="text-center" />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

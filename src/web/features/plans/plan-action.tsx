import { Link } from "wouter";
import { CircleCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";

export interface PlanActionProps {
  plan: PlanView;
  interval: PlanInterval;
  /** Where a signed-out visitor goes: signing up or in, then back to /pricing; null when signed in. */
  signInHref: string | null;
  /** The person's live plan, if any. */
  current: SubscriptionView | null;
  onSubscribe: () => void;
  onSwitch: () => void;
}

/** The card's button: Subscribe (signed out: sign up first), "Your plan" on the person's own, Switch on the others. */
export function PlanAction({ plan, interval, signInHref, current, onSubscribe, onSwitch }: PlanActionProps) {
  const { t } = useLingui();
  const name = plan.name;
  const look = plan.popular ? "default" : "secondary";
  if (signInHref !== null) {
    return (
      <Button asChild className="w-full" size="lg" variant={look}>
        <Link href={signInHref} aria-label={t`Subscribe: ${name}`}>
          <Trans>Subscribe</Trans>
        </Link>
      </Button>
    );
  }
  if (current && current.planId === plan.id && current.interval === interval) {
    return (
      <Button className="w-full" size="lg" variant="outline" disabled>
        <CircleCheck aria-hidden="true" />
        <Trans>Your plan</Trans>
      </Button>
    );
  }
  if (current) {
    return (
      <Button className="w-full" size="lg" variant={look} onClick={onSwitch} aria-label={t`Switch to ${name}`}>
        <Trans>Switch</Trans>
      </Button>
    );
  }
  return (
    <Button className="w-full" size="lg" variant={look} onClick={onSubscribe} aria-label={t`Subscribe: ${name}`}>
      <Trans>Subscribe</Trans>
    </Button>
  );
}

import { Link } from "wouter";
import { CircleCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";

export interface PlanActionProps {
  plan: PlanView;
  interval: PlanInterval;
  /** Where a signed-out visitor goes: the sign-up form, then back to /pricing (decision 0167); null when signed in. */
  signUpHref: string | null;
  /** The person's live plan, if any. */
  current: SubscriptionView | null;
  onSubscribe: () => void;
  onSwitch: () => void;
}

/**
 * The card's button: Subscribe ("Create a free account" while signed out), "Your plan" on the
 * person's own, Switch on the others.
 */
export function PlanAction({ plan, interval, signUpHref, current, onSubscribe, onSwitch }: PlanActionProps) {
  const { t } = useLingui();
  const name = plan.name;
  const look = plan.popular ? "default" : "secondary";
  if (signUpHref !== null) {
    return (
      <Button asChild className="w-full" size="lg" variant={look}>
        <Link href={signUpHref} aria-label={t`Create a free account to subscribe to ${name}`}>
          <Trans>Create a free account</Trans>
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

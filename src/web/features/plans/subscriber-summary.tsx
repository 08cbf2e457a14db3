import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { PlanFacts } from "./plan-facts";

/** Above the plans on /pricing, for a subscriber: their plan in facts, and where to manage it. */
export function SubscriberSummary({ sub, otherCredits }: { sub: SubscriptionView; otherCredits: number }) {
  return (
    <section
      aria-labelledby="your-plan-title"
      className="mb-8 rounded-2xl border border-violet-500/25 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-5 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id="your-plan-title" className="text-lg font-semibold tracking-tight">
          <Trans>Your plan</Trans>
        </h3>
        <Link
          href="/my-account"
          className="inline-flex items-center gap-1 text-sm text-violet-300 underline-offset-4 hover:underline"
        >
          <Trans>Manage your plan</Trans>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <PlanFacts sub={sub} otherCredits={otherCredits} />
    </section>
  );
}

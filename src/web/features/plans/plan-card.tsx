import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { PlanInterval, PlanView } from "../../../shared/schemas/plans";
import { Badge } from "@/components/ui/badge";
import { PopularBadge } from "@/features/payments";
import { VideosPerModel } from "@/features/pricing";
import { cn } from "@/lib/cn";
import { yearlySaving } from "./plan-prices";
import { perkLines, planCreditsLine, priceLines, rolloverLine } from "./plan-words";

/**
 * A plan on /pricing for one billing period: a month's price (a yearly plan's twelfth, its
 * yearly total beneath), the credits it grants and one headline of the videos they make (the
 * detail per model folded beneath), whether they roll over, its perks, and `action` (Subscribe,
 * Switch, "Your plan", or signed out "Create a free account").
 */
export function PlanCard({ plan, interval, action }: { plan: PlanView; interval: PlanInterval; action: ReactNode }) {
  const price = priceLines(plan, interval);
  const saving = interval === "year" ? yearlySaving(plan) : null;
  const titleId = `plan-${plan.id}-title`;
  const lines = [rolloverLine(plan), ...perkLines(plan)];
  const upfront = interval === "year" && plan.yearlyGrant === "upfront";
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-surface/80 p-6 shadow-xl shadow-black/30 backdrop-blur",
        plan.popular ? "border-violet-500/60 ring-1 ring-violet-500/40" : "border-border",
      )}
    >
      {plan.popular ? <PopularBadge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap" /> : null}
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight [overflow-wrap:anywhere]">
          {plan.name}
        </h3>
        {saving ? (
          <Badge variant="success">
            <Trans>Save {saving}%</Trans>
          </Badge>
        ) : null}
      </div>
      {plan.description ? <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p> : null}
      {price ? (
        <>
          <p className="mt-5 flex items-baseline gap-1.5">
            <span className="text-4xl font-bold tracking-tight tabular-nums">{price.perMonth}</span>
            <span className="text-sm text-muted-foreground">
              <Trans>per month</Trans>
            </span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{price.billed}</p>
        </>
      ) : null}
      <p className="mt-3 text-lg font-semibold tabular-nums text-violet-200">{planCreditsLine(plan, interval)}</p>
      {/* One headline of what the plan buys, the detail per model folded beneath (decision 0167). */}
      {upfront ? (
        <VideosPerModel credits={plan.creditsPerMonth * 12} per="year" className="mt-4" />
      ) : (
        <VideosPerModel credits={plan.creditsPerMonth} per="month" className="mt-4" />
      )}
      <ul className="mt-5 grid flex-1 content-start gap-2.5 text-sm text-zinc-300">
        {lines.map((line) => (
          <li key={line} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}

import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { formatDate } from "@/lib/format";
import { creditsText, intervalName, renewalText, statusText } from "./plan-words";

function Fact({ term, children, note }: { term: string; children: ReactNode; note?: string | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{term}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/**
 * A person's plan in facts: the plan, where it stands, the next renewal, the plan credits left of
 * this period and when they expire, and the other credits beside them; /pricing and /my-account.
 */
export function PlanFacts({ sub, otherCredits }: { sub: SubscriptionView; otherCredits: number }) {
  const { t } = useLingui();
  const expires = sub.planCredits.expiresAt ? formatDate(sub.planCredits.expiresAt) : null;
  const next = sub.scheduledChange;
  const nextName = next?.planName ?? "";
  const nextPeriod = next ? intervalName(next.interval) : "";
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact term={t`Plan`}>
          {sub.planName} · {intervalName(sub.interval)}
        </Fact>
        <Fact term={t`Status`}>{statusText(sub)}</Fact>
        <Fact term={t`Next renewal`}>{renewalText(sub)}</Fact>
        <Fact term={t`Plan credits left`} note={expires ? t`They expire on ${expires}.` : null}>
          {creditsText(sub.planCredits.remaining)}
        </Fact>
        <Fact term={t`Other credits`} note={t`Bought or granted outside the plan.`}>
          {creditsText(otherCredits)}
        </Fact>
      </dl>
      {next ? (
        <p className="mt-4 text-sm text-muted-foreground">
          <Trans>
            Moves to {nextName} ({nextPeriod}) when this period ends.
          </Trans>
        </p>
      ) : null}
    </>
  );
}

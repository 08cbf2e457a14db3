import { Trans } from "@lingui/react/macro";
import { bonusText, formatUsd, type DisplayPackage } from "./packages";
import { CreditsAndRate } from "./package-terms";

/** The package being bought, at the top of the payment dialog. */
export function OrderLine({ pkg }: { pkg: DisplayPackage }) {
  const bonus = bonusText(pkg);
  return (
    <div className="rounded-xl border border-border bg-zinc-950/40 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{pkg.name}</p>
          <p className="text-sm text-muted-foreground">
            <CreditsAndRate pkg={pkg} />
          </p>
          {bonus ? (
            <p className="mt-1 text-xs font-medium text-emerald-300">
              <Trans>Includes {bonus}</Trans>
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-xl font-bold tabular-nums">{formatUsd(pkg.price)}</p>
      </div>
    </div>
  );
}

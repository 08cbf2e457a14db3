import { Trans } from "@lingui/react/macro";
import { DiscountedPrice, type AppliedDiscount } from "@/features/codes";
import { bonusText, formatUsd, type DisplayPackage } from "./packages";
import { CreditsAndRate } from "./package-terms";

/** The package being bought, at the top of the payment dialog; with a discount code, its price struck through beside the new one. */
export function OrderLine({ pkg, discount }: { pkg: DisplayPackage; discount?: AppliedDiscount["quote"] }) {
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
        <p className="shrink-0 text-xl font-bold tabular-nums">
          {discount ? <DiscountedPrice list={discount.listAmount} price={discount.amount} /> : formatUsd(pkg.price)}
        </p>
      </div>
    </div>
  );
}

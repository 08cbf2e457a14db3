/** A price's cost, earnings and margin for one video, in money; a loss marked in red with its words. */
import { Trans } from "@lingui/react/macro";
import { formatNumber } from "@/lib/format";
import type { VideoEconomics } from "./price-economics";

/** Dollars with cents, and a fraction of a cent where it matters ($0.056). */
export const usd = (value: number) =>
  formatNumber(value, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 3 });

export function MarginCell({ economics }: { economics: VideoEconomics }) {
  if (economics.priceUsd === 0 && economics.costUsd === 0) return <span className="text-muted-foreground">—</span>;
  const margin = usd(economics.marginUsd);
  const percent = economics.marginRate === null ? "" : formatNumber(economics.marginRate, { style: "percent" });
  if (economics.belowCost)
    return (
      <span className="font-semibold text-red-300" data-below-cost="true">
        <Trans>
          Below cost: {margin} ({percent})
        </Trans>
      </span>
    );
  return (
    <span className="text-emerald-300">
      {margin} ({percent})
    </span>
  );
}

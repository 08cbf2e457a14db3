/** A package's economics in one line: its leanest video's cost, earnings and margin, or what it sells below cost. */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { priceItemText } from "@/lib/catalogue-text";
import { usd } from "@/features/admin/settings/price-economics-cells";
import type { usePackageEconomics } from "./package-economics";

type Figures = { price: string | number; credits: number; bonusCredits: number };

export function PackageMarginLine({
  pkg,
  economics,
}: {
  pkg: Figures;
  economics: NonNullable<ReturnType<typeof usePackageEconomics>>;
}) {
  const { t } = useLingui();
  if (!(pkg.credits > 0) || !(Number(pkg.price) > 0)) return null;
  const losses = economics.belowCost(pkg);
  if (losses.length > 0) {
    const count = losses.length;
    const names = losses.map(priceItemText).join(", ");
    return (
      <p className="text-sm font-medium text-red-300" data-below-cost="true">
        {t`${plural(count, { one: "Sells # price below cost", other: "Sells # prices below cost" })}: ${names}`}
      </p>
    );
  }
  const { item, economics: e } = economics.leanest(pkg);
  const name = priceItemText(item);
  const cost = usd(e.costUsd);
  const earns = usd(e.priceUsd);
  const margin = usd(e.marginUsd);
  return (
    <p className="text-xs text-muted-foreground">
      {t`Leanest video, ${name}: costs you ${cost}, earns ${earns}, keeps ${margin}`}
    </p>
  );
}

/**
 * Under the package dialog's price (issue 68): what the typed package's credits earn on its leanest
 * video, or what it sells below cost, and the lowest price that keeps the owner's margin on every
 * video at today's prices, one click away.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { usd } from "@/features/admin/settings/price-economics-cells";
import { usePackageEconomics } from "./package-economics";
import { PackageMarginLine } from "./package-margin-line";

export function PackagePriceAdvice({
  credits,
  bonusCredits,
  price,
  onUsePrice,
}: {
  credits: number;
  bonusCredits: number;
  price: string;
  onUsePrice: (price: string) => void;
}) {
  const { t } = useLingui();
  const economics = usePackageEconomics();
  if (!economics || !(credits > 0)) return null;
  const suggested = economics.suggestedPrice(credits + bonusCredits);
  const margin = economics.marginPercent;
  const from = suggested === null ? "" : usd(suggested);
  return (
    <div
      className="grid gap-1.5 rounded-lg border border-border bg-zinc-950/40 px-3.5 py-2.5"
      data-testid="package-advice"
    >
      <PackageMarginLine pkg={{ credits, bonusCredits, price }} economics={economics} />
      {suggested !== null ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>{t`Keeps ${margin}% on every video from ${from}.`}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => onUsePrice(suggested.toFixed(2))}>
            <Trans>Use {from}</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

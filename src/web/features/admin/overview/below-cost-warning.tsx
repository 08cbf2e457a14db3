import { AlertTriangle } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UnitEconomics } from "../../../../shared/schemas/unit-economics";
import { Callout } from "@/components/ui/callout";
import { formatNumber } from "@/lib/format";

type BelowCost = UnitEconomics["belowCost"][number];

/** A price of one credit or one second: fractions of a cent count ($0.005). */
export const unitUsd = (value: number) =>
  formatNumber(value, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** The price cells whose web price, at what a credit brought in, is below what KIE charges for them. */
export function BelowCostWarning({ cells }: { cells: BelowCost[] }) {
  const { t } = useLingui();
  const count = cells.length;
  return (
    <Callout
      icon={AlertTriangle}
      tone="danger"
      className="mb-4 items-start rounded-2xl"
      iconClassName="text-red-400"
      data-testid="economics-below-cost"
    >
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold text-red-200">
          {t`${plural(count, { one: "# price sells below KIE's cost", other: "# prices sell below KIE's cost" })}`}
        </p>
        <ul className="grid gap-0.5 text-zinc-300">
          {cells.map((c) => {
            const { label } = c;
            const price = unitUsd(c.priceUsd);
            const cost = unitUsd(c.costUsd);
            return (
              <li key={c.item}>
                {c.unit === "second"
                  ? t`${label} sells at ${price} per second; KIE charges ${cost} per second.`
                  : t`${label} sells at ${price} per video; KIE charges ${cost}.`}
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-muted-foreground">
          <Trans>
            At today&apos;s prices and what a credit brought in: raise these prices in Settings, or turn these models
            off.
          </Trans>
        </p>
      </div>
    </Callout>
  );
}

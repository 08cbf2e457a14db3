/** Under the checklist's red prices step: what sells below cost, and the one-click fix (issue 68). */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminSetup } from "../../../../shared/schemas/admin-setup";
import { Button } from "@/components/ui/button";
import { priceItemText } from "@/lib/catalogue-text";
import { PricesAtMarginDialog } from "./prices-at-margin-dialog";

export function PricesStepFix({ belowCost }: { belowCost: NonNullable<AdminSetup["belowCost"]> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const margin = belowCost.marginPercent;
  return (
    <div className="mt-1 grid gap-2">
      <ul className="grid gap-0.5 text-sm text-red-200" aria-label={t`Sold below cost`}>
        {belowCost.items.map(({ item }) => (
          <li key={item}>{priceItemText(item)}</li>
        ))}
      </ul>
      <div>
        <Button type="button" size="sm" onClick={() => setOpen(true)}>
          <Trans>Set every price to cost + {margin}%</Trans>
        </Button>
      </div>
      {open ? (
        <PricesAtMarginDialog marginPercent={margin} creditUsd={belowCost.creditUsd} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}

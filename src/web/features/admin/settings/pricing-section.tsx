/**
 * The prices part of the settings (issues 42, 68): which models are offered, the margin kept over
 * cost, and every price in one table with what one video costs, earns and keeps at the cheapest
 * credit a buyer can get, with "set every price to cost + margin" for the saved margin.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS, type ModelId, type PriceItem } from "../../../../shared/catalogue";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { PricesAtMarginDialog } from "@/features/admin/overview/prices-at-margin-dialog";
import { modelLabel } from "@/lib/catalogue-text";
import { usd } from "./price-economics-cells";
import { usePriceEconomics, type PriceDraftBasis } from "./price-economics";
import type { PriceDraft } from "./settings-draft";
import type { Problems } from "./field-binders";
import { PriceTable } from "./price-table";

export function PricingSection({
  draft,
  savedMargin,
  problems = {},
  onPrice,
  onOffered,
  onMargin,
}: {
  draft: PriceDraftBasis & { priceMarginPercent: string };
  savedMargin: number;
  /** What is wrong with the margin or a price as typed, by field id, in the owner's words. */
  problems?: Problems;
  onPrice: (item: PriceItem) => (value: PriceDraft) => void;
  onOffered: (model: ModelId) => (offered: boolean) => void;
  onMargin: (value: string) => void;
}) {
  const { t } = useLingui();
  const economics = usePriceEconomics(draft);
  const [repricing, setRepricing] = useState(false);
  const credit = usd(economics.creditUsd);
  const offerLabel = (model: ModelId) => {
    const name = modelLabel(model);
    return t`Offer ${name}`;
  };
  const marginChanged = draft.priceMarginPercent.trim() !== String(savedMargin);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {economics.fromPackages
          ? t`Earnings are reckoned at ${credit} a credit: what a buyer pays per credit in your cheapest package, bonus counted.`
          : t`Earnings are reckoned at ${credit} a credit until a package is on sale.`}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">
          <Trans>Models offered</Trans>
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {MODELS.map((model) => (
            <CheckboxField
              key={model}
              id={`offered-${model}`}
              label={offerLabel(model)}
              checked={!draft.disabledModels.includes(model)}
              onCheckedChange={onOffered(model)}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id="priceMarginPercent"
          label={t`Margin kept over cost (%)`}
          inputMode="numeric"
          className="w-28"
          value={draft.priceMarginPercent}
          error={problems.priceMarginPercent}
          onValueChange={onMargin}
        />
        <Button type="button" variant="outline" disabled={marginChanged} onClick={() => setRepricing(true)}>
          <Trans>Set every price to cost + {savedMargin}%</Trans>
        </Button>
        {marginChanged ? (
          <p className="text-xs text-muted-foreground">
            <Trans>Save the new margin first.</Trans>
          </p>
        ) : null}
      </div>
      <PriceTable
        prices={draft.prices}
        disabledModels={draft.disabledModels}
        economics={economics}
        problems={problems}
        onPrice={onPrice}
      />
      {repricing ? (
        <PricesAtMarginDialog
          marginPercent={savedMargin}
          creditUsd={economics.creditUsd}
          onClose={() => setRepricing(false)}
        />
      ) : null}
    </div>
  );
}

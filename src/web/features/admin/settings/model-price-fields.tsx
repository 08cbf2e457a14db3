import { useLingui } from "@lingui/react/macro";
import {
  MODELS,
  PRICE_CELLS,
  PRICE_ITEMS,
  priceItemLabel,
  SURCHARGES,
  type ModelId,
  type PriceItem,
} from "../../../../shared/catalogue";
import { modelDescription, modelLabel, surchargeDescription, surchargeLabel } from "@/lib/catalogue-text";
import { CheckboxField } from "@/features/admin/admin-fields";
import { PriceFields, type PriceDraft } from "./price-fields";

/** The price items of one model: one per cell (its only one for a Veo model, named by the model). */
const itemsOf = (model: ModelId): PriceItem[] => PRICE_ITEMS.filter((item) => PRICE_CELLS.get(item)?.model === model);

const EMPTY: PriceDraft = { webCredits: "", apiPrice: "" };

interface ModelPricesProps {
  model: ModelId;
  prices: Record<PriceItem, PriceDraft>;
  offered: boolean;
  onPrice: (item: PriceItem) => (value: PriceDraft) => void;
  onOffered: (offered: boolean) => void;
}

/** A model's prices, cell by cell (a resolution, with or without sound, per second or per video), and whether it is offered. */
function ModelPrices({ model, prices, offered, onPrice, onOffered }: ModelPricesProps) {
  const { t } = useLingui();
  const name = modelLabel(model);
  const titleId = `prices-${model}-title`;
  return (
    <section className="grid gap-2 rounded-xl border border-border/50 p-3" aria-labelledby={titleId}>
      <div className="grid gap-0.5">
        <h3 id={titleId} className="text-sm font-semibold">
          {name}
        </h3>
        <p className="text-xs text-muted-foreground">{modelDescription(model)}</p>
      </div>
      {itemsOf(model).map((item) => (
        <PriceFields
          key={item}
          item={item}
          label={priceItemLabel(item)}
          value={prices[item] ?? EMPTY}
          onChange={onPrice(item)}
        />
      ))}
      <CheckboxField id={`offered-${model}`} label={t`Offer ${name}`} checked={offered} onCheckedChange={onOffered} />
    </section>
  );
}

export interface ModelPricingFieldsProps {
  prices: Record<PriceItem, PriceDraft>;
  disabledModels: readonly ModelId[];
  onPrice: (item: PriceItem) => (value: PriceDraft) => void;
  onOffered: (model: ModelId) => (offered: boolean) => void;
}

/** Every model's prices grouped by model (each with its 'Offer' box), then the surcharges. */
export function ModelPricingFields({ prices, disabledModels, onPrice, onOffered }: ModelPricingFieldsProps) {
  return (
    <div className="grid gap-3">
      {MODELS.map((model) => (
        <ModelPrices
          key={model}
          model={model}
          prices={prices}
          offered={!disabledModels.includes(model)}
          onPrice={onPrice}
          onOffered={onOffered(model)}
        />
      ))}
      {SURCHARGES.map((surcharge) => (
        <PriceFields
          key={surcharge}
          item={surcharge}
          label={surchargeLabel(surcharge)}
          hint={surchargeDescription(surcharge)}
          value={prices[surcharge] ?? EMPTY}
          onChange={onPrice(surcharge)}
        />
      ))}
    </div>
  );
}

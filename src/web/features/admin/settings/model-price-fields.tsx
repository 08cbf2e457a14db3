import { useLingui } from "@lingui/react/macro";
import {
  MODEL_CATALOGUE,
  MODELS,
  PRICE_CELLS,
  PRICE_ITEMS,
  priceItemLabel,
  SURCHARGES,
  type ModelId,
  type PriceItem,
} from "../../../../shared/catalogue";
import { SETTINGS_LIMITS } from "../../../../shared/schemas/settings";
import { modelDescription, modelLabel, surchargeDescription, surchargeLabel } from "@/lib/catalogue-text";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";

/** A price as typed: web credits and the API price, both text until saved. */
export type PriceDraft = { webCredits: string; apiPrice: string };

/** The price items of one model: one per cell (its only one for a Veo model, named by the model). */
const itemsOf = (model: ModelId): PriceItem[] => PRICE_ITEMS.filter((item) => PRICE_CELLS.get(item)?.model === model);

/** The smallest web price and its step: cents for a price per second, whole credits for a video or a surcharge. */
function webPriceInput(item: PriceItem): { min: number; step: number } {
  const found = PRICE_CELLS.get(item);
  if (!found) return { min: 0, step: 1 };
  return MODEL_CATALOGUE[found.model].pricing.unit === "second"
    ? { min: 0.01, step: 0.01 }
    : { min: SETTINGS_LIMITS.creditsMin, step: 1 };
}

const EMPTY: PriceDraft = { webCredits: "", apiPrice: "" };

/** One cell's or surcharge's prices: web credits and the API price. */
function PriceFields({
  item,
  label,
  hint,
  value,
  onChange,
}: {
  item: PriceItem;
  label: string;
  hint?: string;
  value: PriceDraft;
  onChange: (value: PriceDraft) => void;
}) {
  const { t } = useLingui();
  const legendId = `price-${item}-title`;
  const { min, step } = webPriceInput(item);
  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-border/70 bg-zinc-950/30 p-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem] sm:items-end"
      aria-labelledby={legendId}
    >
      <div className="grid gap-0.5 self-center">
        <p id={legendId} className="text-sm font-semibold">
          {label}
        </p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      <TextField
        id={`price-${item}-web`}
        label={t`Web credits`}
        type="number"
        inputMode={step < 1 ? "decimal" : "numeric"}
        min={min}
        max={SETTINGS_LIMITS.creditsMax}
        step={step}
        required
        value={value.webCredits}
        onValueChange={(webCredits) => onChange({ ...value, webCredits })}
      />
      <TextField
        id={`price-${item}-api`}
        label={t`API price`}
        inputMode="decimal"
        required
        value={value.apiPrice}
        onValueChange={(apiPrice) => onChange({ ...value, apiPrice })}
      />
    </fieldset>
  );
}

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

import { useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, PRICE_CELLS, type PriceItem } from "../../../../shared/catalogue";
import { SETTINGS_LIMITS } from "../../../../shared/schemas/settings";
import { TextField } from "@/features/admin/admin-fields";

/** A price as typed: web credits and the API price, both text until saved. */
export type PriceDraft = { webCredits: string; apiPrice: string };

/** The smallest web price and its step: cents for a price per second, whole credits for a video or a surcharge. */
function webPriceInput(item: PriceItem): { min: number; step: number } {
  const found = PRICE_CELLS.get(item);
  if (!found) return { min: 0, step: 1 };
  return MODEL_CATALOGUE[found.model].pricing.unit === "second"
    ? { min: 0.01, step: 0.01 }
    : { min: SETTINGS_LIMITS.creditsMin, step: 1 };
}

/** One cell's or surcharge's prices: web credits and the API price. */
export function PriceFields({
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

import { ChevronDown } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS, modelsFor, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { webCost, type PriceTable } from "../../../shared/prices";
import { cn } from "@/lib/cn";
import { ModelComparisonCard } from "./model-comparison-card";

/** The model no other offered model matches on price, if there is one. */
function cheapestAlone(prices: PriceTable, models: readonly ModelId[]): ModelId | null {
  const costs = models.map((m) => webCost(prices, m));
  const lowest = Math.min(...costs);
  return costs.filter((c) => c === lowest).length === 1 ? (models[costs.indexOf(lowest)] ?? null) : null;
}

/** 'Compare models': shows or hides the comparison (ModelComparison, id model-comparison). */
export function CompareModelsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls="model-comparison"
      onClick={onToggle}
      className="inline-flex items-center gap-1 text-xs font-medium text-violet-300 underline-offset-2 hover:text-violet-200 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Trans>Compare models</Trans>
      <ChevronDown className={cn("size-3.5 transition-transform", open && "rotate-180")} aria-hidden="true" />
    </button>
  );
}

export interface ModelComparisonProps {
  open: boolean;
  mode: GenerationMode;
  model: ModelId;
  prices: PriceTable;
  /** The models offered now (the admin may turn some off): only these are compared. */
  offered: readonly ModelId[];
  onChoose: (model: ModelId) => void;
}

/**
 * The models compared: picture, sound, speed, price, use and a sample of each model side by side;
 * a card chooses its model. The samples (the showcase's videos) are read once it is opened.
 */
export function ModelComparison({ open, mode, model, prices, offered, onChoose }: ModelComparisonProps) {
  const { t } = useLingui();
  const forMode = modelsFor(mode).filter((m) => offered.includes(m));
  const cheapest = cheapestAlone(prices, forMode);
  return (
    <ul id="model-comparison" hidden={!open} className="grid gap-2 sm:grid-cols-3" aria-label={t`Models compared`}>
      {MODELS.filter((m) => offered.includes(m)).map((m) => (
        <ModelComparisonCard
          key={m}
          model={m}
          chosen={m === model}
          available={forMode.includes(m)}
          cheapest={m === cheapest}
          open={open}
          price={webCost(prices, m)}
          mode={mode}
          onChoose={() => onChoose(m)}
        />
      ))}
    </ul>
  );
}

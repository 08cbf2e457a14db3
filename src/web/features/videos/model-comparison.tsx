import { ChevronDown } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, MODELS, modelsFor, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { webCost, type PriceTable } from "../../../shared/prices";
import { cn } from "@/lib/cn";
import { modelLabel, modeLabel } from "@/lib/catalogue-text";
import { ModelSample } from "./model-sample";
import { durationsText, madeOptionsText } from "./option-text";
import { creditsText } from "./video-display";

interface ModelTraits {
  picture: MessageDescriptor;
  sound: MessageDescriptor;
  speed: MessageDescriptor;
  bestFor: MessageDescriptor;
}

/** What a model makes sound with: Veo's own words above, the others' from their descriptions. */
const ON_REQUEST = msg`Sound on request`;
const SILENT = msg`No sound`;
/** No number is published for the Market's models: what changes their time is said instead. */
const VARIES = msg`Slower for longer or sharper videos`;

/**
 * How the models compare with each other (decision 0077), from what each description says
 * (shared/catalogue.ts): no number a vendor does not publish. Prices are not here: they are the
 * owner's, read from the server, so no model is called cheap unless its price says so. Lengths
 * are read from the catalogue.
 */
const TRAITS: Record<ModelId, ModelTraits> = {
  veo3: {
    picture: msg`Finest detail and motion`,
    sound: msg`Richest audio and speech`,
    speed: msg`Slowest`,
    bestFor: msg`Final videos, close-ups and dialogue`,
  },
  veo3_fast: {
    picture: msg`Sharp, close to Quality`,
    sound: msg`Native audio`,
    speed: msg`Quick`,
    bestFor: msg`Most videos`,
  },
  veo3_lite: {
    picture: msg`Good, simpler detail`,
    sound: msg`Native audio`,
    speed: msg`Quick`,
    bestFor: msg`Drafts and trying many ideas`,
  },
  kling3: {
    picture: msg`Lifelike motion, 720p to 4K`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Longer clips with lifelike motion`,
  },
  kling26: {
    picture: msg`Steady motion, 720p`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Short, steady clips`,
  },
  seedance2: {
    picture: msg`480p to 1080p, six shapes`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Scenes built from up to 9 reference images`,
  },
  seedance15_pro: {
    picture: msg`480p to 1080p, six shapes`,
    sound: ON_REQUEST,
    speed: VARIES,
    bestFor: msg`Clips of 4 to 12 seconds`,
  },
  hailuo23_pro: {
    picture: msg`768p or 1080p, follows its image`,
    sound: SILENT,
    speed: VARIES,
    bestFor: msg`Bringing one image to life`,
  },
  wan26: {
    picture: msg`720p or 1080p, landscape`,
    sound: SILENT,
    speed: VARIES,
    bestFor: msg`Silent clips of 5 to 15 seconds`,
  },
};

/** What a per-second model's price in the comparison is for: its default length, resolution and sound. */
function defaultOptionsText(model: ModelId): string | null {
  const m = MODEL_CATALOGUE[model];
  if (m.pricing.unit !== "second") return null;
  return madeOptionsText({
    durationSeconds: m.durations.default,
    resolution: m.resolutions.default,
    audio: m.audio !== "never",
  });
}

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
  const modeName = modeLabel(mode);
  return (
    <>
      <ul id="model-comparison" hidden={!open} className="grid gap-2 sm:grid-cols-3" aria-label={t`Models compared`}>
        {MODELS.filter((m) => offered.includes(m)).map((m) => {
          const traits = TRAITS[m];
          const available = forMode.includes(m);
          const chosen = m === model;
          const name = modelLabel(m);
          return (
            <li
              key={m}
              className={cn(
                "grid content-start gap-2 rounded-lg border p-3 text-xs",
                chosen ? "border-violet-400/70 bg-violet-500/10" : "border-border/70 bg-zinc-950/40",
                !available && "opacity-60",
              )}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-semibold text-foreground">{modelLabel(m)}</span>
                <span className="shrink-0 font-medium text-zinc-200" data-testid={`model-price-${m}`}>
                  {creditsText(webCost(prices, m))}
                </span>
              </span>
              {defaultOptionsText(m) ? (
                <span className="-mt-1 text-[11px] text-muted-foreground" data-testid={`model-price-basis-${m}`}>
                  {defaultOptionsText(m)}
                </span>
              ) : null}
              {m === cheapest ? (
                <span className="w-fit rounded-full bg-emerald-500/15 px-2 py-0.5 text-[11px] font-medium text-emerald-300">
                  <Trans>Lowest price</Trans>
                </span>
              ) : null}
              {open ? <ModelSample model={m} /> : null}
              <dl className="grid gap-1 text-muted-foreground">
                {(
                  [
                    [t`Picture`, t(traits.picture)],
                    [t`Sound`, t(traits.sound)],
                    [t`Length`, durationsText(MODEL_CATALOGUE[m].durations.options)],
                    [t`Speed`, t(traits.speed)],
                    [t`Best for`, t(traits.bestFor)],
                  ] as const
                ).map(([term, text]) => (
                  <div key={term}>
                    <dt className="inline font-medium text-zinc-300">{term}:</dt> <dd className="inline">{text}</dd>
                  </div>
                ))}
              </dl>
              {available ? (
                <button
                  type="button"
                  aria-pressed={chosen}
                  // The visible word starts the name (axe's label-content-name-mismatch): "Chosen: Veo3 Fast".
                  aria-label={chosen ? t`Chosen: ${name}` : t`Choose ${name}`}
                  onClick={() => onChoose(m)}
                  className="mt-1 w-fit rounded-md border border-border px-2.5 py-1 font-medium text-zinc-200 transition hover:border-violet-400/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-violet-400/70 aria-pressed:text-violet-200"
                >
                  {chosen ? <Trans>Chosen</Trans> : <Trans>Choose</Trans>}
                </button>
              ) : (
                <span className="text-amber-300">{t`Not for ${modeName} mode`}</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import { cn } from "@/lib/cn";
import { modelLabel, modeLabel } from "@/lib/catalogue-text";
import { ModelSample } from "./model-sample";
import { TRAITS } from "./model-traits";
import { durationsText, madeOptionsText } from "./option-text";
import { creditsText } from "./video-display";

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

export interface ModelComparisonCardProps {
  model: ModelId;
  /** The model the form has now. */
  chosen: boolean;
  /** The mode takes this model. */
  available: boolean;
  /** No other offered model matches its price. */
  cheapest: boolean;
  /** The comparison is open: its sample is read. */
  open: boolean;
  price: number;
  mode: GenerationMode;
  onChoose: () => void;
}

/** One model in the comparison: price, traits, a sample, and the button that chooses it. */
export function ModelComparisonCard({
  model: m,
  chosen,
  available,
  cheapest,
  open,
  price,
  mode,
  onChoose,
}: ModelComparisonCardProps) {
  const { t } = useLingui();
  const traits = TRAITS[m];
  const name = modelLabel(m);
  const modeName = modeLabel(mode);
  return (
    <li
      className={cn(
        "grid content-start gap-2 rounded-lg border p-3 text-xs",
        chosen ? "border-violet-400/70 bg-violet-500/10" : "border-border/70 bg-zinc-950/40",
        !available && "opacity-60",
      )}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-foreground">{modelLabel(m)}</span>
        <span className="shrink-0 font-medium text-zinc-200" data-testid={`model-price-${m}`}>
          {creditsText(price)}
        </span>
      </span>
      {defaultOptionsText(m) ? (
        <span className="-mt-1 text-[11px] text-muted-foreground" data-testid={`model-price-basis-${m}`}>
          {defaultOptionsText(m)}
        </span>
      ) : null}
      {cheapest ? (
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
          onClick={onChoose}
          className="mt-1 w-fit rounded-md border border-border px-2.5 py-1 font-medium text-zinc-200 transition hover:border-violet-400/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-violet-400/70 aria-pressed:text-violet-200"
        >
          {chosen ? <Trans>Chosen</Trans> : <Trans>Choose</Trans>}
        </button>
      ) : (
        <span className="text-amber-300">{t`Not for ${modeName} mode`}</span>
      )}
    </li>
  );
}

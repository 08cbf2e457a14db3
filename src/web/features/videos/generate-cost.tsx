import { Link } from "wouter";
import { Coins } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import {
  MODEL_CATALOGUE,
  optionsFor,
  priceCellFor,
  priceKeyOf,
  type ModelId,
  type VideoOptions,
} from "../../../shared/catalogue";
import { priceOf, surchargeCost, webCost, type PriceTable } from "../../../shared/prices";
import { modelLabel } from "@/lib/catalogue-text";
import { formatCredits } from "@/lib/format";
import { durationText } from "./option-text";
import { CreditsLine } from "./credits-line";
import { creditsText } from "./video-display";

export interface CostSummaryProps {
  model: ModelId;
  /** The options the request sends (model-options.ts requestOptions): the server prices the same. */
  options: Partial<VideoOptions>;
  upgrade4k: boolean;
  prices: PriceTable;
  /** null when signed out. */
  credits: number | null;
  /** How many videos (variants, decision 0162): the cost is the total, each charged as one video. */
  variants?: number;
}

/** What a video of `model` costs as the server charges it: webCost of the options sent, 4K included when asked. */
export const generationCost = (
  prices: PriceTable,
  model: ModelId,
  options: Partial<VideoOptions>,
  upgrade4k: boolean,
): number => webCost(prices, { model, ...options, upgrade4k });

/** A per-second model's price: "1.34 credits per second × 5 seconds, rounded up". */
function PerSecondRate({ model, options, prices }: Pick<CostSummaryProps, "model" | "options" | "prices">) {
  if (MODEL_CATALOGUE[model].pricing.unit !== "second") return null;
  const chosen = optionsFor(model, options);
  const rateText = creditsText(priceOf(prices, priceKeyOf(model, priceCellFor(model, chosen))).web);
  const lengthText = durationText(chosen.durationSeconds);
  return (
    <span className="text-xs text-muted-foreground" data-testid="generation-cost-rate">
      <Trans>
        {rateText} per second × {lengthText}, rounded up
      </Trans>
    </span>
  );
}

/**
 * The generator's cost box: the cost (its rate for a per-second model, its breakdown when 4K is
 * added), the credits held and a note when they are short.
 */
export function CostSummary({ model, options, upgrade4k, prices, credits, variants = 1 }: CostSummaryProps) {
  const each = generationCost(prices, model, options, upgrade4k);
  const cost = each * variants;
  const eachText = creditsText(each);
  const short = credits !== null && credits < cost;
  const modelName = modelLabel(model);
  const fourKText = creditsText(surchargeCost(prices, "4k", "web"));
  const modelPriceText = creditsText(generationCost(prices, model, options, false));
  const costText = creditsText(cost);
  const creditsHeld = creditsText(credits ?? 0);

  return (
    <div className="grid gap-2 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent px-4 py-3">
      {/* The cost and the credits held on one line; the 4K breakdown under the cost. */}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 text-sm">
        <div className="grid gap-0.5">
          <CreditsLine label={<Trans>Cost</Trans>} testId="generation-cost">
            {costText}
          </CreditsLine>
          <PerSecondRate model={model} options={options} prices={prices} />
          {variants > 1 ? (
            <span className="text-xs text-muted-foreground" data-testid="generation-cost-variants">
              <Plural
                value={variants}
                one={`# video × ${eachText}`}
                other={`# videos × ${eachText}, each with its own seed`}
              />
            </span>
          ) : null}
          {upgrade4k ? (
            <span className="text-xs text-muted-foreground" data-testid="generation-cost-breakdown">
              <Trans>
                {modelName} {modelPriceText} + 4K {fourKText}
              </Trans>
            </span>
          ) : null}
        </div>
        {credits !== null ? (
          <CreditsLine
            label={<Trans>Your credits</Trans>}
            testId="user-credits"
            figureClassName="inline-flex items-center gap-1.5"
          >
            <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
            {formatCredits(credits)}
          </CreditsLine>
        ) : null}
      </div>
      {short ? (
        <p
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs leading-relaxed text-amber-200"
          role="note"
        >
          {variants > 1 ? (
            <Plural
              value={variants}
              one={`Not enough credits: # video with ${modelName} needs ${costText} and you have ${creditsHeld}.`}
              other={`Not enough credits: # videos with ${modelName} need ${costText} and you have ${creditsHeld}.`}
            />
          ) : upgrade4k ? (
            <Trans>
              Not enough credits: {modelName} with its 4K version needs {costText} and you have {creditsHeld}.
            </Trans>
          ) : (
            <Trans>
              Not enough credits: {modelName} needs {costText} and you have {creditsHeld}.
            </Trans>
          )}{" "}
          <Link href="/pricing" className="font-semibold text-amber-100 underline underline-offset-2 hover:text-white">
            <Trans>Buy credits</Trans>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

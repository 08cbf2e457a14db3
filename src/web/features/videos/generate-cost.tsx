import { Link } from "wouter";
import { Coins } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { VeoModel } from "../../../shared/catalogue";
import { modelLabel } from "@/lib/catalogue-text";
import { formatCredits } from "@/lib/format";
import type { GenerateFormValues } from "./generate-form-schema";
import { creditsText } from "./video-display";

/** What a video costs: its model's price, plus the 4K surcharge when the 4K version is asked for too. */
export function generationCost(
  prices: Record<VeoModel, number>,
  fourKPrice: number,
  values: Pick<GenerateFormValues, "model" | "upgrade4k">,
): number {
  return prices[values.model] + (values.upgrade4k ? fourKPrice : 0);
}

export interface CostSummaryProps {
  model: VeoModel;
  upgrade4k: boolean;
  prices: Record<VeoModel, number>;
  fourKPrice: number;
  /** null when signed out. */
  credits: number | null;
}

/** The generator's cost box: the cost (with its breakdown when 4K is added), the credits held and a note when they are short. */
export function CostSummary({ model, upgrade4k, prices, fourKPrice, credits }: CostSummaryProps) {
  const cost = generationCost(prices, fourKPrice, { model, upgrade4k });
  const short = credits !== null && credits < cost;
  const modelName = modelLabel(model);
  const fourKText = creditsText(fourKPrice);
  const modelPriceText = creditsText(prices[model]);
  const costText = creditsText(cost);
  const creditsHeld = creditsText(credits ?? 0);

  return (
    <div className="grid gap-3 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">
          <Trans>Cost</Trans>
        </span>
        <span className="font-semibold text-foreground" data-testid="generation-cost">
          {costText}
        </span>
      </div>
      {upgrade4k ? (
        <p className="-mt-2 text-right text-xs text-muted-foreground" data-testid="generation-cost-breakdown">
          <Trans>
            {modelName} {modelPriceText} + 4K {fourKText}
          </Trans>
        </p>
      ) : null}
      {credits !== null ? (
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="text-muted-foreground">
            <Trans>Your credits</Trans>
          </span>
          <span className="inline-flex items-center gap-1.5 font-semibold text-foreground" data-testid="user-credits">
            <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
            {formatCredits(credits)}
          </span>
        </div>
      ) : null}
      {short ? (
        <p
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs leading-relaxed text-amber-200"
          role="note"
        >
          {upgrade4k ? (
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

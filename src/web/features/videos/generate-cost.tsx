import { Link } from "wouter";
import { Coins } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import { surchargeCost, webCost, webVideoCost, type PriceTable } from "../../../shared/prices";
import { modelLabel } from "@/lib/catalogue-text";
import { formatCredits } from "@/lib/format";
import { creditsText } from "./video-display";

export interface CostSummaryProps {
  model: ModelId;
  upgrade4k: boolean;
  prices: PriceTable;
  /** null when signed out. */
  credits: number | null;
}

/** The generator's cost box: the cost (with its breakdown when 4K is added), the credits held and a note when they are short. */
export function CostSummary({ model, upgrade4k, prices, credits }: CostSummaryProps) {
  const cost = webVideoCost(prices, { model, upgrade4k });
  const short = credits !== null && credits < cost;
  const modelName = modelLabel(model);
  const fourKText = creditsText(surchargeCost(prices, "4k", "web"));
  const modelPriceText = creditsText(webCost(prices, model));
  const costText = creditsText(cost);
  const creditsHeld = creditsText(credits ?? 0);

  return (
    <div className="grid gap-2 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent px-4 py-3">
      {/* The cost and the credits held on one line; the 4K breakdown under the cost. */}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 text-sm">
        <div className="grid gap-0.5">
          <span className="flex items-center gap-2">
            <span className="text-muted-foreground">
              <Trans>Cost</Trans>
            </span>
            <span className="font-semibold text-foreground" data-testid="generation-cost">
              {costText}
            </span>
          </span>
          {upgrade4k ? (
            <span className="text-xs text-muted-foreground" data-testid="generation-cost-breakdown">
              <Trans>
                {modelName} {modelPriceText} + 4K {fourKText}
              </Trans>
            </span>
          ) : null}
        </div>
        {credits !== null ? (
          <span className="flex items-center gap-2">
            <span className="text-muted-foreground">
              <Trans>Your credits</Trans>
            </span>
            <span className="inline-flex items-center gap-1.5 font-semibold text-foreground" data-testid="user-credits">
              <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
              {formatCredits(credits)}
            </span>
          </span>
        ) : null}
      </div>
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

/**
 * A plan's or a pack's one headline ("≈ 100 Veo3 Fast videos") and, folded out beneath it, how many
 * videos of each model offered it buys (decision 0167). A native <details>: a keyboard and a screen
 * reader open it as they open any disclosure.
 */
import { ChevronDown } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { usePricing } from "./use-pricing";
import { videosHeadline, videosOf } from "./video-counts";

export interface VideosPerModelProps {
  credits: number;
  /** A plan's credits come every month, or a year's at once. */
  per?: "month" | "year" | null;
  className?: string;
}

export function VideosPerModel({ credits, per = null, className }: VideosPerModelProps) {
  const { models } = usePricing();
  const headline = videosHeadline(credits, models, per);
  if (headline === null) return null;
  return (
    <div className={cn("grid gap-2", className)}>
      <p className="text-base font-semibold text-emerald-200" data-headline>
        {headline}
      </p>
      <details className="group rounded-lg border border-border/70 bg-surface-raised/40 text-sm">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium text-zinc-200 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 [&::-webkit-details-marker]:hidden">
          <Trans>Videos with each model</Trans>
          <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="px-3 pb-3">
          <p className="mb-2 text-xs text-muted-foreground">
            <Trans>One video at a time with each model&apos;s default options, at the website&apos;s prices:</Trans>
          </p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5">
            {models.map((m) => (
              <div key={m.model} className="contents">
                <dt className="text-zinc-300">{m.label}</dt>
                <dd className="text-right font-semibold tabular-nums">
                  {plural(videosOf(credits, m), { one: "# video", other: "# videos" })}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </details>
    </div>
  );
}

import { Link } from "wouter";
import { ArrowRight, Eye, Flame, Sparkles } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel } from "@/lib/catalogue-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { truncateText } from "@/lib/format";
import { SectionHeading } from "./section-heading";
import {
  SHOWCASE_EXAMPLES,
  SHOWCASE_PROMPT_MAX,
  TRENDING_ITEMS,
  viewCountText,
  type ShowcaseItem,
} from "./showcase-data";
import { ShowcaseVideo } from "./showcase-video";

function ExampleCard({ item, index }: { item: ShowcaseItem; index: number }) {
  const { t } = useLingui();
  const prompt = t(item.prompt);
  const number = index + 1;
  const views = viewCountText(index);
  return (
    <li>
      <article
        aria-label={t`Example ${number}`}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/30 transition-colors hover:border-violet-500/40"
      >
        <ShowcaseVideo src={item.resultUrls[0] ?? item.hdVideoUrl} description={prompt} />
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{modelLabel(item.model)}</Badge>
            <Badge variant="secondary">
              <Trans>1080p HD</Trans>
            </Badge>
          </div>
          <p className="flex-1 text-sm leading-relaxed text-zinc-300" title={prompt}>
            {truncateText(prompt, SHOWCASE_PROMPT_MAX)}
          </p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Eye className="size-3.5" aria-hidden="true" />
            <Trans>{views} views</Trans>
          </p>
        </div>
      </article>
    </li>
  );
}

function TrendingTile({ item, index }: { item: ShowcaseItem; index: number }) {
  const { t } = useLingui();
  const prompt = t(item.prompt);
  const number = index + 1;
  // Continue the fixed list after the six examples.
  const views = viewCountText(SHOWCASE_EXAMPLES.length + index);
  return (
    <li>
      <article
        aria-label={t`Trending video ${number}`}
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface/70 transition-colors hover:border-fuchsia-500/40"
      >
        <ShowcaseVideo src={item.resultUrls[0] ?? item.hdVideoUrl} description={prompt} compact />
        <div className="flex flex-1 flex-col gap-2 p-2.5 sm:p-3">
          <p className="line-clamp-3 flex-1 text-xs leading-relaxed text-zinc-300" title={prompt}>
            {truncateText(prompt, SHOWCASE_PROMPT_MAX)}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span>{modelLabel(item.model)}</span>
            <span className="flex items-center gap-1">
              <Eye className="size-3.5" aria-hidden="true" />
              <Trans>{views} views</Trans>
            </span>
          </div>
        </div>
      </article>
    </li>
  );
}

export function ShowcaseSection() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="showcase-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
      <SectionHeading id="showcase-title" eyebrow={t`Showcase`} title={t`See What You Can Create`}>
        <Trans>Real prompts, real sound. Hover a video to preview it, click to watch with audio.</Trans>
      </SectionHeading>

      <ul aria-label={t`Example videos`} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {SHOWCASE_EXAMPLES.map((item, index) => (
          <ExampleCard key={item.id} item={item} index={index} />
        ))}
      </ul>

      <div className="mt-16 flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-gradient-to-br from-orange-500/20 to-fuchsia-500/20 ring-1 ring-orange-400/30">
          <Flame className="size-5 text-orange-300" aria-hidden="true" />
        </span>
        <h3 id="trending-title" className="text-2xl font-bold tracking-tight">
          <Trans>Trending Now</Trans>
        </h3>
      </div>
      <ul aria-labelledby="trending-title" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TRENDING_ITEMS.map((item, index) => (
          <TrendingTile key={item.id} item={item} index={index} />
        ))}
      </ul>

      <div className="mt-12 flex justify-center">
        <Button asChild size="lg">
          <Link href="/generate">
            <Sparkles aria-hidden="true" />
            <Trans>Start Creating Now</Trans>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

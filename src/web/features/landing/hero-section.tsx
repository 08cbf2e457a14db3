import { lazy, Suspense } from "react";
import { AudioLines, Clapperboard, Coins, MonitorPlay, Sparkles } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { lowestWebPrice } from "../../../shared/prices";
import { usePricing } from "@/features/pricing";
import { DemoNotice } from "./demo-notice";
import { StartCreatingLink } from "./start-creating-link";
import { useShowcase } from "./use-showcase";

// Drawn only once the showcase has answered (never in the pre-rendered page): its own chunk.
const HeroVideo = lazy(() => import("./hero-video").then((m) => ({ default: m.HeroVideo })));

export function HeroSection() {
  const { t } = useLingui();
  const pricing = usePricing();
  const featured = useShowcase()?.videos[0];
  const from = lowestWebPrice(pricing.models);
  const highlights = [
    { icon: AudioLines, text: t`Native audio & lip sync` },
    { icon: MonitorPlay, text: t`Full HD 1080p and 4K` },
    { icon: Coins, text: t`${plural(from, { one: "From # credit per video", other: "From # credits per video" })}` },
  ];

  return (
    <section
      aria-labelledby="hero-title"
      className={cn("relative isolate overflow-hidden", featured && "min-h-[34rem] sm:min-h-[40rem]")}
    >
      {featured ? (
        <Suspense fallback={null}>
          <HeroVideo key={featured.id} video={featured} />
        </Suspense>
      ) : (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(40rem_24rem_at_50%_0%,rgb(139_92_246/0.22),transparent_70%)]"
        />
      )}
      {/* Above the video (painted after it); its bottom padding leaves the video's own row free. */}
      <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 pb-20 pt-14 text-center sm:px-6 sm:pt-20 lg:pb-24 lg:pt-28">
        <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-violet-500/30 bg-violet-500/10 px-4 py-1.5 text-xs font-medium text-violet-100 sm:text-sm">
          <Sparkles className="size-4 shrink-0 text-fuchsia-300" aria-hidden="true" />
          <span>
            <Trans>Veo Studio offers premium AI video generation with Veo3, Kling, Seedance and more</Trans>
          </span>
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl"
        >
          <Trans>
            Generate AI Videos with <span className="text-gradient">Realistic Sound</span>
          </Trans>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          <Trans>
            Turn a text prompt, a first and last frame or reference images into a cinematic 8-second video with native
            dialogue, sound effects and ambience, perfectly in sync.
          </Trans>
        </p>
        <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <StartCreatingLink icon={Clapperboard} className="h-13 px-8 text-base" />
          <Button asChild size="lg" variant="outline" className="h-13 px-8 text-base">
            <a href="#prices">
              <Trans>See prices</Trans>
            </a>
          </Button>
        </div>
        <ul className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm text-zinc-300">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-violet-300" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        {pricing.simulated ? <DemoNotice className="mt-10" /> : null}
      </div>
    </section>
  );
}

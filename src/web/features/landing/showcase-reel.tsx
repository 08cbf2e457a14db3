import { Link } from "wouter";
import { Sparkles, Wand2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ShowcaseVideo as ShowcaseVideoView, ShowcaseView } from "../../../shared/schemas/showcase";
import { modelLabel } from "@/lib/catalogue-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { truncateText } from "@/lib/format";
import { REEL_LIST_CLASS, reelTileClass } from "./reel-layout";
import { SampleLabel } from "./sample-label";
import { SectionHeading } from "./section-heading";
import { captionOf, promptOf, SHOWCASE_PROMPT_MAX, tryPromptHref } from "./showcase-data";
import { ShowcaseVideo } from "./showcase-video";
import { StartCreatingLink } from "./start-creating-link";

function ShowcaseCard({ video, index, className }: { video: ShowcaseVideoView; index: number; className: string }) {
  const { t } = useLingui();
  const prompt = promptOf(video);
  const caption = captionOf(video);
  const number = index + 1;
  const shortPrompt = prompt ? truncateText(prompt, 60) : "";
  return (
    <li className={className} data-testid="showcase-tile">
      <article
        aria-label={t`Example ${number}`}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/30 transition-colors hover:border-violet-500/40"
      >
        <div className="relative">
          <ShowcaseVideo
            src={video.videoUrl}
            poster={video.posterUrl}
            description={caption ?? modelLabel(video.model)}
            portrait={video.aspectRatio === "9:16"}
          />
          {video.sample ? <SampleLabel className="pointer-events-none absolute left-3 top-3" /> : null}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{modelLabel(video.model)}</Badge>
            <Badge variant="secondary">{video.aspectRatio}</Badge>
          </div>
          {caption ? (
            <p className="flex-1 text-sm leading-relaxed text-zinc-300" title={caption}>
              {truncateText(caption, SHOWCASE_PROMPT_MAX)}
            </p>
          ) : (
            <p className="flex-1" />
          )}
          {prompt ? (
            <Button asChild variant="outline" size="sm" className="self-start">
              <Link href={tryPromptHref(prompt)} aria-label={t`Try this prompt: ${shortPrompt}`}>
                <Wand2 aria-hidden="true" />
                <Trans>Try this prompt</Trans>
              </Link>
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * The showcase's section once it has videos (showcase-section.tsx decides): the videos the admin
 * chose (decision 0081), or the simulator's labelled sample clips, as a balanced reel
 * (reel-layout.ts, decision 0166). Its own chunk: the first load does not carry it.
 */
export default function ShowcaseReel({ showcase }: { showcase: ShowcaseView }) {
  const { t } = useLingui();
  const samples = showcase.source === "samples";
  const tileClass = reelTileClass(showcase.videos.length);
  return (
    <section aria-labelledby="showcase-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
      <SectionHeading id="showcase-title" eyebrow={t`Showcase`} title={t`See What You Can Create`}>
        {samples ? (
          <Trans>
            Sample clips from the built-in simulator until real videos are chosen. Hover a video to preview it, click to
            watch with audio.
          </Trans>
        ) : (
          <Trans>Real prompts, real sound. Hover a video to preview it, click to watch with audio.</Trans>
        )}
      </SectionHeading>

      <ul aria-label={t`Example videos`} className={cn("mt-12", REEL_LIST_CLASS)}>
        {showcase.videos.map((video, index) => (
          <ShowcaseCard key={video.id} video={video} index={index} className={tileClass} />
        ))}
      </ul>

      <div className="mt-12 flex justify-center">
        <StartCreatingLink icon={Sparkles} />
      </div>
    </section>
  );
}

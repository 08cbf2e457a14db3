import { useEffect, useRef, useState } from "react";
import { Pause, Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ShowcaseVideo } from "../../../shared/schemas/showcase";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { SampleLabel } from "./sample-label";
import { captionOf } from "./showcase-data";

/**
 * The hero's feature video (decisions 0081, 0166): the showcase's first video, full-bleed behind
 * the hero's words, muted, looping and inline, its poster a real frame of it. A portrait video
 * stands whole on a blurred copy of its frame. With reduced motion it does not play: the poster
 * stands still. The play/pause button stays in the corner either way.
 */
export function HeroVideo({ video }: { video: ShowcaseVideo }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const caption = captionOf(video);
  const description = caption ?? modelLabel(video.model);
  const portrait = video.aspectRatio === "9:16";
  const poster = video.posterUrl;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.muted = true;
    // Autoplay policies may refuse: the play button is there. The element's events keep `paused`.
    if (reduced) element.pause();
    else element.play().catch(() => {});
  }, [reduced, video.videoUrl]);

  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) {
      element.muted = true;
      element.play().catch(() => {});
    } else element.pause();
  };

  return (
    <figure aria-label={t`Featured video`} className="absolute inset-0 m-0" data-testid="hero-video">
      {portrait && poster ? (
        <img
          src={poster}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-110 object-cover opacity-70 blur-2xl"
        />
      ) : null}
      <video
        ref={ref}
        // Without a poster, reduced motion shows the first frame as a still.
        src={reduced && !poster ? `${video.videoUrl}#t=0.1` : video.videoUrl}
        poster={poster ?? undefined}
        aria-label={t`Featured video: ${description}`}
        className={cn("absolute inset-0 size-full", portrait ? "object-contain" : "object-cover")}
        muted
        loop
        playsInline
        autoPlay={!reduced}
        preload={reduced ? (poster ? "none" : "metadata") : "auto"}
        data-reduced-motion={reduced ? "" : undefined}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      />
      {/* The words stay readable over any video: darker behind them, fading into the page below. */}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-black/70 via-black/55 to-background" />
      <figcaption className="absolute inset-x-0 bottom-0 z-10 flex items-center gap-3 px-4 pb-4 sm:px-6">
        {video.sample ? <SampleLabel className="shrink-0" /> : null}
        {caption ? (
          <span className="hidden min-w-0 truncate text-left text-sm text-zinc-300 sm:block">{caption}</span>
        ) : null}
        <button
          type="button"
          onClick={toggle}
          aria-label={paused ? t`Play the featured video` : t`Pause the featured video`}
          className="ml-auto flex size-10 shrink-0 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/25 transition-colors hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {paused ? (
            <Play className="size-4 translate-x-px fill-white" aria-hidden="true" />
          ) : (
            <Pause className="size-4 fill-white" aria-hidden="true" />
          )}
        </button>
      </figcaption>
    </figure>
  );
}

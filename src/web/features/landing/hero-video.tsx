import { useEffect, useRef, useState } from "react";
import { Pause, Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ShowcaseVideo } from "../../../shared/schemas/showcase";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { truncateText } from "@/lib/format";
import { SampleLabel } from "./sample-label";
import { captionOf, SHOWCASE_PROMPT_MAX } from "./showcase-data";

/**
 * The hero's feature video (decision 0081): the showcase's first video, muted, looping and inline,
 * with a pause button. With reduced motion it does not play: its first frame stands still.
 */
export function HeroVideo({ video }: { video: ShowcaseVideo }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const caption = captionOf(video);
  const description = caption ?? modelLabel(video.model);

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
    <figure
      aria-label={t`Featured video`}
      className="relative mt-12 aspect-video w-full max-w-4xl overflow-hidden rounded-2xl border border-violet-500/25 bg-gradient-to-br from-violet-950 via-zinc-900 to-fuchsia-950 shadow-2xl shadow-violet-950/40"
    >
      <video
        ref={ref}
        // With reduced motion, a still: the first frame, never played.
        src={reduced ? `${video.videoUrl}#t=0.1` : video.videoUrl}
        aria-label={t`Featured video: ${description}`}
        className={cn("absolute inset-0 size-full", video.aspectRatio === "9:16" ? "object-contain" : "object-cover")}
        muted
        loop
        playsInline
        autoPlay={!reduced}
        preload={reduced ? "metadata" : "auto"}
        data-reduced-motion={reduced ? "" : undefined}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      />
      {video.sample ? <SampleLabel className="pointer-events-none absolute left-3 top-3" /> : null}
      {caption ? (
        <figcaption className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-4 pb-3 pt-10 text-left text-sm text-zinc-100 sm:px-6 sm:pb-4">
          {truncateText(caption, SHOWCASE_PROMPT_MAX)}
        </figcaption>
      ) : null}
      {reduced ? null : (
        <button
          type="button"
          onClick={toggle}
          aria-label={paused ? t`Play the featured video` : t`Pause the featured video`}
          className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/20 transition-colors hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {paused ? (
            <Play className="size-4 fill-white" aria-hidden="true" />
          ) : (
            <Pause className="size-4 fill-white" aria-hidden="true" />
          )}
        </button>
      )}
    </figure>
  );
}

import { useRef, useState } from "react";
import { Pause, Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import { SampleLabel, useShowcase } from "@/features/landing";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";

/**
 * A model's sample in the comparison (issue 38, decision 0166): the model's sample from GET
 * /api/showcase (the same query as the landing page's): the admin's choice, or the simulator's
 * labelled clip while videos are simulated. Small, muted and looping, its poster a real frame;
 * hovering plays it unless the person asked for less motion; the button plays or pauses it
 * (touch, keyboard). Nothing is drawn while the showcase is unknown, nor for a model without a
 * sample: a visitor never reads "No sample yet".
 */
export function ModelSample({ model }: { model: ModelId }) {
  const { t } = useLingui();
  const showcase = useShowcase();
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  // Started by the button: leaving the video with the pointer does not stop it then.
  const [started, setStarted] = useState(false);
  const video = showcase?.modelSamples.find((v) => v.model === model);
  if (!video) return null;
  const name = modelLabel(model);

  const play = () => {
    const element = ref.current;
    if (!element) return;
    element.muted = true;
    // Autoplay policies may refuse: the button is there.
    element.play().catch(() => {});
  };
  const preview = () => {
    if (!reduced && !started) play();
  };
  const stopPreview = () => {
    if (!started) ref.current?.pause();
  };
  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) {
      setStarted(true);
      play();
    } else {
      setStarted(false);
      element.pause();
    }
  };

  return (
    <div className="grid gap-1.5" data-testid={`model-sample-${model}`}>
      <div
        className="relative aspect-video w-full max-w-60 overflow-hidden rounded-md bg-zinc-900 sm:max-w-none"
        onMouseEnter={preview}
        onMouseLeave={stopPreview}
      >
        <video
          ref={ref}
          // Its poster (else the first frame) stands as a still until it plays.
          src={video.posterUrl ? video.videoUrl : `${video.videoUrl}#t=0.1`}
          poster={video.posterUrl ?? undefined}
          aria-label={t`Sample of ${name}`}
          className={cn("absolute inset-0 size-full", video.aspectRatio === "9:16" ? "object-contain" : "object-cover")}
          muted
          loop
          playsInline
          preload={video.posterUrl ? "none" : "metadata"}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? t`Pause the sample of ${name}` : t`Play the sample of ${name}`}
          className="absolute bottom-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/20 transition-colors hover:bg-black/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {playing ? (
            <Pause className="size-3.5 fill-white" aria-hidden="true" />
          ) : (
            <Play className="size-3.5 translate-x-px fill-white" aria-hidden="true" />
          )}
        </button>
      </div>
      {video.sample ? <SampleLabel className="w-fit rounded-md px-2 py-0 text-[11px]" /> : null}
    </div>
  );
}

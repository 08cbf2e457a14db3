import { useState } from "react";
import { Pause, Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ExploreVideo } from "../../../shared/schemas/explore";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/cn";

/**
 * A card's picture: the video's real poster, and the video itself only once someone hovers it,
 * focuses the card or taps its play button (decision 0165): no video element exists before then, and
 * it loads nothing ahead (preload none). It plays muted and looped; leaving stops it. With reduced
 * motion hovering plays nothing: the button still does.
 */
export function ExplorePreview({ video, label }: { video: ExploreVideo; label: string }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [tapped, setTapped] = useState(false);
  const playing = tapped || (hovered && !reduced);
  const wide = video.aspectRatio === "16:9" || video.aspectRatio === "21:9";

  return (
    <div
      className="group/preview relative aspect-video w-full overflow-hidden rounded-t-xl bg-gradient-to-br from-violet-950/60 via-zinc-950 to-fuchsia-950/40"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
      }}
      data-testid="explore-preview"
      data-playing={playing ? "" : undefined}
    >
      {video.posterUrl ? (
        <img
          src={video.posterUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className={cn("absolute inset-0 size-full", wide ? "object-cover" : "object-contain")}
        />
      ) : null}
      {playing ? (
        <video
          src={video.videoUrl}
          poster={video.posterUrl ?? undefined}
          preload="none"
          muted
          loop
          playsInline
          autoPlay
          aria-hidden="true"
          className={cn("absolute inset-0 size-full", wide ? "object-cover" : "object-contain")}
          // Autoplay may be refused; the poster stays then.
          onCanPlay={(event) => void event.currentTarget.play().catch(() => {})}
        />
      ) : null}
      <button
        type="button"
        aria-pressed={tapped}
        aria-label={tapped ? t`Stop the preview: ${label}` : t`Play a preview: ${label}`}
        onClick={() => setTapped((on) => !on)}
        className="absolute bottom-2 right-2 flex size-9 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/20 transition-opacity focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {tapped ? (
          <Pause className="size-4 fill-white" aria-hidden="true" />
        ) : (
          <Play className="size-4 translate-x-px fill-white" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

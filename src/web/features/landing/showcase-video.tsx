import { useRef, useState } from "react";
import { Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

interface ShowcaseVideoProps {
  src: string;
  /** A real frame of the video (decision 0166), shown until it plays; null: none was kept. */
  poster: string | null;
  /** What the video shows (its prompt), for assistive technology. */
  description: string;
  className?: string;
  /** Smaller play badge for the compact tiles. */
  compact?: boolean;
  /** A portrait (9:16) video is shown whole in the 16:9 box rather than cut. */
  portrait?: boolean;
}

/**
 * An example video in a fixed 16:9 box, its poster a real frame of it (a portrait video stands whole
 * on a blurred copy of its frame). Hovering plays a muted, looping preview (leaving pauses
 * it). Clicking (or Enter/Space) starts it with sound and the player's controls; from then on
 * the native controls (and clicks on the video) toggle playback.
 */
export function ShowcaseVideo({
  src,
  poster,
  description,
  className,
  compact = false,
  portrait = false,
}: ShowcaseVideoProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engaged, setEngaged] = useState(false);

  const preview = () => {
    const video = videoRef.current;
    if (!video || engaged) return;
    video.muted = true;
    // Autoplay policies may refuse; the preview is only a nicety.
    video.play().catch(() => {});
  };
  const stopPreview = () => {
    const video = videoRef.current;
    if (video && !engaged) video.pause();
  };
  const engage = () => {
    const video = videoRef.current;
    if (!video) return;
    setEngaged(true);
    video.muted = false;
    video.play().catch(() => {
      // Sound may be refused: play muted rather than not at all.
      video.muted = true;
      video.play().catch(() => {});
    });
  };

  return (
    <div
      className={cn("group/video relative aspect-video w-full overflow-hidden bg-zinc-900", className)}
      onMouseEnter={preview}
      onMouseLeave={stopPreview}
    >
      {portrait && poster ? (
        <img
          src={poster}
          alt=""
          aria-hidden="true"
          loading="lazy"
          className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-xl"
        />
      ) : null}
      <video
        ref={videoRef}
        src={src}
        poster={poster ?? undefined}
        aria-label={t`Example video: ${description}`}
        className={cn("absolute inset-0 size-full", portrait ? "object-contain" : "object-cover")}
        // With a poster, nothing is fetched before it is wanted.
        preload={poster ? "none" : "metadata"}
        muted
        loop
        playsInline
        controls={engaged}
      />
      {engaged ? null : (
        <button
          type="button"
          onClick={engage}
          aria-label={t`Play example video with sound: ${description}`}
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-t from-black/50 via-transparent to-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        >
          <span
            className={cn(
              "flex items-center justify-center rounded-full bg-black/55 text-white shadow-lg ring-1 ring-white/20 backdrop-blur transition-all duration-200",
              "group-hover/video:scale-90 group-hover/video:opacity-0",
              compact ? "size-10" : "size-14",
            )}
          >
            <Play className={cn("translate-x-px fill-white", compact ? "size-4" : "size-6")} aria-hidden="true" />
          </span>
        </button>
      )}
    </div>
  );
}

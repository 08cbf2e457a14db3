import { useRef } from "react";
import { Link } from "wouter";
import { Users } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ExploreVideo } from "../../../shared/schemas/explore";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { REEL_LIST_CLASS, reelTileClass } from "./reel-layout";
import { SectionHeading } from "./section-heading";

/** One featured video: its poster, a muted preview on hover (not with reduced motion), a link to its page. */
function CommunityTile({ video, className }: { video: ExploreVideo; className: string }) {
  const reduced = useReducedMotion();
  const ref = useRef<HTMLVideoElement>(null);
  const model = modelLabel(video.model);
  const portrait = video.aspectRatio === "9:16";
  const preview = () => {
    const element = ref.current;
    if (!element || reduced) return;
    element.muted = true;
    // Autoplay policies may refuse; the preview is only a nicety.
    element.play().catch(() => {});
  };
  return (
    <li className={className} data-testid="community-tile">
      {/* The video's own page (the share page, served by the server): a plain link, named by its words. */}
      <a
        href={`/v/${encodeURIComponent(video.id)}`}
        className="group block overflow-hidden rounded-2xl border border-border bg-surface/80 transition-colors hover:border-violet-500/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onMouseEnter={preview}
        onMouseLeave={() => ref.current?.pause()}
        onFocus={preview}
        onBlur={() => ref.current?.pause()}
      >
        <div className="relative aspect-video w-full overflow-hidden bg-zinc-900">
          <video
            ref={ref}
            src={video.videoUrl}
            poster={video.posterUrl ?? undefined}
            aria-hidden="true"
            tabIndex={-1}
            className={cn("absolute inset-0 size-full", portrait ? "object-contain" : "object-cover")}
            preload={video.posterUrl ? "none" : "metadata"}
            muted
            loop
            playsInline
          />
        </div>
        <div className="flex items-center gap-2 px-4 py-3 text-sm">
          <span className="shrink-0 rounded-md bg-violet-500/15 px-2 py-0.5 text-xs font-medium text-violet-200">
            {model}
          </span>
          {video.prompt ? <span className="min-w-0 truncate text-zinc-300">{video.prompt}</span> : null}
        </div>
      </a>
    </li>
  );
}

/**
 * "From the community" once there are featured videos (community-section.tsx decides): a
 * balanced reel of them. Its own chunk: the first load does not carry it.
 */
export default function CommunityReel({ videos }: { videos: ExploreVideo[] }) {
  const { t } = useLingui();
  const tileClass = reelTileClass(videos.length);
  return (
    <section aria-labelledby="community-title" className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6 lg:pb-24">
      <SectionHeading id="community-title" eyebrow={t`Explore`} title={t`From the community`}>
        {t`Videos people made here and chose to share. Open one to see how it was made and remix it.`}
      </SectionHeading>
      <ul aria-label={t`Featured community videos`} className={cn("mt-10", REEL_LIST_CLASS)}>
        {videos.map((video) => (
          <CommunityTile key={video.id} video={video} className={tileClass} />
        ))}
      </ul>
      <p className="mt-8 flex justify-center">
        <Link
          href="/explore"
          className="inline-flex items-center gap-2 font-medium text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline"
        >
          <Users className="size-4" aria-hidden="true" />
          {t`Explore more videos`}
        </Link>
      </p>
    </section>
  );
}

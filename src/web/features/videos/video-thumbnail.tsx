import { CircleAlert, Clapperboard, LoaderCircle } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { isInProgress, sdUrl, VIDEO_EXPIRED_MESSAGE } from "./video-display";

/** The card's picture: the 720p video itself (metadata only), in a fixed 16:9 box. */
export function VideoThumbnail({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const url = task.status === "completed" ? (sdUrl(task) ?? task.hdVideoUrl) : null;
  if (url) {
    return (
      <video
        src={`${url}#t=1`}
        preload="metadata"
        muted
        playsInline
        aria-hidden="true"
        className={cn(
          "absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.03]",
          task.aspectRatio === "9:16" ? "object-contain" : "object-cover",
        )}
      />
    );
  }
  if (task.videoExpired) {
    return (
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-zinc-950/70 p-3 text-center">
        <CircleAlert className="size-6 text-amber-300" aria-hidden="true" />
        <span className="text-xs font-medium text-zinc-200">{t(VIDEO_EXPIRED_MESSAGE)}</span>
      </span>
    );
  }
  const Icon = task.status === "failed" ? CircleAlert : isInProgress(task.status) ? LoaderCircle : Clapperboard;
  return (
    <span
      className={cn(
        "absolute inset-0 flex items-center justify-center",
        task.status === "failed"
          ? "bg-red-950/25"
          : "bg-gradient-to-br from-violet-950/50 via-zinc-950 to-fuchsia-950/30",
      )}
    >
      <Icon
        className={cn(
          "size-7",
          task.status === "failed" ? "text-red-400/80" : "text-violet-300/80",
          isInProgress(task.status) && "animate-spin motion-reduce:animate-none",
        )}
        aria-hidden="true"
      />
    </span>
  );
}

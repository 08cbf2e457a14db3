import { useEffect, useRef, useState, type ReactNode } from "react";
import { Ban, CircleAlert, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { GenerationProgress } from "./generation-progress";
import { failureText, isInProgress, isPlayable, isRefused, playbackUrl, VIDEO_EXPIRED_MESSAGE } from "./video-display";
import { failureTitle } from "./video-failure-text";

/**
 * A box with the video's shape, sized before anything loads (no layout shift): 16:9 fills the
 * width, 9:16 gets a fixed height.
 */
export function VideoFrame({
  aspectRatio,
  className,
  children,
}: {
  aspectRatio: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "relative mx-auto overflow-hidden rounded-xl border border-border bg-black",
        aspectRatio === "9:16" ? "aspect-[9/16] h-[min(30rem,65vh)] max-w-full" : "aspect-video w-full",
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * A player whose address may change while it plays (the vendor's link, then our kept copy): the
 * same element stays, and a playing video keeps its address until it is paused or ends, then takes
 * the new one at the same moment of the video. Swapping the element stopped playback (issue 71 §2).
 */
function SteadyVideo({ src, label }: { src: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(src);
  /** Where to carry on from once the new address has loaded. */
  const resumeAt = useRef<number | null>(null);

  useEffect(() => {
    if (src === shown) return;
    const video = ref.current;
    const take = () => {
      resumeAt.current = video && !video.ended && video.currentTime > 0 ? video.currentTime : null;
      setShown(src);
    };
    if (!video || video.paused || video.ended) {
      take();
      return;
    }
    // Playing: the old address plays on; the new one is taken when playback stops.
    video.addEventListener("pause", take, { once: true });
    return () => video.removeEventListener("pause", take);
  }, [src, shown]);

  return (
    <video
      ref={ref}
      src={shown}
      controls
      playsInline
      preload="metadata"
      className="absolute inset-0 size-full object-contain"
      aria-label={label}
      onLoadedMetadata={(event) => {
        if (resumeAt.current === null) return;
        event.currentTarget.currentTime = resumeAt.current;
        resumeAt.current = null;
      }}
    />
  );
}

/** A task's preview in its states: player, expired, failed, generating, and anything else. */
export function TaskPreview({
  task,
  className,
  failureNote,
  failureRole,
}: {
  task: VideoTaskView;
  className?: string;
  /** Said after a failure's reason, in the same sentence box (the details dialog's refund). */
  failureNote?: string;
  /** "alert" where the failure is news (the details dialog); none elsewhere. */
  failureRole?: "alert";
}) {
  const { t } = useLingui();
  const refused = isRefused(task);
  const url = playbackUrl(task);
  return (
    <VideoFrame aspectRatio={task.aspectRatio} className={className}>
      {isPlayable(task) && url ? (
        // One player per task: a new address (the kept copy replacing the vendor's link) never restarts it.
        <SteadyVideo key={task.id} src={url} label={t`Generated video`} />
      ) : task.videoExpired ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-zinc-950/60 p-6 text-center"
          role="status"
        >
          <CircleAlert className="size-8 text-amber-300" aria-hidden="true" />
          <p className="font-semibold text-zinc-100">{t(VIDEO_EXPIRED_MESSAGE)}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            <Trans>The provider deleted the file before we could keep a copy.</Trans>
          </p>
        </div>
      ) : task.status === "failed" ? (
        // The one place a failure's reason is said (issue 38): a refused prompt as refused (decision 0082).
        <div
          className={cn(
            "absolute inset-0 flex flex-col items-center justify-center gap-2 overflow-y-auto p-6 text-center",
            refused ? "bg-amber-950/20" : "bg-red-950/20",
          )}
          role={failureRole}
          data-testid="task-failure"
        >
          {refused ? (
            <Ban className="size-8 shrink-0 text-amber-300" aria-hidden="true" />
          ) : (
            <CircleAlert className="size-8 shrink-0 text-red-400" aria-hidden="true" />
          )}
          <p className={cn("font-semibold", refused ? "text-amber-100" : "text-red-200")}>{failureTitle(refused)}</p>
          {/* The provider's reason as the server stored it (English), else ours; then the caller's note (the refund). */}
          <p className={cn("max-w-sm text-sm", refused ? "text-amber-100/80" : "text-red-200/80")}>
            {failureText(task.errorMessage, task.model, task.failureKind)}
            {failureNote ? ` ${failureNote}` : ""}
          </p>
        </div>
      ) : isInProgress(task.status) ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center bg-gradient-to-br from-violet-950/40 via-black to-fuchsia-950/30 p-4 text-center">
          <GenerationProgress task={task} />
        </div>
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center" role="status">
          <LoaderCircle
            className="size-7 animate-spin text-muted-foreground motion-reduce:animate-none"
            aria-hidden="true"
          />
          <p className="text-sm text-muted-foreground">
            <Trans>Processing...</Trans>
          </p>
        </div>
      )}
    </VideoFrame>
  );
}

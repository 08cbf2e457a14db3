import type { ReactNode } from "react";
import { CircleAlert, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { failureText, isInProgress, isPlayable, playbackUrl, VIDEO_EXPIRED_MESSAGE } from "./video-display";

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

/** A task's preview in its states: player, expired, failed, generating, and anything else. */
export function TaskPreview({
  task,
  progress,
  className,
}: {
  task: VideoTaskView;
  progress?: number;
  className?: string;
}) {
  const { t } = useLingui();
  const url = playbackUrl(task);
  return (
    <VideoFrame aspectRatio={task.aspectRatio} className={className}>
      {isPlayable(task) && url ? (
        <video
          key={url}
          src={url}
          controls
          playsInline
          preload="metadata"
          className="absolute inset-0 size-full object-contain"
          aria-label={t`Generated video`}
        />
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
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-red-950/20 p-6 text-center">
          <CircleAlert className="size-8 text-red-400" aria-hidden="true" />
          <p className="font-semibold text-red-200">
            <Trans>Generation Failed</Trans>
          </p>
          {/* The provider's reason as the server stored it (English), else ours. */}
          <p className="max-w-sm text-sm text-red-200/80">{failureText(task.errorMessage)}</p>
        </div>
      ) : isInProgress(task.status) ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-violet-950/40 via-black to-fuchsia-950/30 p-6 text-center"
          role="status"
        >
          <LoaderCircle className="size-9 animate-spin text-violet-300 motion-reduce:animate-none" aria-hidden="true" />
          <div className="grid w-full max-w-xs gap-2">
            <p className="text-sm font-medium text-zinc-100">
              <Trans>Generating your video…</Trans>
            </p>
            <Progress value={progress ?? 65} aria-label={t`Generation progress`} />
            <p className="text-xs text-muted-foreground">
              <Trans>This usually takes 30s - 1 minute</Trans>
            </p>
          </div>
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

import type { ReactNode } from "react";
import { Ban, CircleAlert, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { GenerationProgress } from "./generation-progress";
import { failureText, isInProgress, isPlayable, isRefused, playbackUrl, VIDEO_EXPIRED_MESSAGE } from "./video-display";

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
          <p className={cn("font-semibold", refused ? "text-amber-100" : "text-red-200")}>
            {refused ? <Trans>Prompt refused</Trans> : <Trans>Generation Failed</Trans>}
          </p>
          {/* The provider's reason as the server stored it (English), else ours; then the caller's note (the refund). */}
          <p className={cn("max-w-sm text-sm", refused ? "text-amber-100/80" : "text-red-200/80")}>
            {failureText(task.errorMessage)}
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

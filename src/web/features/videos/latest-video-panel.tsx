import type { Ref } from "react";
import { Bell, Clapperboard, Download, Info, LoaderCircle, RotateCcw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { StatusBadge } from "./status-badge";
import { useVideoDownload } from "./use-video-download";
import { VideoFrame, TaskPreview } from "./video-frame";
import { isInProgress, sdUrl } from "./video-display";
import { ElapsedClock, progressStage } from "./generation-progress";
import { useNotificationPermission } from "./use-finish-notice";

export interface LatestVideoPanelProps {
  task: VideoTaskView | null;
  loading: boolean;
  /** The panel, to bring it into view when a video starts. */
  ref?: Ref<HTMLDivElement>;
  onRecreate: (task: VideoTaskView) => void;
  onOpenDetails: (task: VideoTaskView) => void;
}

/** The 'Latest Video' panel: the newest task in one of its four states. */
/** 'Tell me when it is ready': asks for the browser's permission, only when clicked. */
function NotifyButton() {
  const { permission, ask } = useNotificationPermission();
  if (permission !== "default") return null;
  return (
    <Button variant="outline" size="sm" className="w-fit justify-self-center" onClick={ask}>
      <Bell aria-hidden="true" />
      <Trans>Notify me when videos are ready</Trans>
    </Button>
  );
}

/** Making 1080p after the 720p video is ready, with the time it has taken so far. */
function HdStage({ task }: { task: VideoTaskView }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <p role="status">
        <Trans>Making the 1080p version; the 720p video is ready to watch.</Trans>
      </p>
      <ElapsedClock since={task.completedAt} />
    </div>
  );
}

export function LatestVideoPanel({ task, loading, ref, onRecreate, onOpenDetails }: LatestVideoPanelProps) {
  const { t } = useLingui();
  const { download, isDownloading } = useVideoDownload();
  const quality = task?.hdVideoUrl ? "1080p" : "720p";
  const downloadable = task?.status === "completed" && Boolean(sdUrl(task) ?? task.hdVideoUrl);

  return (
    <Card ref={ref} role="region" aria-labelledby="latest-video-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="latest-video-title" className="flex items-center gap-2">
          <Clapperboard className="size-5 text-fuchsia-300" aria-hidden="true" />
          <Trans>Latest Video</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Your newest generation appears here as soon as you start it.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {task ? (
          <>
            <TaskPreview task={task} />
            {progressStage(task) === "hd" ? <HdStage task={task} /> : null}
            {isInProgress(task.status) ? <NotifyButton /> : null}
            <dl className="grid gap-3 text-sm">
              <div className="grid gap-1">
                <dt className="text-xs text-muted-foreground">
                  <Trans>Prompt</Trans>
                </dt>
                <dd className="line-clamp-3 text-zinc-100 [overflow-wrap:anywhere]" title={task.prompt}>
                  {task.prompt}
                </dd>
              </div>
              <div className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3">
                <div className="grid gap-1 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2">
                  <dt className="text-xs text-muted-foreground">
                    <Trans>Model</Trans>
                  </dt>
                  <dd className="truncate font-medium">{modelLabel(task.model)}</dd>
                </div>
                <div className="grid gap-1 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2">
                  <dt className="text-xs text-muted-foreground">
                    <Trans>Aspect ratio</Trans>
                  </dt>
                  <dd className="font-medium">{task.aspectRatio}</dd>
                </div>
                <div className="grid gap-1 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2">
                  <dt className="text-xs text-muted-foreground">
                    <Trans>Status</Trans>
                  </dt>
                  <dd>
                    <StatusBadge status={task.status} failureKind={task.failureKind} />
                  </dd>
                </div>
              </div>
            </dl>
            <div className="grid gap-2 sm:grid-cols-3">
              <Button variant="secondary" onClick={() => onRecreate(task)}>
                <RotateCcw aria-hidden="true" />
                <Trans>Recreate</Trans>
              </Button>
              <Button
                variant="secondary"
                disabled={!downloadable}
                aria-busy={isDownloading(task.taskId, quality)}
                onClick={() => void download(task.taskId, quality)}
              >
                {isDownloading(task.taskId, quality) ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Download aria-hidden="true" />
                )}
                <Trans>Download</Trans>
              </Button>
              <Button variant="ghost" onClick={() => onOpenDetails(task)}>
                <Info aria-hidden="true" />
                <Trans>Details</Trans>
              </Button>
            </div>
          </>
        ) : loading ? (
          <VideoFrame aspectRatio="16:9" className="border-dashed bg-zinc-950/40">
            <div
              className="absolute inset-0 flex items-center justify-center"
              role="status"
              aria-label={t`Loading your videos`}
            >
              <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
            </div>
          </VideoFrame>
        ) : (
          <VideoFrame aspectRatio="16:9" className="border-dashed bg-zinc-950/40">
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-2xl border border-border bg-surface-raised">
                <Clapperboard className="size-5 text-fuchsia-300" aria-hidden="true" />
              </span>
              <p className="text-sm text-muted-foreground">
                <Trans>No videos yet. Generate your first video!</Trans>
              </p>
            </div>
          </VideoFrame>
        )}
      </CardContent>
    </Card>
  );
}

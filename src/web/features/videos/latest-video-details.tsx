import type { ReactNode } from "react";
import { Download, Info, RotateCcw } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { BusyIcon } from "./busy-icon";
import { StatusBadge } from "./status-badge";
import { useVideoDownload } from "./use-video-download";
import { sdUrl } from "./video-display";

/** One small boxed fact under the prompt: its name and its value. */
function LatestVideoFact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      {children}
    </div>
  );
}

/** The latest video's prompt, model, aspect ratio and status. */
export function LatestVideoFacts({ task }: { task: VideoTaskView }) {
  return (
    // Two lists, each holding its term and value groups directly (a group in a nested box is not valid in a list).
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-1">
        <dt className="text-xs text-muted-foreground">
          <Trans>Prompt</Trans>
        </dt>
        <dd className="line-clamp-3 text-zinc-100 [overflow-wrap:anywhere]" title={task.prompt}>
          {task.prompt}
        </dd>
      </dl>
      <dl className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3">
        <LatestVideoFact term={<Trans>Model</Trans>}>
          <dd className="truncate font-medium">{modelLabel(task.model)}</dd>
        </LatestVideoFact>
        <LatestVideoFact term={<Trans>Aspect ratio</Trans>}>
          <dd className="font-medium">{task.aspectRatio}</dd>
        </LatestVideoFact>
        <LatestVideoFact term={<Trans>Status</Trans>}>
          <dd>
            <StatusBadge status={task.status} failureKind={task.failureKind} />
          </dd>
        </LatestVideoFact>
      </dl>
    </div>
  );
}

/** Recreate, Download (1080p when made, else 720p) and Details of the latest video. */
export function LatestVideoActions({
  task,
  onRecreate,
  onOpenDetails,
}: {
  task: VideoTaskView;
  onRecreate: (task: VideoTaskView) => void;
  onOpenDetails: (task: VideoTaskView) => void;
}) {
  const { download, isDownloading } = useVideoDownload();
  const quality = task.hdVideoUrl ? "1080p" : "720p";
  const downloadable = task.status === "completed" && Boolean(sdUrl(task) ?? task.hdVideoUrl);
  return (
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
        <BusyIcon busy={isDownloading(task.taskId, quality)} icon={Download} />
        <Trans>Download</Trans>
      </Button>
      <Button variant="ghost" onClick={() => onOpenDetails(task)}>
        <Info aria-hidden="true" />
        <Trans>Details</Trans>
      </Button>
    </div>
  );
}

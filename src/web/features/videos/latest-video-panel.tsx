import type { Ref } from "react";
import { Clapperboard, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { VideoFrame, TaskPreview } from "./video-frame";
import { isInProgress } from "./video-display";
import { progressStage } from "./generation-progress";
import { LatestVideoActions, LatestVideoFacts } from "./latest-video-details";
import { HdStage, NotifyButton } from "./latest-video-stages";

export interface LatestVideoPanelProps {
  task: VideoTaskView | null;
  loading: boolean;
  /** The panel, to bring it into view when a video starts. */
  ref?: Ref<HTMLDivElement>;
  onRecreate: (task: VideoTaskView) => void;
  onOpenDetails: (task: VideoTaskView) => void;
  /** The variants made with `task` (its batch, decision 0162), shown side by side; none for a single video. */
  batch?: readonly VideoTaskView[];
}

/** The 'Latest Video' panel: the newest task in one of its four states. */
export function LatestVideoPanel({ task, loading, ref, onRecreate, onOpenDetails, batch }: LatestVideoPanelProps) {
  const { t } = useLingui();

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
            {batch && batch.length > 1 ? <VariantsSideBySide tasks={batch} /> : <TaskPreview task={task} />}
            {progressStage(task) === "hd" ? <HdStage task={task} /> : null}
            {isInProgress(task.status) ? <NotifyButton /> : null}
            <LatestVideoFacts task={task} />
            <LatestVideoActions task={task} onRecreate={onRecreate} onOpenDetails={onOpenDetails} />
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

/** The variants of one request side by side (decision 0162), each in its own state, numbered. */
function VariantsSideBySide({ tasks }: { tasks: readonly VideoTaskView[] }) {
  const { t } = useLingui();
  const count = tasks.length;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t`${count} variants`} data-testid="variants">
      {tasks.map((variant, i) => {
        const n = i + 1;
        const seed = variant.seeds;
        return (
          <li key={variant.taskId} className="grid gap-1.5">
            <TaskPreview task={variant} />
            <p className="text-center text-xs text-muted-foreground" data-testid="variant-caption">
              {seed === null ? (
                <Trans>Variant {n}</Trans>
              ) : (
                <Trans>
                  Variant {n} · seed {seed}
                </Trans>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

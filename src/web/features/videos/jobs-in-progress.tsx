import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { modelLabel } from "@/lib/catalogue-text";
import { ElapsedClock, stageLabelOf } from "./generation-progress";
import { isInProgress } from "./video-display";

/**
 * The videos being made, newest first (decision 0162): the tracked one the list may not have yet,
 * then the list's. A finished one leaves (it is the latest video, and in My Creations).
 */
export function jobsInProgress(
  tracked: VideoTaskView | null,
  listed: readonly VideoTaskView[] | undefined,
): VideoTaskView[] {
  const jobs = (listed ?? []).filter((task) => isInProgress(task.status));
  if (tracked && isInProgress(tracked.status) && !jobs.some((task) => task.taskId === tracked.taskId))
    jobs.unshift(tracked);
  return jobs;
}

/**
 * 'Being made': each video in progress with its stage and the time since it started, beside the
 * latest video, so several can run at once (within the fair-use limit) and be followed. Each opens
 * its details.
 */
export function JobsInProgress({
  jobs,
  onOpen,
}: {
  jobs: readonly VideoTaskView[];
  onOpen: (task: VideoTaskView) => void;
}) {
  const { t } = useLingui();
  if (jobs.length === 0) return null;
  const count = jobs.length;
  return (
    <Card role="region" aria-labelledby="jobs-in-progress-title">
      <CardHeader className="pb-3">
        <CardTitle id="jobs-in-progress-title" className="flex items-center gap-2 text-base">
          <LoaderCircle className="size-4 animate-spin text-violet-300 motion-reduce:animate-none" aria-hidden="true" />
          <Trans>Being made ({count})</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Start more while these are made; each one arrives in Latest Video when it is ready.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="jobs-in-progress">
          {jobs.map((task) => (
            <li
              key={task.taskId}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2 text-sm"
            >
              <button
                type="button"
                onClick={() => onOpen(task)}
                className="truncate rounded text-left text-zinc-100 hover:text-violet-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                title={task.prompt}
              >
                {task.prompt}
              </button>
              <ElapsedClock since={task.createdAt} className="text-xs text-violet-200" />
              <span className="truncate text-xs text-muted-foreground">
                {modelLabel(task.model)} · <span data-testid="job-stage">{t(stageLabelOf(task))}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { LoaderCircle } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { formatElapsed, useElapsedSeconds } from "./use-elapsed";

type Stage = "queued" | "generating" | "hd";

/** The steps shown while the video is made; making 1080p is shown under the finished video (LatestVideoPanel). */
const STEPS: { stage: Stage | "ready"; label: MessageDescriptor }[] = [
  { stage: "queued", label: msg`Queued` },
  { stage: "generating", label: msg`Generating` },
  { stage: "ready", label: msg`Ready` },
];

/** The stage a task is in, or null when it is not being worked on (decision 0077). */
export function progressStage(task: Pick<VideoTaskView, "status" | "hdStatus">): Stage | null {
  if (task.status === "pending") return "queued";
  if (task.status === "generating") return "generating";
  if (task.status === "completed" && task.hdStatus === "pending") return "hd";
  return null;
}

/** The stage of a video being made, in words: Queued or Generating (the feed's, decision 0162). */
export function stageLabelOf(task: Pick<VideoTaskView, "status" | "hdStatus">): MessageDescriptor {
  return progressStage(task) === "queued" ? STEPS[0]!.label : STEPS[1]!.label;
}

/** A ticking clock: the time since `since`. */
export function ElapsedClock({ since, className }: { since: string | null; className?: string }) {
  const { t } = useLingui();
  const elapsed = formatElapsed(useElapsedSeconds(since));
  return (
    <span role="timer" aria-label={t`Elapsed time`} className={cn("font-mono tabular-nums", className)}>
      {elapsed}
    </span>
  );
}

/**
 * Where a video being made is: its stages (queued, generating, making 1080p) with the current one
 * marked, and the time since it started, instead of a bar that cannot know how far it is.
 */
export function GenerationProgress({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const current = progressStage(task) === "queued" ? "queued" : "generating";
  const index = STEPS.findIndex((s) => s.stage === current);
  return (
    <div className="grid w-full max-w-xs gap-3">
      <ol className="flex items-center justify-center gap-2 text-xs" aria-label={t`Progress`}>
        {STEPS.map(({ stage, label }, i) => (
          <li
            key={stage}
            aria-current={i === index ? "step" : undefined}
            className={cn(
              "rounded-full border px-2.5 py-0.5",
              i < index && "border-emerald-500/40 text-emerald-300",
              i === index && "border-violet-400/70 bg-violet-500/15 font-medium text-zinc-100",
              i > index && "border-border text-muted-foreground",
            )}
          >
            {t(label)}
          </li>
        ))}
      </ol>
      {/* The sentence is announced when the stage changes; the clock (a timer) is not, every second. */}
      <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm font-medium text-zinc-100">
        <LoaderCircle className="size-4 animate-spin text-violet-300 motion-reduce:animate-none" aria-hidden="true" />
        <p role="status">
          {current === "queued" ? <Trans>Waiting for its turn</Trans> : <Trans>Generating your video…</Trans>}
        </p>
        <ElapsedClock since={task.createdAt} className="text-violet-200" />
      </div>
      <p className="hidden text-xs text-muted-foreground sm:block">
        <Trans>You can leave this page: the video keeps being made and waits in My Creations.</Trans>
      </p>
    </div>
  );
}

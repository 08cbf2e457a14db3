import { useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { isInProgress, isRefused } from "./video-display";

type StepState = "done" | "current" | "failed" | "upcoming";

/**
 * Created -> generating -> completed, with the times we know. A failed video goes from created to
 * failed (or refused, decision 0082) with no "Generating: Done" between: its reason is said once,
 * over the player.
 */
export function StatusTimeline({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const completed = task.status === "completed";
  const created = { key: "created", label: t`Created`, time: formatDateTime(task.createdAt), state: "done" as const };
  const steps: { key: string; label: string; time: string; state: StepState }[] =
    task.status === "failed"
      ? [
          created,
          {
            key: "failed",
            label: isRefused(task) ? t`Declined` : t`Failed`,
            time: formatDateTime(task.completedAt),
            state: "failed",
          },
        ]
      : [
          created,
          {
            key: "generating",
            label: t`Generating`,
            time: completed ? t`Done` : isInProgress(task.status) ? t`In progress` : t`Waiting`,
            state: completed ? "done" : "current",
          },
          {
            key: "completed",
            label: t`Completed`,
            time: completed ? formatDateTime(task.completedAt) : t`Not yet`,
            state: completed ? "done" : "upcoming",
          },
        ];
  return (
    <ol className="grid gap-0" aria-label={t`Status timeline`}>
      {steps.map((step, index) => (
        <li key={step.key} className="relative flex gap-3 pb-4 last:pb-0">
          {index < steps.length - 1 ? (
            <span className="absolute left-[5px] top-4 h-full w-px bg-border" aria-hidden="true" />
          ) : null}
          <span
            className={cn(
              "relative mt-1 size-[11px] shrink-0 rounded-full border-2",
              step.state === "done" && "border-emerald-400 bg-emerald-400",
              step.state === "current" && "animate-pulse border-amber-300 bg-amber-300/40 motion-reduce:animate-none",
              step.state === "failed" && "border-red-400 bg-red-400",
              step.state === "upcoming" && "border-zinc-600 bg-transparent",
            )}
            aria-hidden="true"
          />
          <span className="grid gap-0.5">
            <span
              className={cn(
                "text-sm font-medium",
                step.state === "upcoming" ? "text-muted-foreground" : "text-foreground",
              )}
            >
              {step.label}
            </span>
            <span className="text-xs text-muted-foreground">{step.time}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

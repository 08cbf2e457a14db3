/** The details dialog's folded metadata: what most people never need (decision 0082). */
import type { ReactNode } from "react";
import { ChevronRight } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import { durationText, madeOptions, resolutionLabel } from "./option-text";
import { StatusBadge } from "./status-badge";
import { createdViaLabel, modeLabel, qualityLabel, shortTaskId } from "./video-display";
import { StatusTimeline } from "./video-status-timeline";

function Field({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div
      className={cn("grid gap-1 rounded-lg border border-border/70 bg-zinc-950/40 px-3 py-2.5", wide && "col-span-2")}
    >
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm font-medium text-foreground">{children}</dd>
    </div>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{children}</h3>;
}

export function VideoMetadata({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const made = madeOptions(task);
  const madeResolution = resolutionLabel(made.resolution);
  return (
    <details
      key={task.taskId}
      className="group rounded-lg border border-border/70 bg-zinc-950/30"
      data-testid="video-metadata"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium text-foreground hover:bg-surface-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90 motion-reduce:transition-none"
          aria-hidden="true"
        />
        <Trans>Details</Trans>
      </summary>
      <div className="grid gap-4 px-3 pb-3 pt-1">
        <dl className="grid grid-cols-2 gap-2">
          <Field term={t`Model`}>{modelLabel(task.model)}</Field>
          <Field term={t`Mode`}>{modeLabel(task.mode)}</Field>
          <Field term={t`Aspect ratio`}>{task.aspectRatio}</Field>
          <Field term={t`Length`}>{durationText(made.durationSeconds)}</Field>
          <Field term={t`Resolution`}>{resolutionLabel(made.resolution)}</Field>
          <Field term={t`Sound`}>{made.audio ? t`On` : t`Off`}</Field>
          <Field term={t`Credits used`}>
            {formatCredits(task.creditsUsed + (task.uhdStatus === "none" ? 0 : task.uhdCredits))}
          </Field>
          <Field term={t`Created via`}>{createdViaLabel(task.createdVia)}</Field>
          <Field term={t`Video quality`}>{task.status === "failed" ? "—" : qualityLabel(task, madeResolution)}</Field>
          <Field term={t`Seed`}>{task.seeds ?? t`Random`}</Field>
          <Field term={t`Status`}>
            <StatusBadge status={task.status} failureKind={task.failureKind} />
          </Field>
          {task.extendedFrom ? (
            <Field term={t`Extended from`} wide>
              <span className="font-mono text-xs font-normal text-zinc-300" title={task.extendedFrom}>
                {shortTaskId(task.extendedFrom)}
              </span>
              {task.extendMethod ? (
                <span className="block text-xs font-normal text-muted-foreground" data-testid="extend-method-made">
                  {task.extendMethod === "native"
                    ? t`Continued by Veo itself`
                    : t`Continued from its last frame, then joined to it`}
                </span>
              ) : null}
            </Field>
          ) : null}
          <Field term={t`Watermark`} wide>
            <span className="[overflow-wrap:anywhere]">{task.watermark || t`None`}</span>
          </Field>
          <Field term={t`Task ID`} wide>
            <span className="break-all font-mono text-xs font-normal text-zinc-300">{task.taskId}</span>
          </Field>
        </dl>
        <section className="grid gap-3">
          <SectionTitle>
            <Trans>Status timeline</Trans>
          </SectionTitle>
          <StatusTimeline task={task} />
        </section>
      </div>
    </details>
  );
}

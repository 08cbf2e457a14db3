import { useRef, type ReactNode } from "react";
import {
  Ban,
  CircleAlert,
  Download,
  FastForward,
  HardDriveDownload,
  LoaderCircle,
  RefreshCw,
  RotateCcw,
} from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { formatCredits, formatDateTime } from "@/lib/format";
import { StatusBadge } from "./status-badge";
import { useHdCheck } from "./use-hd-check";
import { useVideoDownload } from "./use-video-download";
import { TaskPreview } from "./video-frame";
import { UhdActions } from "./uhd-actions";
import { DeleteVideoButton, ShareSection } from "./share-section";
import { ExtendVideoButton } from "./extend-video-dialog";
import {
  createdViaLabel,
  failureText,
  HD_NOTE,
  imageLabels,
  isExtendable,
  isInProgress,
  isPastExtending,
  modeLabel,
  modelLabel,
  qualityLabel,
  sdUrl,
  shortTaskId,
} from "./video-display";

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

function refundedText(credits: number): string {
  return plural(credits, { one: "Your # credit was refunded.", other: "Your # credits were refunded." });
}

type StepState = "done" | "current" | "failed" | "upcoming";

/** Created -> generating -> completed/failed, with the times we know. */
function StatusTimeline({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const failed = task.status === "failed";
  const finished = task.status === "completed" || failed;
  const steps: { key: string; label: string; time: string; state: StepState }[] = [
    { key: "created", label: t`Created`, time: formatDateTime(task.createdAt), state: "done" },
    {
      key: "generating",
      label: t`Generating`,
      time: finished ? t`Done` : isInProgress(task.status) ? t`In progress` : t`Waiting`,
      state: finished ? "done" : "current",
    },
    failed
      ? { key: "failed", label: t`Failed`, time: formatDateTime(task.completedAt), state: "failed" }
      : {
          key: "completed",
          label: t`Completed`,
          time: task.status === "completed" ? formatDateTime(task.completedAt) : t`Not yet`,
          state: task.status === "completed" ? "done" : "upcoming",
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

function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{children}</h3>;
}

export interface VideoDetailsDialogProps {
  /** The task to show; null closes the dialog. */
  task: VideoTaskView | null;
  onClose: () => void;
  onRecreate: (task: VideoTaskView) => void;
  /** An extension of the shown video was started (the dialog closes): the generator follows it. */
  onExtended?: (task: VideoTaskView) => void;
}

/** 'Extend video' (decision 0050): offered while the video can be extended, disabled with the reason once its 1080p exists or is being made. */
function ExtendAction({ task, onStarted }: { task: VideoTaskView; onStarted: (extension: VideoTaskView) => void }) {
  if (isExtendable(task)) return <ExtendVideoButton task={task} onStarted={onStarted} />;
  if (!isPastExtending(task)) return null;
  return (
    <>
      <Button variant="outline" disabled aria-describedby="extend-unavailable-reason">
        <FastForward aria-hidden="true" />
        <Trans>Extend video</Trans>
      </Button>
      <p id="extend-unavailable-reason" className="text-xs leading-relaxed text-muted-foreground">
        <Trans>Videos can be extended only before their 1080p version is made</Trans>
      </p>
    </>
  );
}

/** The 'Video Details' dialog, shared by the generator and My Creations. */
export function VideoDetailsDialog({ task: openedTask, onClose, onRecreate, onExtended }: VideoDetailsDialogProps) {
  const { t } = useLingui();
  const { task, isChecking, check, release } = useHdCheck(openedTask);
  const createdAt = task ? formatDateTime(task.createdAt) : "";
  const { download, isDownloading } = useVideoDownload();
  // After Recreate the focus goes to the form, not back to the card that opened the dialog.
  const keepFocusAway = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <Dialog open={task !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {task ? (
        <DialogContent
          className="max-w-4xl gap-6 sm:p-7"
          onOpenAutoFocus={() => {
            keepFocusAway.current = false;
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // There is no Dialog trigger (cards open it): give the focus back to whatever opened it.
            event.preventDefault();
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (!keepFocusAway.current && target?.isConnected) target.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>
              <Trans>Video Details</Trans>
            </DialogTitle>
            <DialogDescription>
              {modelLabel(task.model)} · {modeLabel(task.mode)} · {task.aspectRatio} · {t`created ${createdAt}`}
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-6 md:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)]">
            <div className="grid content-start gap-5">
              <TaskPreview task={task} />
              {task.status === "failed" ? (
                <div
                  className="flex gap-2.5 rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200"
                  role="alert"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <p>
                    <span className="font-medium">
                      <Trans>Error:</Trans>{" "}
                    </span>
                    {/* The provider's reason as the server stored it (English), else ours. */}
                    {failureText(task.errorMessage)}
                    {task.refunded ? ` ${refundedText(task.creditsUsed)}` : ""}
                  </p>
                </div>
              ) : null}
              <section className="grid gap-2" aria-labelledby="video-details-prompt">
                <SectionTitle>
                  <span id="video-details-prompt">
                    <Trans>Prompt</Trans>
                  </span>
                </SectionTitle>
                <p className="whitespace-pre-wrap rounded-lg border border-border/70 bg-zinc-950/40 p-3 text-sm leading-relaxed text-zinc-100 [overflow-wrap:anywhere]">
                  {task.prompt}
                </p>
              </section>
              {task.imageUrls.length > 0 ? (
                <section className="grid gap-2">
                  <SectionTitle>
                    {task.imageUrls.length === 1 ? <Trans>Image</Trans> : <Trans>Images</Trans>}
                  </SectionTitle>
                  <ul className="flex flex-wrap gap-3">
                    {imageLabels(task).map((label, i) => (
                      <li key={`${i}-${task.imageUrls[i]}`} className="grid gap-1">
                        <img
                          src={task.imageUrls[i]}
                          alt={t`${label} of this video`}
                          className="h-24 w-auto max-w-full rounded-lg border border-border object-contain"
                        />
                        <span className="text-xs text-muted-foreground">{label}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <section className="grid gap-3">
                <SectionTitle>
                  <Trans>Status timeline</Trans>
                </SectionTitle>
                <StatusTimeline task={task} />
              </section>
            </div>

            <div className="grid content-start gap-5">
              <dl className="grid grid-cols-2 gap-2">
                <Field term={t`Model`}>{modelLabel(task.model)}</Field>
                <Field term={t`Mode`}>{modeLabel(task.mode)}</Field>
                <Field term={t`Aspect ratio`}>{task.aspectRatio}</Field>
                <Field term={t`Credits used`}>
                  {formatCredits(task.creditsUsed + (task.uhdStatus === "none" ? 0 : task.uhdCredits))}
                </Field>
                <Field term={t`Created via`}>{createdViaLabel(task.createdVia)}</Field>
                <Field term={t`Video quality`}>{task.status === "failed" ? "—" : qualityLabel(task)}</Field>
                <Field term={t`Seed`}>{task.seeds ?? t`Random`}</Field>
                <Field term={t`Status`}>
                  <StatusBadge status={task.status} />
                </Field>
                <Field term={t`Created`}>{formatDateTime(task.createdAt)}</Field>
                <Field term={t`Completed`}>{formatDateTime(task.completedAt)}</Field>
                {task.extendedFrom ? (
                  <Field term={t`Extended from`} wide>
                    <span className="font-mono text-xs font-normal text-zinc-300" title={task.extendedFrom}>
                      {shortTaskId(task.extendedFrom)}
                    </span>
                  </Field>
                ) : null}
                <Field term={t`Watermark`} wide>
                  <span className="[overflow-wrap:anywhere]">{task.watermark || t`None`}</span>
                </Field>
                <Field term={t`Task ID`} wide>
                  <span className="break-all font-mono text-xs font-normal text-zinc-300">{task.taskId}</span>
                </Field>
              </dl>

              <section
                className="grid gap-3 rounded-xl border border-border bg-zinc-950/40 p-4"
                aria-labelledby="video-details-actions"
              >
                <SectionTitle>
                  <span id="video-details-actions">
                    <Trans>Downloads &amp; Actions</Trans>
                  </span>
                </SectionTitle>
                <div className="grid gap-2">
                  <Button
                    onClick={() => {
                      keepFocusAway.current = true;
                      onRecreate(task);
                    }}
                  >
                    <RotateCcw aria-hidden="true" />
                    <Trans>Recreate Video</Trans>
                  </Button>
                  <ExtendAction
                    task={task}
                    onStarted={(extension) => {
                      onExtended?.(extension);
                      onClose();
                    }}
                  />
                  {task.status === "completed" && sdUrl(task) ? (
                    <Button
                      variant="secondary"
                      onClick={() => void download(task.taskId, "720p")}
                      aria-busy={isDownloading(task.taskId, "720p")}
                    >
                      {isDownloading(task.taskId, "720p") ? (
                        <LoaderCircle className="animate-spin" aria-hidden="true" />
                      ) : (
                        <Download aria-hidden="true" />
                      )}
                      <Trans>Download 720p</Trans>
                    </Button>
                  ) : null}
                  {task.status !== "completed" ? null : task.hdVideoUrl ? (
                    <Button
                      variant="secondary"
                      onClick={() => void download(task.taskId, "1080p")}
                      aria-busy={isDownloading(task.taskId, "1080p")}
                    >
                      {isDownloading(task.taskId, "1080p") ? (
                        <LoaderCircle className="animate-spin" aria-hidden="true" />
                      ) : (
                        <Download aria-hidden="true" />
                      )}
                      <Trans>Download 1080p HD</Trans>
                    </Button>
                  ) : task.hdStatus === "held" ? (
                    <>
                      <Button
                        variant="secondary"
                        onClick={() => release(task.taskId)}
                        disabled={isChecking}
                        aria-busy={isChecking}
                      >
                        {isChecking ? (
                          <LoaderCircle className="animate-spin" aria-hidden="true" />
                        ) : (
                          <HardDriveDownload aria-hidden="true" />
                        )}
                        <Trans>Make 1080p (ends extending)</Trans>
                      </Button>
                      <p className="text-xs leading-relaxed text-muted-foreground">
                        <Trans>1080p is held so you can extend this video.</Trans>
                      </p>
                    </>
                  ) : task.hdStatus !== "pending" ? (
                    <>
                      {task.hdStatus === "failed" ? (
                        <Button variant="outline" disabled>
                          <Ban aria-hidden="true" />
                          <Trans>1080p not available</Trans>
                        </Button>
                      ) : null}
                      <Button variant="ghost" onClick={() => check(task.taskId)} disabled={isChecking}>
                        <RefreshCw className={isChecking ? "animate-spin" : undefined} aria-hidden="true" />
                        <Trans>Check HD Status</Trans>
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button variant="outline" disabled>
                        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                        <Trans>Processing 1080p...</Trans>
                      </Button>
                      <Button variant="ghost" onClick={() => check(task.taskId)} disabled={isChecking}>
                        <RefreshCw className={isChecking ? "animate-spin" : undefined} aria-hidden="true" />
                        <Trans>Check HD Status</Trans>
                      </Button>
                      <p className="text-xs leading-relaxed text-muted-foreground">{t(HD_NOTE)}</p>
                    </>
                  )}
                  <UhdActions task={task} download={download} isDownloading={isDownloading} />
                  {isInProgress(task.status) ? (
                    <p className="text-xs text-muted-foreground">
                      <Trans>Downloads become available when the video is ready.</Trans>
                    </p>
                  ) : null}
                  <ShareSection key={task.taskId} task={task} />
                  <DeleteVideoButton key={`delete-${task.taskId}`} task={task} onDeleted={onClose} />
                </div>
              </section>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

import { useRef, type ReactNode } from "react";
import {
  Ban,
  ChevronRight,
  Download,
  FastForward,
  HardDriveDownload,
  LoaderCircle,
  RefreshCw,
  RotateCcw,
} from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
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
import { offers1080p, offersExtend } from "./model-options";
import { durationText, madeOptions, madeOptionsText, resolutionLabel } from "./option-text";
import {
  createdViaLabel,
  HD_NOTE,
  imageLabels,
  isExtendable,
  isInProgress,
  isPastExtending,
  isRefused,
  modeLabel,
  qualityLabel,
  sdUrl,
  shortTaskId,
} from "./video-display";
import { sameSiteUrl } from "@/lib/media-url";

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

/**
 * Created -> generating -> completed, with the times we know. A failed video goes from created to
 * failed (or refused, decision 0082) with no "Generating: Done" between: its reason is said once,
 * over the player.
 */
function StatusTimeline({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const completed = task.status === "completed";
  const created = { key: "created", label: t`Created`, time: formatDateTime(task.createdAt), state: "done" as const };
  const steps: { key: string; label: string; time: string; state: StepState }[] =
    task.status === "failed"
      ? [
          created,
          {
            key: "failed",
            label: isRefused(task) ? t`Refused` : t`Failed`,
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

/** Why Extend is greyed (decision 0077): said under the actions, named by the greyed button. */
const EXTEND_REASON_ID = "extend-unavailable-reason";

/**
 * 'Extend video' (decision 0050): offered while the video can be extended, else disabled with the
 * reason and what to do next time (decision 0077, the reason is ExtendUnavailableReason); never for
 * a model that makes no extension (issue 42).
 */
function ExtendAction({ task, onStarted }: { task: VideoTaskView; onStarted: (extension: VideoTaskView) => void }) {
  if (!offersExtend(task.model)) return null;
  if (isExtendable(task)) return <ExtendVideoButton task={task} onStarted={onStarted} />;
  if (!isPastExtending(task)) return null;
  return (
    <Button variant="outline" disabled aria-describedby={EXTEND_REASON_ID}>
      <FastForward aria-hidden="true" />
      <Trans>Extend video</Trans>
    </Button>
  );
}

function ExtendUnavailableReason({ task }: { task: VideoTaskView }) {
  if (!offersExtend(task.model) || isExtendable(task) || !isPastExtending(task)) return null;
  return (
    <div id={EXTEND_REASON_ID} className="grid gap-1 text-xs leading-relaxed text-muted-foreground">
      <p>
        <Trans>
          Extend is off because this video's 1080p version was made (or is being made): a video can be extended only
          before that.
        </Trans>
      </p>
      <p>
        <Trans>
          To extend a future video, open More options and tick Keep extendable before you generate, then make its 1080p
          version only once you are done extending.
        </Trans>
      </p>
    </div>
  );
}

/** A download button with its spinner while the file is fetched. */
function DownloadButton({
  busy,
  onClick,
  variant = "secondary",
  children,
}: {
  busy: boolean;
  onClick: () => void;
  variant?: "default" | "secondary";
  children: ReactNode;
}) {
  return (
    <Button variant={variant} onClick={onClick} aria-busy={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {children}
    </Button>
  );
}

/**
 * The 'Video Details' dialog, shared by the generator and My Creations (issue 38, decision 0082):
 * the player first, its actions (download, 4K, extend, recreate, share) right under it, the prompt
 * beside it, and the metadata folded under "Details". A failure's reason and its refund are said
 * once, over the player; a prompt the provider refused reads "Refused".
 */
export function VideoDetailsDialog({ task: openedTask, onClose, onRecreate, onExtended }: VideoDetailsDialogProps) {
  const { t } = useLingui();
  const { task, isChecking, check, release } = useHdCheck(openedTask);
  const createdAt = task ? formatDateTime(task.createdAt) : "";
  const made = madeOptions(task ?? { durationSeconds: null, resolution: null, audio: null });
  const madeResolution = resolutionLabel(made.resolution);
  const { download, isDownloading } = useVideoDownload();
  // After Recreate the focus goes to the form, not back to the card that opened the dialog.
  const keepFocusAway = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <Dialog open={task !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {task ? (
        <DialogContent
          className="max-w-5xl gap-4 sm:p-6"
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
            <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <StatusBadge status={task.status} failureKind={task.failureKind} />
              <span>
                {modelLabel(task.model)} · {modeLabel(task.mode)} · {task.aspectRatio} · {madeOptionsText(task)} ·{" "}
                {t`created ${createdAt}`}
              </span>
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-5 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
            <div className="grid min-w-0 content-start gap-3">
              <TaskPreview
                task={task}
                // A tall video leaves room for its actions on a laptop screen.
                className={task.aspectRatio === "9:16" ? "h-[min(26rem,52vh)]" : undefined}
                failureNote={task.status === "failed" && task.refunded ? refundedText(task.creditsUsed) : undefined}
                failureRole="alert"
              />
              <section className="grid gap-2" aria-label={t`Video actions`} data-testid="video-actions">
                {/* Buttons side by side; notes and panels (a <p> or <div>) take a row of their own. */}
                <div className="flex flex-wrap items-start gap-2 [&>div]:basis-full [&>p]:basis-full">
                  {task.status === "completed" && task.hdVideoUrl ? (
                    <DownloadButton
                      variant="default"
                      busy={isDownloading(task.taskId, "1080p")}
                      onClick={() => void download(task.taskId, "1080p")}
                    >
                      <Trans>Download 1080p HD</Trans>
                    </DownloadButton>
                  ) : null}
                  {task.status === "completed" && sdUrl(task) ? (
                    <DownloadButton
                      variant={task.hdVideoUrl ? "secondary" : "default"}
                      // The video as made ("720p" is the server's name for that file), at its own resolution.
                      busy={isDownloading(task.taskId, "720p")}
                      onClick={() => void download(task.taskId, "720p")}
                    >
                      <Trans>Download {madeResolution}</Trans>
                    </DownloadButton>
                  ) : null}
                  <UhdActions task={task} download={download} isDownloading={isDownloading} />
                  <ExtendAction
                    task={task}
                    onStarted={(extension) => {
                      onExtended?.(extension);
                      onClose();
                    }}
                  />
                  <Button
                    variant="secondary"
                    onClick={() => {
                      keepFocusAway.current = true;
                      onRecreate(task);
                    }}
                  >
                    <RotateCcw aria-hidden="true" />
                    <Trans>Recreate Video</Trans>
                  </Button>
                  {task.status !== "completed" || task.hdVideoUrl || !offers1080p(task.model) ? null : task.hdStatus ===
                    "held" ? (
                    <>
                      <Button
                        variant="outline"
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
                  <ExtendUnavailableReason task={task} />
                  {isInProgress(task.status) ? (
                    <p className="text-xs text-muted-foreground">
                      <Trans>Downloads become available when the video is ready.</Trans>
                    </p>
                  ) : null}
                </div>
                <ShareSection key={task.taskId} task={task} />
              </section>
            </div>

            <div className="grid min-w-0 content-start gap-4">
              <section className="grid gap-2" aria-labelledby="video-details-prompt">
                <SectionTitle>
                  <span id="video-details-prompt">
                    <Trans>Prompt</Trans>
                  </span>
                </SectionTitle>
                <p className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-lg border border-border/70 bg-zinc-950/40 p-3 text-sm leading-relaxed text-zinc-100 [overflow-wrap:anywhere]">
                  {task.prompt}
                </p>
              </section>
              {task.imageUrls.length > 0 ? (
                <section className="grid gap-2">
                  <SectionTitle>{t`${plural(task.imageUrls.length, { one: "Image", other: "Images" })}`}</SectionTitle>
                  <ul className="flex flex-wrap gap-3">
                    {imageLabels(task).map((label, i) => (
                      <li key={`${i}-${task.imageUrls[i]}`} className="grid gap-1">
                        <img
                          src={sameSiteUrl(task.imageUrls[i]) ?? undefined}
                          alt={t`${label} of this video`}
                          className="h-20 w-auto max-w-full rounded-lg border border-border object-contain"
                        />
                        <span className="text-xs text-muted-foreground">{label}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {/* The metadata, folded (closed on every opening): what most people never need. */}
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
                    <Field term={t`Video quality`}>
                      {task.status === "failed" ? "—" : qualityLabel(task, madeResolution)}
                    </Field>
                    <Field term={t`Seed`}>{task.seeds ?? t`Random`}</Field>
                    <Field term={t`Status`}>
                      <StatusBadge status={task.status} failureKind={task.failureKind} />
                    </Field>
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
                  <section className="grid gap-3">
                    <SectionTitle>
                      <Trans>Status timeline</Trans>
                    </SectionTitle>
                    <StatusTimeline task={task} />
                  </section>
                </div>
              </details>
              <DeleteVideoButton key={`delete-${task.taskId}`} task={task} onDeleted={onClose} />
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

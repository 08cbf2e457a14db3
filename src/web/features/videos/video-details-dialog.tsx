import { useRef } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "./status-badge";
import { useHdCheck } from "./use-hd-check";
import { TaskPreview } from "./video-frame";
import { DeleteVideoButton } from "./delete-video-button";
import { madeOptionsText } from "./option-text";
import { modeLabel } from "./video-display";
import { VideoActionsSection } from "./video-actions-section";
import { VideoInputs } from "./video-inputs-section";
import { VideoMetadata } from "./video-metadata";

function refundedText(credits: number): string {
  return plural(credits, { one: "Your # credit was refunded.", other: "Your # credits were refunded." });
}

export interface VideoDetailsDialogProps {
  /** The task to show; null closes the dialog. */
  task: VideoTaskView | null;
  onClose: () => void;
  onRecreate: (task: VideoTaskView) => void;
  /** An extension of the shown video was started (the dialog closes): the generator follows it. */
  onExtended?: (task: VideoTaskView) => void;
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
              <VideoActionsSection
                task={task}
                isChecking={isChecking}
                check={check}
                release={release}
                onExtended={(extension) => {
                  onExtended?.(extension);
                  onClose();
                }}
                onRecreate={() => {
                  keepFocusAway.current = true;
                  onRecreate(task);
                }}
              />
            </div>

            <div className="grid min-w-0 content-start gap-4">
              <VideoInputs task={task} />
              <VideoMetadata task={task} />
              <DeleteVideoButton key={`delete-${task.taskId}`} task={task} onDeleted={onClose} />
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

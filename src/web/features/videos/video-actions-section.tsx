import { Download, RotateCcw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { madeOptions, resolutionLabel } from "./option-text";
import { ShareSection } from "./share-section";
import { UhdActions } from "./uhd-actions";
import type { useHdCheck } from "./use-hd-check";
import { useVideoDownload } from "./use-video-download";
import { isInProgress, sdUrl } from "./video-display";
import { ExtendAction, ExtendUnavailableReason, JoinNote } from "./video-extend-action";
import { DownloadButton, HdActions } from "./video-hd-actions";
import { MakeFinalAction } from "./make-final-action";

type HdCheck = ReturnType<typeof useHdCheck>;

/**
 * The details dialog's actions, right under the player: downloads, 4K, make a draft final, extend, recreate, 1080p,
 * the notes that say why one is missing, and sharing.
 */
export function VideoActionsSection({
  task,
  isChecking,
  check,
  release,
  onExtended,
  onRecreate,
}: {
  task: VideoTaskView;
  isChecking: HdCheck["isChecking"];
  check: HdCheck["check"];
  release: HdCheck["release"];
  onExtended: (extension: VideoTaskView) => void;
  onRecreate: () => void;
}) {
  const { t } = useLingui();
  const { download, isDownloading } = useVideoDownload();
  const madeResolution = resolutionLabel(madeOptions(task).resolution);
  return (
    <section className="grid gap-2" aria-label={t`Video actions`} data-testid="video-actions">
      {/* Buttons side by side; notes and panels (a <p> or <div>) take a row of their own. */}
      <div className="flex flex-wrap items-start gap-2 [&>div]:basis-full [&>p]:basis-full">
        {task.status === "completed" && task.joinStatus === "ready" && task.joinedVideoUrl ? (
          // The whole video (decision 0159): the video it continues and this part, joined.
          <Button asChild>
            <a href={`${task.joinedVideoUrl}?download=1`} download data-testid="download-joined">
              <Download aria-hidden="true" />
              <Trans>Download the whole video</Trans>
            </a>
          </Button>
        ) : null}
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
        <MakeFinalAction task={task} onStarted={onExtended} />
        <ExtendAction task={task} onStarted={onExtended} />
        <Button variant="secondary" onClick={onRecreate}>
          <RotateCcw aria-hidden="true" />
          <Trans>Recreate Video</Trans>
        </Button>
        <HdActions task={task} isChecking={isChecking} check={check} release={release} />
        <ExtendUnavailableReason task={task} />
        <JoinNote task={task} />
        {isInProgress(task.status) ? (
          <p className="text-xs text-muted-foreground">
            <Trans>Downloads become available when the video is ready.</Trans>
          </p>
        ) : null}
      </div>
      <ShareSection key={task.taskId} task={task} />
    </section>
  );
}

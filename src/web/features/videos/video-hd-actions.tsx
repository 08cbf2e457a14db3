/** The 1080p version's actions in the details dialog: make it, follow it, or say why it is not there. */
import type { ReactNode } from "react";
import { Ban, Download, HardDriveDownload, LoaderCircle, RefreshCw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { offers1080p } from "./model-options";
import { HD_NOTE } from "./video-display";

/** A download button with its spinner while the file is fetched. */
export function DownloadButton({
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

export function HdActions(props: {
  task: VideoTaskView;
  isChecking: boolean;
  check: (taskId: string) => void;
  release: (taskId: string) => void;
}) {
  const { task, isChecking, check, release } = props;
  const { t } = useLingui();
  // Paid with welcome credits while the admin marks them (decision 0155): no 1080p, nor 4K.
  if (task.welcomeMarked && task.status === "completed" && !task.hdVideoUrl)
    return (
      <p className="text-xs leading-relaxed text-muted-foreground" data-testid="welcome-marked">
        <Trans>
          Made with welcome credits: this video is 720p with a watermark, and has no 1080p or 4K version. Videos paid
          with bought credits have neither limit.
        </Trans>
      </p>
    );
  return (
    <>
      {task.status !== "completed" || task.hdVideoUrl || !offers1080p(task.model) ? null : task.hdStatus === "held" ? (
        <>
          <Button variant="outline" onClick={() => release(task.taskId)} disabled={isChecking} aria-busy={isChecking}>
            {isChecking ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <HardDriveDownload aria-hidden="true" />
            )}
            <Trans>Make 1080p</Trans>
          </Button>
          <p className="text-xs leading-relaxed text-muted-foreground">
            <Trans>
              1080p is held so Veo can continue this video itself. Once it is made, the video is extended from its last
              frame.
            </Trans>
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
    </>
  );
}

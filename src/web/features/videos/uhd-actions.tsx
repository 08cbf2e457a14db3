import { Ban, Download, LoaderCircle, Sparkles } from "lucide-react";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import type { DownloadQuality } from "./video-api";
import { useUpgrade4k } from "./use-upgrade-4k";
import { useFourKPrice } from "./use-web-prices";
import { creditsText, UHD_NOTE } from "./video-display";

export interface UhdActionsProps {
  task: VideoTaskView;
  download: (taskId: string, quality: DownloadQuality) => Promise<void>;
  isDownloading: (taskId: string, quality: DownloadQuality) => boolean;
}

/**
 * The 4K part of 'Downloads & Actions' (decision 0049): buy the upgrade of a finished video, follow
 * it while it is made (the task lists, kept current by live updates, bring each change), download
 * it, or learn why it could not be made and that it was refunded.
 */
export function UhdActions({ task, download, isDownloading }: UhdActionsProps) {
  const price = useFourKPrice();
  const { upgrade, isUpgrading } = useUpgrade4k();

  switch (task.uhdStatus) {
    case "none": {
      if (task.status !== "completed" || task.videoExpired) return null;
      const busy = isUpgrading(task.taskId);
      return (
        <Button variant="secondary" onClick={() => upgrade(task.taskId)} disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          Upgrade to 4K ({creditsText(price)})
        </Button>
      );
    }
    case "requested":
    case "pending":
      return (
        <>
          <Button variant="outline" disabled>
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Processing 4K...
          </Button>
          <p className="text-xs leading-relaxed text-muted-foreground">
            {task.uhdStatus === "requested" ? `The 4K version is made once the video is ready. ${UHD_NOTE}` : UHD_NOTE}
          </p>
        </>
      );
    case "ready":
      if (!task.uhdVideoUrl) return null;
      return (
        <Button variant="secondary" onClick={() => void download(task.taskId, "4k")} aria-busy={isDownloading(task.taskId, "4k")}>
          {isDownloading(task.taskId, "4k") ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          Download 4K
        </Button>
      );
    case "failed":
      return (
        <>
          <Button variant="outline" disabled>
            <Ban aria-hidden="true" />
            4K not available
          </Button>
          <p className="text-xs leading-relaxed text-muted-foreground" data-testid="uhd-error">
            {task.uhdError ? `${task.uhdError}${/[.!?]$/.test(task.uhdError) ? "" : "."} ` : ""}Your credits were refunded.
          </p>
        </>
      );
    default:
      return null;
  }
}

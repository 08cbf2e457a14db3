import { Ban, Download, LoaderCircle, Sparkles } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { surchargeCost } from "../../../shared/prices";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import type { DownloadQuality } from "./video-api";
import { offers4k } from "./model-options";
import { useUpgrade4k } from "./use-upgrade-4k";
import { useWebPriceTable } from "./use-web-prices";
import { creditsText, UHD_NOTE } from "./video-display";

export interface UhdActionsProps {
  task: VideoTaskView;
  download: (taskId: string, quality: DownloadQuality) => Promise<void>;
  isDownloading: (taskId: string, quality: DownloadQuality) => boolean;
}

/**
 * The 4K part of 'Downloads & Actions' (decision 0049): buy the upgrade of a finished video, follow
 * it while it is made (the task lists, kept current by live updates, bring each change), download
 * it, or learn why it could not be made and that it was refunded. The upgrade is sold only for a
 * model whose upgrades include 4K (issue 42: Veo; the view does not say which vendor made it).
 */
export function UhdActions({ task, download, isDownloading }: UhdActionsProps) {
  const { t } = useLingui();
  const price = surchargeCost(useWebPriceTable(), "4k", "web");
  const priceText = creditsText(price);
  const uhdNote = t(UHD_NOTE);
  const { upgrade, isUpgrading } = useUpgrade4k();

  switch (task.uhdStatus) {
    case "none": {
      // A video paid with welcome credits stays 720p (decision 0155): HdActions says so.
      if (task.status !== "completed" || task.videoExpired || task.welcomeMarked || !offers4k(task.model)) return null;
      const busy = isUpgrading(task.taskId);
      return (
        <Button variant="secondary" onClick={() => upgrade(task.taskId)} disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          <Trans>Upgrade to 4K ({priceText})</Trans>
        </Button>
      );
    }
    case "requested":
    case "pending":
      return (
        <>
          <Button variant="outline" disabled>
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            <Trans>Processing 4K...</Trans>
          </Button>
          <p className="text-xs leading-relaxed text-muted-foreground">
            {task.uhdStatus === "requested" ? t`The 4K version is made once the video is ready. ${uhdNote}` : uhdNote}
          </p>
        </>
      );
    case "ready":
      if (!task.uhdVideoUrl) return null;
      return (
        <Button
          variant="secondary"
          onClick={() => void download(task.taskId, "4k")}
          aria-busy={isDownloading(task.taskId, "4k")}
        >
          {isDownloading(task.taskId, "4k") ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          <Trans>Download 4K</Trans>
        </Button>
      );
    case "failed":
      return (
        <>
          <Button variant="outline" disabled>
            <Ban aria-hidden="true" />
            <Trans>4K not available</Trans>
          </Button>
          <p className="text-xs leading-relaxed text-muted-foreground" data-testid="uhd-error">
            {/* The server's reason (stored with the task, in English), then the refund in the active language. */}
            {task.uhdError ? `${task.uhdError}${/[.!?]$/.test(task.uhdError) ? "" : "."} ` : ""}
            <Trans>Your credits were refunded.</Trans>
          </p>
        </>
      );
    default:
      return null;
  }
}

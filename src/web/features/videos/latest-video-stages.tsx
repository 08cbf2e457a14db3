import { Bell, LoaderCircle } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { ElapsedClock } from "./generation-progress";
import { useNotificationPermission } from "./use-finish-notice";

/** 'Tell me when it is ready': asks for the browser's permission, only when clicked. */
export function NotifyButton() {
  const { permission, ask } = useNotificationPermission();
  if (permission !== "default") return null;
  return (
    <Button variant="outline" size="sm" className="w-fit justify-self-center" onClick={ask}>
      <Bell aria-hidden="true" />
      <Trans>Notify me when videos are ready</Trans>
    </Button>
  );
}

/** Making 1080p after the 720p video is ready, with the time it has taken so far. */
export function HdStage({ task }: { task: VideoTaskView }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <p role="status">
        <Trans>Making the 1080p version; the 720p video is ready to watch.</Trans>
      </p>
      <ElapsedClock since={task.completedAt} />
    </div>
  );
}

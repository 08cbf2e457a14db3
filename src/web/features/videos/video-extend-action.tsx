import { FastForward } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { ExtendVideoButton } from "./extend-video-dialog";
import { offersExtend } from "./model-options";
import { isExtendable, isPastExtending } from "./video-display";

/** Why Extend is greyed (decision 0077): said under the actions, named by the greyed button. */
const EXTEND_REASON_ID = "extend-unavailable-reason";

/**
 * 'Extend video' (decision 0050): offered while the video can be extended, else disabled with the
 * reason and what to do next time (decision 0077, the reason is ExtendUnavailableReason); never for
 * a model that makes no extension (issue 42).
 */
export function ExtendAction({
  task,
  onStarted,
}: {
  task: VideoTaskView;
  onStarted: (extension: VideoTaskView) => void;
}) {
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

export function ExtendUnavailableReason({ task }: { task: VideoTaskView }) {
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

import { Trans } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { ExtendVideoButton } from "./extend-video-dialog";
import { extendReasonText } from "./extend-reason-texts";
import { useExtendOptions } from "./use-extend-options";

/**
 * 'Extend video' (decisions 0050, 0159): a live button on every finished video the server says can
 * be extended (by Veo itself or from its last frame); nothing while it is being asked.
 */
export function ExtendAction({
  task,
  onStarted,
}: {
  task: VideoTaskView;
  onStarted: (extension: VideoTaskView) => void;
}) {
  const { data } = useExtendOptions(task);
  if (task.status !== "completed" || !data?.method) return null;
  return <ExtendVideoButton task={task} options={data} onStarted={onStarted} />;
}

/** Where a finished video truly cannot be extended: one line saying why, and no button. */
export function ExtendUnavailableReason({ task }: { task: VideoTaskView }) {
  const { data } = useExtendOptions(task);
  if (task.status !== "completed" || !data || data.method) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="extend-unavailable">
      {extendReasonText(data.reasonCode) ?? data.reason}
    </p>
  );
}

/** A last-frame extension's joining to the video it continues (decision 0159), while it matters: one line. */
export function JoinNote({ task }: { task: Pick<VideoTaskView, "status" | "extendMethod" | "joinStatus"> }) {
  if (task.status !== "completed" || task.extendMethod !== "last_frame") return null;
  if (task.joinStatus === "pending")
    return (
      <p className="text-xs text-muted-foreground" data-testid="join-note">
        <Trans>Joining this part to the video it continues; until then the player shows the new part.</Trans>
      </p>
    );
  if (task.joinStatus === "failed")
    return (
      <p className="text-xs text-muted-foreground" data-testid="join-note">
        <Trans>The two parts could not be joined: the player shows the new part alone.</Trans>
      </p>
    );
  return null;
}

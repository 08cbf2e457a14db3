import { Trans } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { madeOptions, resolutionLabel } from "./option-text";

/** The badges in a card's top left corner: its quality (4K, HD or the made resolution), Draft, Extended, API. */
export function VideoCardBadges({ task }: { task: VideoTaskView }) {
  const hasVideo = task.status === "completed" && (task.resultUrls.length > 0 || task.hdVideoUrl);
  return (
    <span className="absolute left-2 top-2 flex flex-wrap gap-1">
      {task.uhdVideoUrl ? (
        <Badge variant="default" className="bg-fuchsia-600/80 text-white backdrop-blur">
          4K
        </Badge>
      ) : task.hdVideoUrl ? (
        <Badge variant="default" className="bg-violet-600/80 text-white backdrop-blur">
          HD
        </Badge>
      ) : hasVideo ? (
        <Badge variant="secondary" className="bg-black/60 backdrop-blur">
          {resolutionLabel(madeOptions(task).resolution)}
        </Badge>
      ) : null}
      {task.draftOf ? (
        <Badge variant="secondary" className="bg-black/60 text-lime-200 backdrop-blur" data-testid="draft-badge">
          <Trans>Draft</Trans>
        </Badge>
      ) : null}
      {task.extendedFrom ? (
        <Badge variant="secondary" className="bg-black/60 text-amber-200 backdrop-blur">
          <Trans>Extended</Trans>
        </Badge>
      ) : null}
      {task.createdVia === "api" ? (
        <Badge variant="secondary" className="bg-black/60 text-sky-200 backdrop-blur">
          API
        </Badge>
      ) : null}
    </span>
  );
}

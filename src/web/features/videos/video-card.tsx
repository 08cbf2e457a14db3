import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { formatDateTime, truncateText } from "@/lib/format";
import { FailedVideoCard } from "./failed-video-card";
import { StatusBadge } from "./status-badge";
import {
  isCardChecked,
  SelectionMark,
  VideoCardButton,
  type CardSelection,
  type VideoCardProps,
} from "./video-card-button";
import { VideoCardBadges } from "./video-card-badges";
import { CARD_PROMPT_MAX, modeLabel } from "./video-display";
import { VideoThumbnail } from "./video-thumbnail";

/** A task in a grid; the whole card opens the details dialog (or, selecting, selects it). */
function VideoCard({ task, onOpen, selection }: VideoCardProps) {
  if (task.status === "failed" && !task.videoExpired)
    return <FailedVideoCard task={task} onOpen={onOpen} selection={selection} />;
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  return (
    <VideoCardButton
      task={task}
      onOpen={onOpen}
      selection={selection}
      className="h-full border-border hover:-translate-y-0.5 hover:shadow-violet-950/40 motion-reduce:hover:translate-y-0"
    >
      {selection ? <SelectionMark checked={isCardChecked(task, selection)} /> : null}
      <span className="relative block aspect-video w-full overflow-hidden bg-black">
        <VideoThumbnail task={task} />
        <VideoCardBadges task={task} />
        <StatusBadge
          status={task.status}
          failureKind={task.failureKind}
          className="absolute right-2 top-2 bg-black/60"
        />
      </span>
      <span className="flex flex-1 flex-col gap-1.5 p-2.5 sm:p-3.5">
        <span className="flex items-center justify-between gap-2 text-xs">
          <span className="truncate font-medium text-violet-200">
            {modelLabel(task.model)} <span className="font-normal text-muted-foreground">· {modeLabel(task.mode)}</span>
          </span>
          <span className="shrink-0 text-muted-foreground">{task.aspectRatio}</span>
        </span>
        <span
          className="line-clamp-2 min-h-10 text-sm leading-5 text-zinc-200 [overflow-wrap:anywhere]"
          title={task.prompt}
        >
          {prompt}
        </span>
        <span className="mt-auto text-xs text-muted-foreground">{formatDateTime(task.createdAt)}</span>
      </span>
    </VideoCardButton>
  );
}

/**
 * Responsive grid: 2 columns on phones, 3 on tablets, 4 from 1024 px. Rows align at the top, so a
 * failed video's compact card stays small beside full tiles.
 */
export function VideoGrid({
  tasks,
  onOpen,
  selection,
  className,
}: {
  tasks: readonly VideoTaskView[];
  onOpen: (task: VideoTaskView) => void;
  selection?: CardSelection;
  className?: string;
}) {
  return (
    <ul className={cn("grid grid-cols-2 items-start gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4", className)}>
      {tasks.map((task) => (
        <li key={task.taskId} className="min-w-0">
          <VideoCard task={task} onOpen={onOpen} selection={selection} />
        </li>
      ))}
    </ul>
  );
}

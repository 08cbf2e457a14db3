import { CircleAlert, Clapperboard, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatDateTime, truncateText } from "@/lib/format";
import { StatusBadge } from "./status-badge";
import { CARD_PROMPT_MAX, isInProgress, modeLabel, modelLabel, sdUrl, VIDEO_EXPIRED_MESSAGE } from "./video-display";

/** The card's picture: the 720p video itself (metadata only), in a fixed 16:9 box. */
function Thumbnail({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const url = task.status === "completed" ? (sdUrl(task) ?? task.hdVideoUrl) : null;
  if (url) {
    return (
      <video
        src={`${url}#t=1`}
        preload="metadata"
        muted
        playsInline
        aria-hidden="true"
        className={cn(
          "absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.03]",
          task.aspectRatio === "9:16" ? "object-contain" : "object-cover",
        )}
      />
    );
  }
  if (task.videoExpired) {
    return (
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-zinc-950/70 p-3 text-center">
        <CircleAlert className="size-6 text-amber-300" aria-hidden="true" />
        <span className="text-xs font-medium text-zinc-200">{t(VIDEO_EXPIRED_MESSAGE)}</span>
      </span>
    );
  }
  const Icon = task.status === "failed" ? CircleAlert : isInProgress(task.status) ? LoaderCircle : Clapperboard;
  return (
    <span
      className={cn(
        "absolute inset-0 flex items-center justify-center",
        task.status === "failed"
          ? "bg-red-950/25"
          : "bg-gradient-to-br from-violet-950/50 via-zinc-950 to-fuchsia-950/30",
      )}
    >
      <Icon
        className={cn(
          "size-7",
          task.status === "failed" ? "text-red-400/80" : "text-violet-300/80",
          isInProgress(task.status) && "animate-spin motion-reduce:animate-none",
        )}
        aria-hidden="true"
      />
    </span>
  );
}

/** A task in a grid; the whole card opens the details dialog. */
export function VideoCard({ task, onOpen }: { task: VideoTaskView; onOpen: (task: VideoTaskView) => void }) {
  const { t } = useLingui();
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  const hasVideo = task.status === "completed" && (task.resultUrls.length > 0 || task.hdVideoUrl);
  return (
    <button
      type="button"
      onClick={() => onOpen(task)}
      aria-label={t`View details: ${prompt}`}
      className="group flex h-full w-full flex-col overflow-hidden rounded-xl border border-border bg-surface/80 text-left shadow-lg shadow-black/20 transition-all duration-150 hover:-translate-y-0.5 hover:border-violet-500/40 hover:shadow-violet-950/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:hover:translate-y-0"
    >
      <span className="relative block aspect-video w-full overflow-hidden bg-black">
        <Thumbnail task={task} />
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
              720p
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
        <StatusBadge status={task.status} className="absolute right-2 top-2 bg-black/60" />
      </span>
      <span className="flex flex-1 flex-col gap-1.5 p-3.5">
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
    </button>
  );
}

/** Responsive grid: 1 column on phones, 2 from 480 px, 3 on tablets, 4 from 1024 px. */
export function VideoGrid({
  tasks,
  onOpen,
  className,
}: {
  tasks: readonly VideoTaskView[];
  onOpen: (task: VideoTaskView) => void;
  className?: string;
}) {
  return (
    <ul className={cn("grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4", className)}>
      {tasks.map((task) => (
        <li key={task.taskId}>
          <VideoCard task={task} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

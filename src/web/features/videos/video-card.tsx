import { Ban, Check, CircleAlert, Clapperboard, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatDateTime, truncateText } from "@/lib/format";
import { madeOptions, resolutionLabel } from "./option-text";
import { StatusBadge } from "./status-badge";
import {
  CARD_PROMPT_MAX,
  failureText,
  isInProgress,
  isRefused,
  modeLabel,
  sdUrl,
  VIDEO_EXPIRED_MESSAGE,
} from "./video-display";

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

/** In the gallery's selection mode: a card is a checkbox (decision 0080). */
export interface CardSelection {
  selected: ReadonlySet<string>;
  onToggle: (task: VideoTaskView) => void;
}

const CARD_CLASS =
  "group relative flex w-full flex-col overflow-hidden rounded-xl border bg-surface/80 text-left shadow-lg shadow-black/20 transition-all duration-150 hover:border-violet-500/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** The card's button: opens the details, or (selecting) toggles the task, announced as a checkbox. */
function cardButtonProps(task: VideoTaskView, onOpen: (task: VideoTaskView) => void, selection?: CardSelection) {
  if (!selection) return { type: "button" as const, onClick: () => onOpen(task) };
  return {
    type: "button" as const,
    role: "checkbox",
    "aria-checked": selection.selected.has(task.taskId),
    onClick: () => selection.onToggle(task),
  };
}

/** The tick in a card's corner while selecting. */
function SelectionMark({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "absolute bottom-2 right-2 z-10 flex size-6 items-center justify-center rounded-md border-2 shadow",
        checked ? "border-violet-400 bg-violet-600 text-white" : "border-zinc-300 bg-black/60",
      )}
    >
      {checked ? <Check className="size-4" /> : null}
    </span>
  );
}

/**
 * A failed (or refused) video: no picture to show, so a small card with the reason instead of a
 * full-size tile (decision 0080).
 */
function FailedCard({
  task,
  onOpen,
  selection,
}: {
  task: VideoTaskView;
  onOpen: (task: VideoTaskView) => void;
  selection?: CardSelection;
}) {
  const { t } = useLingui();
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  const checked = selection?.selected.has(task.taskId) ?? false;
  // A prompt the provider refused for its content reads "Refused", in amber (decision 0082).
  const refused = isRefused(task);
  return (
    <button
      {...cardButtonProps(task, onOpen, selection)}
      aria-label={selection ? t`Select: ${prompt}` : t`View details: ${prompt}`}
      data-compact="true"
      data-refused={refused ? "true" : undefined}
      className={cn(
        CARD_CLASS,
        "gap-1.5 p-3",
        refused ? "border-amber-900/50 bg-amber-950/15" : "border-red-900/50 bg-red-950/15",
        checked ? "border-violet-400 ring-2 ring-violet-500/60" : "",
      )}
    >
      <span
        className={cn("flex items-center gap-1.5 text-xs font-semibold", refused ? "text-amber-300" : "text-red-300")}
      >
        {refused ? (
          <Ban className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        )}
        {refused ? <Trans>Refused</Trans> : <Trans>Failed</Trans>}
        <span className="ml-auto truncate font-normal text-muted-foreground">{modelLabel(task.model)}</span>
      </span>
      <span
        className={cn(
          "line-clamp-2 text-xs leading-4 [overflow-wrap:anywhere]",
          refused ? "text-amber-100/80" : "text-red-200/80",
        )}
      >
        {failureText(task.errorMessage)}
      </span>
      <span className="line-clamp-1 text-sm text-zinc-300 [overflow-wrap:anywhere]" title={task.prompt}>
        {prompt}
      </span>
      <span className="pr-7 text-xs text-muted-foreground">{formatDateTime(task.createdAt)}</span>
      {selection ? <SelectionMark checked={checked} /> : null}
    </button>
  );
}

/** A task in a grid; the whole card opens the details dialog (or, selecting, selects it). */
function VideoCard({
  task,
  onOpen,
  selection,
}: {
  task: VideoTaskView;
  onOpen: (task: VideoTaskView) => void;
  selection?: CardSelection;
}) {
  const { t } = useLingui();
  if (task.status === "failed" && !task.videoExpired)
    return <FailedCard task={task} onOpen={onOpen} selection={selection} />;
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  const hasVideo = task.status === "completed" && (task.resultUrls.length > 0 || task.hdVideoUrl);
  const checked = selection?.selected.has(task.taskId) ?? false;
  return (
    <button
      {...cardButtonProps(task, onOpen, selection)}
      aria-label={selection ? t`Select: ${prompt}` : t`View details: ${prompt}`}
      className={cn(
        CARD_CLASS,
        "h-full border-border hover:-translate-y-0.5 hover:shadow-violet-950/40 motion-reduce:hover:translate-y-0",
        checked ? "border-violet-400 ring-2 ring-violet-500/60" : "",
      )}
    >
      {selection ? <SelectionMark checked={checked} /> : null}
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
              {resolutionLabel(madeOptions(task).resolution)}
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
    </button>
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

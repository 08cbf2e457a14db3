import { Ban, CircleAlert } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { modelLabel } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { formatDateTime, truncateText } from "@/lib/format";
import { isCardChecked, SelectionMark, VideoCardButton, type VideoCardProps } from "./video-card-button";
import { CARD_PROMPT_MAX, failureText, isRefused } from "./video-display";

/**
 * A failed (or refused) video: no picture to show, so a small card with the reason instead of a
 * full-size tile (decision 0080).
 */
export function FailedVideoCard({ task, onOpen, selection }: VideoCardProps) {
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  // A prompt the provider refused for its content reads "Prompt declined", in amber (decisions 0082, 0163).
  const refused = isRefused(task);
  return (
    <VideoCardButton
      task={task}
      onOpen={onOpen}
      selection={selection}
      data={{ "data-compact": "true", "data-refused": refused ? "true" : undefined }}
      className={cn("gap-1.5 p-3", refused ? "border-amber-900/50 bg-amber-950/15" : "border-red-900/50 bg-red-950/15")}
    >
      <span
        className={cn("flex items-center gap-1.5 text-xs font-semibold", refused ? "text-amber-300" : "text-red-300")}
      >
        {refused ? (
          <Ban className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        )}
        {refused ? <Trans>Prompt declined</Trans> : <Trans>Failed</Trans>}
        <span className="ml-auto truncate font-normal text-muted-foreground">{modelLabel(task.model)}</span>
      </span>
      <span
        className={cn(
          "line-clamp-2 text-xs leading-4 [overflow-wrap:anywhere]",
          refused ? "text-amber-100/80" : "text-red-200/80",
        )}
      >
        {failureText(task.errorMessage, task.model, task.failureKind)}
      </span>
      <span className="line-clamp-1 text-sm text-zinc-300 [overflow-wrap:anywhere]" title={task.prompt}>
        {prompt}
      </span>
      <span className="pr-7 text-xs text-muted-foreground">{formatDateTime(task.createdAt)}</span>
      {selection ? <SelectionMark checked={isCardChecked(task, selection)} /> : null}
    </VideoCardButton>
  );
}

import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { cn } from "@/lib/cn";
import { truncateText } from "@/lib/format";
import { CARD_PROMPT_MAX } from "./video-display";

/** In the gallery's selection mode: a card is a checkbox (decision 0080). */
export interface CardSelection {
  selected: ReadonlySet<string>;
  onToggle: (task: VideoTaskView) => void;
}

const CARD_CLASS =
  "group relative flex w-full flex-col overflow-hidden rounded-xl border bg-surface/80 text-left shadow-lg shadow-black/20 transition-all duration-150 hover:border-violet-500/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** Whether the card of `task` is ticked in the selection (never outside the selection mode). */
export function isCardChecked(task: VideoTaskView, selection?: CardSelection): boolean {
  return selection?.selected.has(task.taskId) ?? false;
}

/** The tick in a card's corner while selecting. */
export function SelectionMark({ checked }: { checked: boolean }) {
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

/** A card of the grid: its task, what opening it does, and the selection while selecting. */
export interface VideoCardProps {
  task: VideoTaskView;
  onOpen: (task: VideoTaskView) => void;
  selection?: CardSelection | undefined;
}

export interface VideoCardButtonProps extends VideoCardProps {
  /** The card's own look; the frame, focus ring and ticked ring are added. */
  className: string;
  /** Marks for the browser tests and styles (data-compact, data-refused). */
  data?: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}

/**
 * A card's button: opens the details, or (selecting) toggles the task, announced as a checkbox
 * named after the task's prompt.
 */
export function VideoCardButton({ task, onOpen, selection, className, data, children }: VideoCardButtonProps) {
  const { t } = useLingui();
  const prompt = truncateText(task.prompt, CARD_PROMPT_MAX);
  const behaviour = selection
    ? { role: "checkbox", "aria-checked": isCardChecked(task, selection), onClick: () => selection.onToggle(task) }
    : { onClick: () => onOpen(task) };
  return (
    <button
      type="button"
      {...behaviour}
      aria-label={selection ? t`Select: ${prompt}` : t`View details: ${prompt}`}
      {...data}
      className={cn(
        CARD_CLASS,
        className,
        isCardChecked(task, selection) ? "border-violet-400 ring-2 ring-violet-500/60" : "",
      )}
    >
      {children}
    </button>
  );
}

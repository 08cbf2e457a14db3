import { cn } from "@/lib/cn";

/**
 * A segmented control's look, shared by the tabs and the toggle group: a row of equal options in a
 * dark well, the chosen one raised.
 */
export const SEGMENTED_LIST =
  "grid auto-cols-fr grid-flow-col gap-1 rounded-xl border border-border bg-zinc-950/60 p-1";

export const SEGMENTED_ITEM = cn(
  "inline-flex h-9 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-all",
  "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
);

import { cn } from "@/lib/cn";

/**
 * A segmented control's look, shared by the tabs and the toggle group: a row of equal options in a
 * dark well, the chosen one raised (Radix marks it data-state="active" in tabs, "on" in a toggle group).
 */
export const SEGMENTED_LIST =
  "grid auto-cols-fr grid-flow-col gap-1 rounded-xl border border-border bg-zinc-950/60 p-1";

const SEGMENTED_ITEM = cn(
  "inline-flex h-9 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-all",
  "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
);

export const SEGMENTED_TAB = cn(
  SEGMENTED_ITEM,
  "data-[state=active]:bg-surface-raised data-[state=active]:text-foreground data-[state=active]:shadow-md data-[state=active]:shadow-black/30",
);

export const SEGMENTED_TOGGLE = cn(
  SEGMENTED_ITEM,
  "[&_svg]:size-4 disabled:pointer-events-none disabled:opacity-50",
  "data-[state=on]:bg-surface-raised data-[state=on]:text-foreground data-[state=on]:shadow-md data-[state=on]:shadow-black/30",
);

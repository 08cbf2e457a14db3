import { cn } from "@/lib/cn";

/** The Admin menu's button looks like the header's links beside it: in the bar, or in the phone's menu. */
export type AdminMenuPlace = "desktop" | "mobile";

export function adminMenuTriggerClass(place: AdminMenuPlace, current: boolean): string {
  return cn(
    "inline-flex items-center gap-1.5 rounded-lg font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60",
    place === "desktop" ? "whitespace-nowrap px-3 py-2 text-sm lg:max-xl:px-2" : "w-full gap-3 px-3 py-3 text-base",
    current
      ? "bg-surface-raised text-foreground"
      : place === "desktop"
        ? "text-muted-foreground hover:bg-surface-raised/60 hover:text-foreground"
        : "text-zinc-300 hover:bg-surface-raised hover:text-foreground",
  );
}

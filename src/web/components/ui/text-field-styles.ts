import { cn } from "@/lib/cn";

/** How a text field (Input, Textarea) answers hover, focus, an invalid value and being disabled. */
export const TEXT_FIELD_STATES = cn(
  "placeholder:text-zinc-500 hover:border-zinc-600",
  "focus-visible:border-violet-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
  "aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:ring-destructive/40",
  "disabled:cursor-not-allowed disabled:opacity-50",
);

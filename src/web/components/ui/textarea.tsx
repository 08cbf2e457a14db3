import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-28 w-full resize-y rounded-lg border border-border bg-zinc-950/60 px-3.5 py-2.5 text-sm leading-relaxed text-foreground shadow-inner shadow-black/20 transition-colors",
        "placeholder:text-zinc-500 hover:border-zinc-600",
        "focus-visible:border-violet-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
        "aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:ring-destructive/40",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

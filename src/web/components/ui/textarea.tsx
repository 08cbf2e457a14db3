import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { TEXT_FIELD_STATES } from "./text-field-styles";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-28 w-full resize-y rounded-lg border border-border bg-zinc-950/60 px-3.5 py-2.5 text-sm leading-relaxed text-foreground shadow-inner shadow-black/20 transition-colors",
        TEXT_FIELD_STATES,
        className,
      )}
      {...props}
    />
  );
}

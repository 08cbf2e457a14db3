import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { TEXT_FIELD_STATES } from "./text-field-styles";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-11 w-full rounded-lg border border-border bg-zinc-950/60 px-3.5 py-2 text-sm text-foreground shadow-inner shadow-black/20 transition-colors",
        TEXT_FIELD_STATES,
        className,
      )}
      {...props}
    />
  );
}

import type { ReactNode } from "react";
import { ChevronRight, LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

interface ProviderOptionProps {
  icon: ReactNode;
  title: string;
  caption: string;
  onClick: () => void;
  busy?: boolean;
  disabled?: boolean;
  expanded?: boolean;
}

/** One payment provider as a large, keyboard-friendly choice. */
export function ProviderOption({ icon, title, caption, onClick, busy, disabled, expanded }: ProviderOptionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-expanded={expanded}
      className={cn(
        "group flex w-full items-center gap-3 rounded-xl border border-border bg-surface-raised/60 p-3.5 text-left transition-colors sm:p-4",
        "hover:border-violet-500/50 hover:bg-surface-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        "disabled:cursor-not-allowed disabled:opacity-60",
        expanded && "border-violet-500/50 bg-surface-raised",
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-border bg-zinc-950/60 [&_svg]:size-5">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-foreground">{title}</span>
        <span className="block text-xs text-muted-foreground">{caption}</span>
      </span>
      {busy ? (
        <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
      ) : (
        <ChevronRight
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-90")}
          aria-hidden="true"
        />
      )}
    </button>
  );
}

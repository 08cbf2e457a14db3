import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** One line of a cost box: its muted name ('Cost', 'Your credits') and its figure. */
export function CreditsLine({
  label,
  children,
  testId,
  className,
  figureClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  /** The figure's data-testid, for the browser tests. */
  testId?: string;
  className?: string;
  figureClassName?: string;
}) {
  return (
    <span className={cn("flex items-center gap-2", className)}>
      <span className="text-muted-foreground">{label}</span>
      <span className={cn("font-semibold text-foreground", figureClassName)} data-testid={testId}>
        {children}
      </span>
    </span>
  );
}

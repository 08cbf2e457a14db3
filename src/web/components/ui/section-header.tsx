import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

export interface SectionHeaderProps {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** The room below it. */
  className?: string;
  /** On the right: a count, a button. */
  children?: ReactNode;
}

/**
 * The top of a page's section: its h2 with an icon, a line on what it holds, and what stands on
 * its right.
 */
export function SectionHeader({
  id,
  icon: Icon,
  title,
  description,
  className = "mb-4",
  children,
}: SectionHeaderProps) {
  return (
    <div className={cn("flex flex-wrap items-end justify-between gap-3", className)}>
      <div>
        <h2 id={id} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <Icon className="size-5 text-fuchsia-300" aria-hidden="true" />
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface PageHeaderProps {
  title: ReactNode;
  description: ReactNode;
  /** The room below and the width. */
  className?: string;
  /** Above the title, e.g. a link back. */
  children?: ReactNode;
}

/** A page's title (its h1, e.g. with a gradient word) and the line under it. */
export function PageHeader({ title, description, className, children }: PageHeaderProps) {
  return (
    <header className={cn("mb-8", className)}>
      {children}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </header>
  );
}

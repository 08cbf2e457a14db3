import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A page's title (its h1, e.g. with a gradient word) and the line under it. `className` sets the
 * room below and the width; `children` stand above the title (e.g. a link back).
 */
export function PageHeader({
  title,
  description,
  className,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={cn("mb-8", className)}>
      {children}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </header>
  );
}

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A titled section of a settings or admin page: a heading the section is labelled by, a line on what it is for. */
export function SectionCard({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/20 sm:p-6", className)}
    >
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

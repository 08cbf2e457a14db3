import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Eyebrow, title and lead of a landing section; the title's id labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-2xl text-center", className)}>
      <p className="text-sm font-semibold uppercase tracking-widest text-violet-300">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{children}</p> : null}
    </div>
  );
}

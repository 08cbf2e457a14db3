import type { ReactNode } from "react";

/** One of the small cards beside the endpoints (callbacks, low balance): a titled box with its explanation. */
export function WebhookSideCard({
  id,
  title,
  description,
  children,
}: {
  /** The title's id, which names the section. */
  id: string;
  /** The title, with its icon if it has one. */
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 content-start gap-4 rounded-2xl border border-border bg-surface/60 p-5"
    >
      <div>
        <h3 id={id} className="flex items-center gap-2 font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

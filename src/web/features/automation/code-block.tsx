import { useLingui } from "@lingui/react/macro";
import { CopyButton } from "./copy-button";

/** A titled, copyable snippet; long lines scroll inside the block, never the page. */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  const { t } = useLingui();
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-border bg-black/40">
      <figcaption className="flex items-center justify-between gap-3 border-b border-border px-4 py-2 text-xs font-medium text-muted-foreground">
        {title}
        <CopyButton text={code} label={t`Copy: ${title}`} />
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={title}
        className="overflow-x-auto p-4 text-xs leading-relaxed text-zinc-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

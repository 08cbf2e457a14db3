import { FlaskConical } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

/** Shown while the server makes videos with its built-in simulator (GET /api/pricing/current says simulated). */
export function DemoNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        "inline-flex max-w-xl items-start gap-2 rounded-xl border border-amber-500/25 bg-amber-500/10 px-4 py-2.5 text-left text-sm text-amber-100/90",
        className,
      )}
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <span>
        <Trans>
          <strong className="font-semibold text-amber-200">Demo mode:</strong> videos are currently simulated sample
          clips, not real AI generations.
        </Trans>
      </span>
    </p>
  );
}

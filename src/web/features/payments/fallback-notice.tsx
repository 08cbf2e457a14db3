import { Info, RefreshCw } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** Above the fallback packages: why they cannot be bought right now, and a retry (decision 0016). */
export function FallbackNotice({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm text-amber-50 sm:flex-nowrap"
      role="note"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-semibold">
          <Trans>Showing our standard packages.</Trans>
        </span>{" "}
        <span className="text-amber-100/80">
          <Trans>
            The current packages could not be loaded, so purchases are unavailable right now. Please try again in a few
            minutes.
          </Trans>
        </span>
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

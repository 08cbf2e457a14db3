import { Info, RefreshCw } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";

/** Above the fallback packages: why they cannot be bought right now, and a retry (decision 0016). */
export function FallbackNotice({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <Callout
      tone="warning"
      icon={Info}
      iconClassName="size-4"
      role="note"
      className="mb-6 flex-wrap items-start text-amber-50 sm:flex-nowrap"
    >
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
    </Callout>
  );
}

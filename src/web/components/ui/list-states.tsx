/**
 * The states that stand where a list or table will be: loading (a named spinner), failed (the
 * message and Try again) and empty (a sentence). DataTable and QueryState show these; a page whose
 * list is drawn elsewhere can show them itself. `className` adds borders or more room.
 */
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

/** A spinner named by `label` (role "status"). */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn("flex justify-center py-8", className)} role="status" aria-label={label}>
      <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** What went wrong (role "alert"), and Try again when `onRetry` is given. */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: ReactNode;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div className={cn("grid justify-items-center gap-3 py-6 text-center", className)} role="alert">
      <p className="text-sm text-muted-foreground">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/** The sentence shown when there is nothing to list. */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn("py-6 text-center text-sm text-muted-foreground", className)}>{children}</p>;
}

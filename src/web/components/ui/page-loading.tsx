import { LoaderCircle } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

/**
 * Placeholder while a page's code or data loads. `fillScreen` (the route-level fallback) keeps
 * the footer below the fold until the page arrives, so it does not jump down (layout shift).
 */
export function PageLoading({ label, fillScreen = false }: { label?: string; fillScreen?: boolean }) {
  const { t } = useLingui();
  return (
    <div
      className={cn("flex flex-1 items-center justify-center py-24", fillScreen && "min-h-dvh")}
      role="status"
      aria-label={label ?? t`Loading`}
    >
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "@/hooks/use-toast";
import { WidgetBoundary } from "./error-boundaries";

const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport's code (Radix Toast) is not part of the first load: it is fetched once the
 * page is idle, or at once when a toast comes first. Loaded early, the first toast shows without
 * a network wait and F8 reaches the viewport from the start. If its code cannot be fetched (a
 * deploy removed it), toasts stay unseen but the page goes on working.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return hasToasts || idle ? (
    <WidgetBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </WidgetBoundary>
  ) : null;
}

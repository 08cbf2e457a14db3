import { lazy, Suspense, useEffect, useState } from "react";
import { useToasts } from "@/hooks/use-toast";

const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport's code (Radix Toast) is not part of the first load: it is fetched once the
 * page is idle, or at once when a toast comes first. Loaded early, the first toast shows without
 * a network wait and F8 reaches the viewport from the start.
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
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

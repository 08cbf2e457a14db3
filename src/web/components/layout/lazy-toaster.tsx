import { lazy, Suspense } from "react";
import { useToasts } from "@/hooks/use-toast";

const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport's code (Radix Toast) is fetched with the first toast, not with every page:
 * most visits never show one. Once loaded it stays mounted.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  return hasToasts || loaded ? (
    <Suspense fallback={null}>
      <MarkLoaded />
      <Toaster />
    </Suspense>
  ) : null;
}

let loaded = false;
function MarkLoaded() {
  loaded = true;
  return null;
}

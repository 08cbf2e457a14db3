import { lazy, Suspense } from "react";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { WidgetBoundary } from "./error-boundaries";

const PastDueBanner = lazy(() => import("./past-due-banner").then((m) => ({ default: m.PastDueBanner })));

/**
 * The past-due banner's code (and the plan contract it reads with) is fetched only for signed-in
 * people, so a visitor's first load stays as it is (decision 0056); it shows nothing until then,
 * and nothing if its code cannot be fetched.
 */
export function LazyPastDueBanner() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <WidgetBoundary fallback={null}>
      <Suspense fallback={null}>
        <PastDueBanner />
      </Suspense>
    </WidgetBoundary>
  );
}

import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocation } from "wouter";
import { isChunkLoadError } from "./chunk-load-error";
import { AppFailedNotice, AreaFallback, ReloadNotice } from "./error-notices";

/**
 * Error boundaries (decision 0037). A render error or a page's code that will not load stays in
 * its area (public pages, creator pages, the API page, admin): the header and footer remain, and
 * the area says what happened instead of leaving a blank app.
 */

/** The router's areas (app/app.tsx); each has its own boundary, named in the console when it catches. */
export type Area = "public" | "creator" | "api" | "admin";

/** One area of the router (app/app.tsx): its errors stay inside it; moving to another page clears them. */
export function AreaBoundary({ area, children }: { area: Area; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[location]}
      FallbackComponent={AreaFallback}
      onError={(error) => console.error(`Error in the ${area} pages`, error)}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The last resort around the whole app (the shell itself failed): a page of its own, no router. */
export function AppBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={({ error }) => (isChunkLoadError(error) ? <ReloadNotice fillScreen /> : <AppFailedNotice />)}
      onError={(error) => console.error("The app failed", error)}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around a piece of the shell loaded on demand (the toast viewport, the account menu): if its
 * code cannot be fetched, `fallback` shows and the rest of the page goes on working.
 */
export function WidgetBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={fallback} onError={(error) => console.error("A part of the page failed", error)}>
      {children}
    </ErrorBoundary>
  );
}

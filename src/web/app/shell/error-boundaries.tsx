import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { Link, useLocation } from "wouter";
import { ArrowLeft, RefreshCw, TriangleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { UnexpectedResponseError } from "@/lib/api";

/**
 * Error boundaries (decision 0037). A render error or a page's code that will not load stays in
 * its area (public pages, creator pages, the API page, admin): the header and footer remain, and
 * the area says what happened instead of leaving a blank app.
 */

/**
 * True for code that failed to download: after a deploy the old hashed files are gone, and the
 * browser says so in its own words (Chromium, Firefox, Safari; Vite's CSS preload). Also for an
 * answer this page's code does not understand (decision 0040): the server was updated.
 */
function isChunkLoadError(error: unknown): boolean {
  if (error instanceof UnexpectedResponseError) return true; // an answer from a newer or older server
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i.test(
    error.message,
  );
}

const reload = () => window.location.reload();

function ReloadNotice({ fillScreen = false }: { fillScreen?: boolean }) {
  const { t } = useLingui();
  return (
    <Notice
      fillScreen={fillScreen}
      title={t`This page could not be loaded`}
      text={t`The site may have been updated since this tab was opened. Reload to get the latest version.`}
    >
      <Button onClick={reload}>
        <RefreshCw aria-hidden="true" />
        <Trans>Reload</Trans>
      </Button>
    </Notice>
  );
}

function Notice({
  title,
  text,
  fillScreen,
  children,
}: {
  title: string;
  text: string;
  fillScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={`mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center${fillScreen ? " min-h-dvh" : ""}`}
    >
      <TriangleAlert className="size-10 text-amber-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="mt-3 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

/** The router's areas (app/app.tsx); each has its own boundary, named in the console when it catches. */
export type Area = "public" | "creator" | "api" | "admin";

function AreaFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useLingui();
  if (isChunkLoadError(error)) return <ReloadNotice />;
  return (
    <Notice
      title={t`Something went wrong`}
      text={t`This page ran into a problem. Try again, or go back and carry on from there.`}
    >
      <Button variant="secondary" onClick={resetErrorBoundary}>
        <RefreshCw aria-hidden="true" />
        <Trans>Try again</Trans>
      </Button>
      <Button asChild>
        <Link href="/" onClick={resetErrorBoundary}>
          <ArrowLeft aria-hidden="true" />
          <Trans>Back to home</Trans>
        </Link>
      </Button>
    </Notice>
  );
}

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

function AppFailedNotice() {
  const { t } = useLingui();
  return (
    <Notice
      fillScreen
      title={t`Something went wrong`}
      text={t`The app ran into a problem. Reload the page to carry on.`}
    >
      <Button onClick={reload}>
        <RefreshCw aria-hidden="true" />
        <Trans>Reload</Trans>
      </Button>
    </Notice>
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

/** The account menu's stand-in when its code could not be fetched. */
export function ReloadButton({ label }: { label: string }) {
  return (
    <Button variant="outline" size="sm" onClick={reload} title={label}>
      <RefreshCw aria-hidden="true" />
      <Trans>Reload</Trans>
    </Button>
  );
}

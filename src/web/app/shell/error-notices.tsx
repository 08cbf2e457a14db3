import type { ReactNode } from "react";
import type { FallbackProps } from "react-error-boundary";
import { Link } from "wouter";
import { ArrowLeft, RefreshCw, TriangleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { isChunkLoadError, reload } from "./chunk-load-error";
import { PageNotice } from "./page-notice";

/** What the error boundaries show in place of what failed (role "alert"), with its buttons. */
function ErrorNotice({
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
    <PageNotice
      role="alert"
      fillScreen={fillScreen}
      icon={<TriangleAlert className="size-10 text-amber-400" aria-hidden="true" />}
      title={title}
      text={text}
    >
      <div className="mt-3 flex flex-wrap justify-center gap-3">{children}</div>
    </PageNotice>
  );
}

/** The Reload button: as a stand-in for a piece of the shell whose code could not be fetched, `label` its tooltip. */
export function ReloadButton({ label, ...props }: { label?: string; variant?: "outline"; size?: "sm" }) {
  return (
    <Button onClick={reload} title={label} {...props}>
      <RefreshCw aria-hidden="true" />
      <Trans>Reload</Trans>
    </Button>
  );
}

export function ReloadNotice({ fillScreen = false }: { fillScreen?: boolean }) {
  const { t } = useLingui();
  return (
    <ErrorNotice
      fillScreen={fillScreen}
      title={t`This page could not be loaded`}
      text={t`The site may have been updated since this tab was opened. Reload to get the latest version.`}
    >
      <ReloadButton />
    </ErrorNotice>
  );
}

/** An area's fallback: Try again, or back home; Reload when its code is out of date. */
export function AreaFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useLingui();
  if (isChunkLoadError(error)) return <ReloadNotice />;
  return (
    <ErrorNotice
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
    </ErrorNotice>
  );
}

export function AppFailedNotice() {
  const { t } = useLingui();
  return (
    <ErrorNotice
      fillScreen
      title={t`Something went wrong`}
      text={t`The app ran into a problem. Reload the page to carry on.`}
    >
      <ReloadButton />
    </ErrorNotice>
  );
}

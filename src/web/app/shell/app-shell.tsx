import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { UnconfirmedEmailBanner } from "@/features/auth/unconfirmed-email-banner";
import { useSyncAuthWithServer } from "@/features/auth/use-current-user";
import { SecondFactorRedirect } from "@/features/second-factor/second-factor-redirect";
import { StepUpDialog } from "@/features/second-factor/step-up-dialog";
import { LazyPastDueBanner } from "./lazy-past-due-banner";
import { LazyToaster } from "./lazy-toaster";
import { ServiceBanner } from "./service-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, page, footer and the toast viewport around every route. */
export function AppShell({ children }: { children: ReactNode }) {
  useSyncAuthWithServer();
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface-raised px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <ServiceBanner />
      <UnconfirmedEmailBanner />
      <LazyPastDueBanner />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter />
      <LazyToaster />
      <SecondFactorRedirect />
      <StepUpDialog />
    </div>
  );
}

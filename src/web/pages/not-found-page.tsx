import { Link } from "wouter";
import { ArrowLeft, Compass } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface-raised">
        <Compass className="size-6 text-fuchsia-300" aria-hidden="true" />
      </span>
      <p className="mt-6 text-7xl font-extrabold tracking-tighter text-gradient sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-3 text-muted-foreground">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          <Trans>Back to home</Trans>
        </Link>
      </Button>
    </div>
  );
}

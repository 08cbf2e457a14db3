import { Link } from "wouter";
import { Plus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { Gallery } from "@/features/videos/gallery";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function MyCreationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Creations`);
  const { user, isResolved } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>My Creations</Trans>
          </h1>
          <p className="mt-2 text-muted-foreground">
            <Trans>All your generated videos: watch, download in 720p or 1080p HD, or recreate them.</Trans>
          </p>
        </div>
        {user ? (
          <Button asChild>
            <Link href="/generate">
              <Plus aria-hidden="true" />
              <Trans>New Video</Trans>
            </Link>
          </Button>
        ) : null}
      </header>
      {user ? (
        <Gallery />
      ) : isResolved ? (
        <SignInPrompt
          title={t`Sign in to see your creations`}
          description={t`Your generated videos, their details and downloads live here.`}
        />
      ) : (
        <PageLoading label={t`Loading your videos`} />
      )}
    </div>
  );
}

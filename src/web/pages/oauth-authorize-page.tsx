import { useState } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { CircleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageLoading } from "@/components/ui/page-loading";
import { loginHref } from "@/features/auth/next-after-sign-in";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { readAuthorizeRequest } from "@/features/oauth/authorize-request";
import { ConsentCard } from "@/features/oauth/consent-card";
import { useConsent } from "@/features/oauth/use-oauth";
import { useDocumentTitle } from "@/hooks/use-document-title";

const leaveForApp = (url: string) => window.location.assign(url);

/**
 * /oauth/authorize (decision 0170): where an AI agent sends a person to connect it to their
 * account. Signed out, sign in first and come back here with the same request; then the server
 * checks the request and the person allows or refuses. A request the server refuses is shown, and
 * never sent back to an address the server did not vouch for.
 */
export function OAuthAuthorizePage({ leave = leaveForApp }: { leave?: (url: string) => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Connect an app`);
  const [path] = useLocation();
  const search = useSearch();
  const [request] = useState(() => readAuthorizeRequest(search));
  const { user, isResolved } = useCurrentUser();
  const consent = useConsent(request, Boolean(user));

  if (!isResolved && !user) return <PageLoading />;
  if (!user) return <Redirect to={loginHref(search ? `${path}?${search}` : path)} replace />;

  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-10 sm:px-6">
      {consent.isPending ? (
        <PageLoading label={t`Checking the request`} />
      ) : consent.isError ? (
        <Card>
          <CardHeader className="items-center text-center">
            <CircleAlert className="mb-2 size-10 text-red-300" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">
              <Trans>This connection request cannot be used</Trans>
            </h1>
          </CardHeader>
          <CardContent className="grid gap-3 text-center">
            <ErrorAlert error={consent.error} className="text-base" />
            <p className="text-sm text-muted-foreground">
              <Trans>
                Nothing was connected. Start connecting again from the app, or tell its makers what this says.
              </Trans>
            </p>
          </CardContent>
        </Card>
      ) : (
        <ConsentCard request={request} consent={consent.data} username={user.username} leave={leave} />
      )}
    </div>
  );
}

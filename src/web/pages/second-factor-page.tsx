import { Redirect, useLocation } from "wouter";
import { ShieldCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { safeNext } from "../../shared/next-path";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { useLogout } from "@/features/auth/use-logout";
import { refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { VerifyForm } from "@/features/second-factor/verify-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** Sign-in's second step (decision 0092): the password (or Google) was right; now the second factor. */
export function SecondFactorPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Second step`);
  const { user, isResolved } = useCurrentUser();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const next = safeNext(new URLSearchParams(window.location.search).get("next")) ?? "/";

  if (!isResolved) return <PageLoading />;
  if (!user) return <Redirect to="/login" replace />;
  if (!user.secondFactorPending) return <Redirect to={next} replace />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-12">
      <header className="grid gap-2 text-center">
        <ShieldCheck className="mx-auto size-10 text-violet-300" aria-hidden="true" />
        <h1 className="text-2xl font-bold">
          <Trans>Confirm it is you</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Your account has a second factor. Use it to finish signing in.</Trans>
        </p>
      </header>
      <VerifyForm
        onVerified={async () => {
          await refreshSecondFactor();
          navigate(next, { replace: true });
        }}
      />
      <Button type="button" variant="ghost" onClick={() => void logout()}>
        <Trans>Sign out</Trans>
      </Button>
    </div>
  );
}

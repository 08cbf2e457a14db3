import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { LogIn, ShieldAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { useCurrentUser, useLoginHref } from "@/features/auth";
import { PageNotice } from "./page-notice";

const REDIRECT_DELAY_MS = 1500;

/**
 * The admin pages' guard (decision 0024): 'Loading...' until the server has answered; then nobody
 * signed in is offered to sign in (and comes back here, decision 0078), and a signed-in person who
 * is not an administrator sees 'Access Denied' and, a moment later, is sent to /. The server refuses
 * the admin API to them whatever this renders (401/403).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user, isResolved } = useCurrentUser();
  const [, navigate] = useLocation();
  const loginHref = useLoginHref();
  const isAdmin = Boolean(user?.isAdmin);
  const denied = isResolved && Boolean(user) && !isAdmin;

  useEffect(() => {
    if (!denied) return;
    // Long enough to read why, then home.
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  if (isAdmin && isResolved) return <>{children}</>;
  if (isResolved && !user) {
    return (
      <PageNotice
        icon={<ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />}
        title={t`Sign in to continue`}
        text={t`This page is for administrators. Sign in with an administrator account to open it.`}
      >
        <Button asChild className="mt-2">
          <Link href={loginHref}>
            <LogIn aria-hidden="true" />
            <Trans>Sign In</Trans>
          </Link>
        </Button>
      </PageNotice>
    );
  }
  if (!denied) {
    return (
      <div className="flex flex-1 items-center justify-center py-24 text-muted-foreground" role="status">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  return (
    <PageNotice
      icon={<ShieldAlert className="size-10 text-red-400" aria-hidden="true" />}
      title={t`Access Denied`}
      text={t`Admin access required`}
    />
  );
}

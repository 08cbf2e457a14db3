import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { LogIn, ShieldAlert } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { useCurrentUser, useLoginHref } from "@/features/auth";

const REDIRECT_DELAY_MS = 1500;

/**
 * The admin pages' guard (decision 0024): 'Loading...' until the server has answered; then nobody
 * signed in is offered to sign in (and comes back here, decision 0078), and a signed-in person who
 * is not an administrator sees 'Access Denied' and, a moment later, is sent to /. The server refuses
 * the admin API to them whatever this renders (401/403).
 */
export function AdminGate({ children }: { children: ReactNode }) {
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
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">
          <Trans>Sign in to continue</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>This page is for administrators. Sign in with an administrator account to open it.</Trans>
        </p>
        <Button asChild className="mt-2">
          <Link href={loginHref}>
            <LogIn aria-hidden="true" />
            <Trans>Sign In</Trans>
          </Link>
        </Button>
      </div>
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
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center">
      <ShieldAlert className="size-10 text-red-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold">
        <Trans>Access Denied</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>Admin access required</Trans>
      </p>
    </div>
  );
}

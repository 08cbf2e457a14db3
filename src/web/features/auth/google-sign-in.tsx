import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { googleApi } from "../../../shared/api/google";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useReturnParams } from "./use-return-params";
import { googleProblemText } from "./google-problem-text";

const readStatus = callQuery(googleApi.status);

/** Whether the admin has enabled Google sign-in. */
export function useGoogleSignInEnabled(): boolean {
  const status = useQuery({ queryKey: queryKeys.googleStatus, queryFn: readStatus, staleTime: 60_000 });
  return status.data?.enabled === true;
}

/**
 * Leaves for Google's consent page: `start` asks our server for the address (signing in, or
 * connecting Google to this account); `leaving` while it does. `failureTitle` is the toast's title
 * if that fails, in the language active then.
 */
export function useGoogleRedirect(
  route: typeof googleApi.signInUrl | typeof googleApi.link,
  failureTitle: MessageDescriptor,
  next?: string,
) {
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    try {
      // Signing in: the server carries the page to come back to through Google's round trip (decision 0083).
      const { authUrl } =
        route === googleApi.signInUrl
          ? await call(googleApi.signInUrl, { query: next && next !== "/" ? { next } : {} })
          : await call(googleApi.link);
      window.location.assign(authUrl);
    } catch (error) {
      setLeaving(false);
      toast({ title: i18n._(failureTitle), description: errorMessage(error), variant: "destructive" });
    }
  };
  return { leaving, start };
}

export function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-4" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

const SIGN_IN_FAILED = msg`Google Sign In failed`;

/** 'Sign in with Google', shown only when the admin has enabled it; back from Google, the person goes to `next`. */
export function GoogleSignInButton({ next }: { next: string }) {
  const enabled = useGoogleSignInEnabled();
  const { leaving, start } = useGoogleRedirect(googleApi.signInUrl, SIGN_IN_FAILED, next);
  if (!enabled) return null;

  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" size="lg" className="w-full" disabled={leaving} onClick={() => void start()}>
        {leaving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <GoogleMark />}
        <Trans>Sign in with Google</Trans>
      </Button>
    </div>
  );
}

/**
 * "Sign in with Google again" (decision 0087): a fresh Google sign-in proves it is the person before
 * something only they may do (deleting an account without a password); back from Google, to `next`.
 */
export function GoogleSignInAgainButton({ next }: { next: string }) {
  const enabled = useGoogleSignInEnabled();
  const { leaving, start } = useGoogleRedirect(googleApi.signInUrl, SIGN_IN_FAILED, next);
  if (!enabled) return null;
  return (
    <Button type="button" variant="outline" className="w-full" disabled={leaving} onClick={() => void start()}>
      {leaving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <GoogleMark />}
      <Trans>Sign in with Google again</Trans>
    </Button>
  );
}

function usernameFrom(raw: string | null): string | undefined {
  try {
    const parsed = JSON.parse(raw ?? "") as { username?: unknown };
    return typeof parsed.username === "string" ? parsed.username : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /login?auth=success&user=... or ?auth=error&message=... become toasts (decision 0025).
 * auth=account-exists is shown by GoogleAccountExistsNotice (read at its first render); here its
 * address is only cleaned.
 */
function showSignInOutcome(params: URLSearchParams): boolean {
  const auth = params.get("auth");
  if (auth !== "success" && auth !== "error" && auth !== "account-exists") return false;
  if (auth === "success") {
    const username = usernameFrom(params.get("user"));
    toast({ title: t`Signed in with Google`, description: username ? t`Welcome, ${username}!` : undefined });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  } else if (auth === "error") {
    toast({ title: i18n._(SIGN_IN_FAILED), description: googleProblemText(params), variant: "destructive" });
  }
  return true;
}

/** Back from Google (/login?auth=...): the toast, then a clean address. */
export function useGoogleReturn(): void {
  useReturnParams("/login", showSignInOutcome);
}

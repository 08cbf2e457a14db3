import type { ReactNode } from "react";
import { Link } from "wouter";
import { LogIn, Sparkles, UserPlus } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { useLoginHref, useSignUpHref } from "@/features/auth";
import { BusyIcon } from "./busy-icon";
import { isMac } from "./generate-request";

/**
 * The end of the generator: 'Generate Video' (with its keyboard shortcut) when signed in, 'Sign in
 * to Generate' and 'Create a free account' otherwise (both come back here).
 */
export function GenerateSubmitArea({
  signedIn,
  generating,
  disabled,
  hasPrompt,
  choice,
}: {
  signedIn: boolean;
  generating: boolean;
  disabled: boolean;
  /** Something is typed: it is kept while signing in. */
  hasPrompt: boolean;
  /** Beside the button when signed in: how many videos it makes (variants, decision 0162). */
  choice?: ReactNode;
}) {
  // Signing in comes back here (decision 0078), by password or through Google (decision 0083).
  const loginHref = useLoginHref();
  // New here: an account made on the spot comes back here too, the form as it was (a remix's included).
  const signUpHref = useSignUpHref();
  if (signedIn) {
    return (
      <>
        {/* One row where there is room (no height added to the first screen); the button below the choice on a phone. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          {choice}
          <Button
            aria-keyshortcuts="Control+Enter Meta+Enter"
            type="submit"
            size="lg"
            className="w-full min-w-40 flex-1"
            disabled={disabled}
          >
            <BusyIcon busy={generating} icon={Sparkles} />
            {generating ? <Trans>Generating...</Trans> : <Trans>Generate Video</Trans>}
          </Button>
        </div>
        <p className="-mt-3 hidden text-center text-xs text-muted-foreground pointer-fine:block">
          {isMac() ? <Trans>Or press ⌘+Enter in the form</Trans> : <Trans>Or press Ctrl+Enter in the form</Trans>}
        </p>
      </>
    );
  }
  return (
    <div className="grid gap-2 text-center">
      <Button asChild size="lg" className="w-full">
        <Link href={loginHref}>
          <LogIn aria-hidden="true" />
          <Trans>Sign in to Generate</Trans>
        </Link>
      </Button>
      <Button asChild variant="secondary" className="w-full">
        <Link href={signUpHref}>
          <UserPlus aria-hidden="true" />
          <Trans>Create a free account</Trans>
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">
        <Trans>You need an account with credits to generate videos.</Trans>{" "}
        {hasPrompt ? <Trans>Your prompt is kept while you sign in.</Trans> : null}
      </p>
    </div>
  );
}

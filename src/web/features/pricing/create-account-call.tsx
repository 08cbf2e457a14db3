import type { ReactNode } from "react";
import { Link } from "wouter";
import { UserPlus } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { signUpHref, useLoginHref } from "@/features/auth";

/**
 * A visitor's main action on /pricing (decision 0167): "Create a free account", coming back to
 * /pricing signed in, with what a new account gets (`offer`: the welcome credits while the admin
 * grants them) and a small sign-in link for those who have one.
 */
export function CreateAccountCall({ offer }: { offer?: ReactNode }) {
  const loginHref = useLoginHref();
  return (
    <section
      aria-labelledby="create-account-title"
      className="mb-12 flex max-w-3xl flex-col gap-4 rounded-2xl border border-violet-500/40 bg-violet-500/10 p-5 sm:p-6"
    >
      <div>
        <h2 id="create-account-title" className="text-lg font-semibold tracking-tight">
          <Trans>Start free, pay only for what you make</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>An account takes a minute. Buy credits or a plan when you are ready.</Trans>
        </p>
      </div>
      {offer}
      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
        <Button asChild size="lg">
          <Link href={signUpHref("/pricing")}>
            <UserPlus aria-hidden="true" />
            <Trans>Create a free account</Trans>
          </Link>
        </Button>
        <p className="text-center text-sm text-muted-foreground sm:text-left">
          <Trans>
            Already have an account?{" "}
            <Link
              href={loginHref}
              className="font-medium text-violet-300 underline underline-offset-4 hover:text-violet-200"
            >
              Sign in
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}

import { Link } from "wouter";
import { Lock, LogIn } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useLoginHref } from "./next-after-sign-in";

/** Shown on pages that need an account when nobody is signed in; signing in comes back to the page. */
export function SignInPrompt({ title, description }: { title: string; description: string }) {
  const loginHref = useLoginHref();
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-2xl border border-border bg-surface-raised">
          <Lock className="size-5 text-fuchsia-300" aria-hidden="true" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg" className="w-full">
          <Link href={loginHref}>
            <LogIn aria-hidden="true" />
            <Trans>Sign In</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

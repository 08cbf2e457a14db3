/** What the address pages show when a link did not work, and where to go next. */
import { Link } from "wouter";
import { CircleAlert, LogIn, UserRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "@/features/auth";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import type { AddressLinkKind } from "./account-links-api";
import { LinkCard } from "./link-card";

/** Where to go next: one's account when signed in, else signing in. */
export function NextStep() {
  const { user } = useCurrentUser();
  return (
    <Button asChild size="lg" className="w-full">
      {user ? (
        <Link href="/my-account">
          <UserRound aria-hidden="true" />
          <Trans>Go to My Account</Trans>
        </Link>
      ) : (
        <Link href="/login">
          <LogIn aria-hidden="true" />
          <Trans>Sign In</Trans>
        </Link>
      )}
    </Button>
  );
}

/** A link that did not work, and what to do instead. */
export function LinkFailed({ kind, error }: { kind: AddressLinkKind; error: unknown }) {
  const { t } = useLingui();
  return (
    <LinkCard icon={CircleAlert} title={t`This link did not work`}>
      <p role="alert" className="text-sm font-medium text-red-400">
        {errorMessage(error)}
      </p>
      <p className="text-sm text-muted-foreground">
        {kind === "verify" ? (
          <Trans>Signed in, you can ask for a new confirmation link at the top of any page.</Trans>
        ) : (
          <Trans>You can ask for the change again on My Account.</Trans>
        )}
      </p>
      <NextStep />
    </LinkCard>
  );
}

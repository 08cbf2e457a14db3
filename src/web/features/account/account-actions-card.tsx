import type { ReactNode } from "react";
import { Link } from "wouter";
import { Coins, Images, ShieldCheck } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCredits } from "@/lib/format";
import { ChangePasswordDialog } from "./change-password-dialog";
import { SignOutOtherSessions } from "./sign-out-others";

/**
 * Balance plus shortcuts: buy credits, gallery, password, sign out other devices, Connect Google
 * (`connectGoogle`, from the auth feature; the page passes it in) and the admin panel for admins.
 */
export function AccountActionsCard({ user, connectGoogle }: { user: CurrentUser; connectGoogle?: ReactNode }) {
  const { credits } = user;
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>
          <Trans>Quick actions</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Top up, browse your videos or secure your account.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="rounded-xl border border-violet-500/25 bg-gradient-to-br from-violet-500/15 via-fuchsia-500/10 to-transparent p-5">
          <p className="text-sm text-violet-200/80">
            <Trans>Available balance</Trans>
          </p>
          <p className="mt-1 flex items-baseline gap-2 text-3xl font-bold tracking-tight">
            {formatCredits(credits)}
            <span className="text-base font-medium text-muted-foreground">
              <Plural value={credits} one="credit" other="credits" />
            </span>
          </p>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild>
            <Link href="/pricing">
              <Coins aria-hidden="true" />
              <Trans>Buy Credits</Trans>
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/my-creations">
              <Images aria-hidden="true" />
              <Trans>View Gallery</Trans>
            </Link>
          </Button>
        </div>
        <ChangePasswordDialog />
        <SignOutOtherSessions />
        {connectGoogle}
        {user.isAdmin ? (
          <Button asChild variant="outline" className="border-violet-500/40 text-violet-200 hover:border-violet-400">
            <Link href="/admin">
              <ShieldCheck aria-hidden="true" />
              <Trans>Administrator Panel</Trans>
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

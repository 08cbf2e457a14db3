import { Link } from "wouter";
import { LogOut, ShieldCheck, UserRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { useLogout } from "@/features/auth/use-logout";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { UserAvatar } from "@/components/ui/user-avatar";
import { creditSplitText } from "@/lib/credit-split";

/** The avatar button and its menu: who is signed in (and which credits expire), My Account and Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const logout = useLogout();
  // Which of the balance expires when (decision 0151): the badge's tooltip, for touch screens too.
  const split = creditSplitText(user.credits, user.expiring);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={t`Account menu`}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar username={user.username} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate font-semibold text-foreground">{user.username}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email ?? t`No email set`}</p>
          {split ? <p className="mt-1.5 max-w-64 text-xs font-normal text-amber-200/90">{split}</p> : null}
          {user.isAdmin ? (
            <p className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-violet-300">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> <Trans>Administrator</Trans>
            </p>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/my-account">
            <UserRound aria-hidden="true" />
            <Trans>My Account</Trans>
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => void logout()}
          className="text-red-300 data-[highlighted]:text-red-200 [&_svg]:text-red-400"
        >
          <LogOut aria-hidden="true" />
          <Trans>Logout</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

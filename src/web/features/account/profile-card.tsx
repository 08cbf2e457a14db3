import { Coins, Mail, ShieldCheck, UserRound } from "lucide-react";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UserAvatar } from "@/components/layout/user-avatar";
import { formatCredits } from "@/lib/format";

export function accountTypeLabel(isAdmin: boolean): string {
  return isAdmin ? "Administrator" : "Standard User";
}

/** Username, email, credits and account type of the signed-in user. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const rows = [
    { icon: UserRound, term: "Username", value: user.username },
    { icon: Mail, term: "Email", value: user.email ?? "Not set", muted: !user.email },
    { icon: Coins, term: "Credits", value: formatCredits(user.credits) },
    { icon: ShieldCheck, term: "Account type", value: accountTypeLabel(user.isAdmin) },
  ];

  return (
    <Card>
      <CardHeader className="flex-row items-center gap-4">
        <UserAvatar username={user.username} size="lg" />
        <div className="min-w-0">
          <CardTitle className="truncate text-xl">{user.username}</CardTitle>
          <Badge variant={user.isAdmin ? "default" : "secondary"} className="mt-1.5">
            {user.isAdmin ? <ShieldCheck aria-hidden="true" /> : null}
            {accountTypeLabel(user.isAdmin)}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-zinc-950/40">
          {rows.map(({ icon: Icon, term, value, muted }) => (
            <div key={term} className="flex items-center justify-between gap-4 px-4 py-3.5">
              <dt className="flex items-center gap-2.5 text-sm text-muted-foreground">
                <Icon className="size-4" aria-hidden="true" />
                {term}
              </dt>
              <dd className={muted ? "truncate text-sm italic text-zinc-500" : "truncate text-sm font-medium text-foreground"}>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

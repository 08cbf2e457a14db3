import type { ReactNode } from "react";
import { Coins, Languages, Mail, MailCheck, ShieldCheck, UserRound } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UserAvatar } from "@/components/ui/user-avatar";
import { LanguageSwitch } from "@/features/language";
import { creditSplitText } from "@/lib/credit-split";
import { formatCredits } from "@/lib/format";
import { ChangeEmailDialog } from "./change-email-dialog";

/** The account type's name, rendered with `t(...)`. */
function accountTypeLabel(isAdmin: boolean) {
  return isAdmin ? msg`Administrator` : msg`Standard User`;
}

/** The address and whether it is confirmed (decision 0088). */
function EmailValue({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  return (
    <span className="flex min-w-0 items-center justify-end gap-2">
      <span className="truncate" title={user.email ?? undefined}>
        {user.email}
      </span>
      {user.emailVerified ? (
        <Badge variant="success" className="shrink-0">
          <MailCheck aria-hidden="true" />
          {t`Confirmed`}
        </Badge>
      ) : (
        <Badge variant="warning" className="shrink-0">
          {t`Not confirmed`}
        </Badge>
      )}
    </span>
  );
}

/** The balance, and under it which of it expires when (decision 0151). */
function CreditsValue({ user }: { user: CurrentUser }) {
  const split = creditSplitText(user.credits, user.expiring);
  if (!split) return formatCredits(user.credits);
  return (
    <span className="flex flex-col items-end">
      <span>{formatCredits(user.credits)}</span>
      <span className="whitespace-normal text-right text-xs font-normal text-amber-200/90">{split}</span>
    </span>
  );
}

/** Username, email (with its state and the change-of-address dialog), credits, account type and language. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const accountType = t(accountTypeLabel(user.isAdmin));
  const rows: { key: string; icon: typeof Coins; term: string; value: ReactNode; muted?: boolean }[] = [
    { key: "username", icon: UserRound, term: t`Username`, value: user.username },
    {
      key: "email",
      icon: Mail,
      term: t`Email`,
      value: user.email ? <EmailValue user={user} /> : t`Not set`,
      muted: !user.email,
    },
    { key: "credits", icon: Coins, term: t`Credits`, value: <CreditsValue user={user} /> },
    { key: "type", icon: ShieldCheck, term: t`Account type`, value: accountType },
    // Saved on the account: every device the person signs in on follows it.
    { key: "language", icon: Languages, term: t`Language`, value: <LanguageSwitch id="account-language" /> },
  ];

  return (
    <Card>
      <CardHeader className="flex-row items-center gap-4">
        <UserAvatar username={user.username} size="lg" />
        <div className="min-w-0">
          <CardTitle className="truncate text-xl">{user.username}</CardTitle>
          <Badge variant={user.isAdmin ? "default" : "secondary"} className="mt-1.5">
            {user.isAdmin ? <ShieldCheck aria-hidden="true" /> : null}
            {accountType}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-zinc-950/40">
          {rows.map(({ key, icon: Icon, term, value, muted }) => (
            <div key={key} className="flex items-center justify-between gap-4 px-4 py-3.5">
              <dt className="flex items-center gap-2.5 text-sm text-muted-foreground">
                <Icon className="size-4" aria-hidden="true" />
                {term}
              </dt>
              <dd
                className={
                  muted ? "truncate text-sm italic text-zinc-500" : "truncate text-sm font-medium text-foreground"
                }
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-4">
          <ChangeEmailDialog user={user} />
        </div>
      </CardContent>
    </Card>
  );
}

import { useState, type ReactNode } from "react";
import { BadgeCheck, Coins } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToggleUser } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { UserCreditsDialog } from "@/features/admin/users/user-credits-dialog";
import { UserStatusBadge } from "@/features/admin/users/users-table";
import { useCurrentUser } from "@/features/auth";
import { formatCredits, formatDate } from "@/lib/format";
import { PaymentHoldNote } from "./payment-hold-note";

/** A brand name, the same in every language. */
const GOOGLE = "Google";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{term}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm">{children}</dd>
    </div>
  );
}

/** Who the user is: username, e-mail (verified or not), Google, role, status, when they joined. */
export function ProfileCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  return (
    <SectionCard id="user-profile-title" title={t`Profile`} className="lg:col-span-2">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item term={t`Username`}>
          <span className="font-medium">{user.username}</span>
          {user.isAdmin ? (
            <Badge>
              <Trans>Admin</Trans>
            </Badge>
          ) : null}
        </Item>
        <Item term={t`Email`}>
          {user.email ? (
            <>
              <span className="break-all">{user.email}</span>
              {user.emailVerified ? (
                <Badge variant="success">
                  <BadgeCheck aria-hidden="true" />
                  <Trans>Verified</Trans>
                </Badge>
              ) : (
                <Badge variant="warning">
                  <Trans>Not verified</Trans>
                </Badge>
              )}
            </>
          ) : (
            <span className="text-muted-foreground">
              <Trans>None</Trans>
            </span>
          )}
        </Item>
        <Item term={GOOGLE}>
          {user.googleLinked ? (
            <Badge variant="success">
              <Trans>Linked</Trans>
            </Badge>
          ) : (
            <span className="text-muted-foreground">
              <Trans>Not linked</Trans>
            </span>
          )}
        </Item>
        <Item term={t`Role`}>{user.isAdmin ? t`Admin` : t`User`}</Item>
        <Item term={t`Status`}>
          <UserStatusBadge user={user} />
          {user.deletedAt ? (
            <time dateTime={user.deletedAt} className="text-muted-foreground">
              {formatDate(user.deletedAt)}
            </time>
          ) : null}
        </Item>
        <Item term={t`Joined`}>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </Item>
        <Item term={t`Videos created`}>{formatCredits(user.videoCount)}</Item>
        <Item term={t`Payment orders`}>{formatCredits(user.paymentOrderCount)}</Item>
      </dl>
    </SectionCard>
  );
}

/** The balance, Edit Credits (an adjustment in their transactions) and Enable/Disable (disabling signs them out everywhere). */
export function BalanceCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const toggle = useToggleUser();
  const me = useCurrentUser().user;
  const username = user.username;
  const credits = formatCredits(user.credits);
  return (
    <SectionCard
      id="user-balance-title"
      title={t`Balance`}
      description={t`Disabling a user signs them out everywhere at once.`}
    >
      <p className="text-4xl font-bold tabular-nums tracking-tight">
        {credits}{" "}
        <span className="text-base font-medium text-muted-foreground">
          {t`${plural(user.credits, { one: "credit", other: "credits" })}`}
        </span>
      </p>
      <PaymentHoldNote user={user} />
      {user.deletedAt ? (
        <p className="mt-3 text-sm text-muted-foreground">
          <Trans>
            Its owner deleted this account: what was left of the balance was forfeited, and the account cannot be
            changed or enabled again.
          </Trans>
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2" hidden={user.deletedAt !== null}>
        <Button variant="outline" onClick={() => setEditing(true)} aria-label={t`Edit credits of ${username}`}>
          <Coins aria-hidden="true" />
          <Trans>Edit Credits</Trans>
        </Button>
        <Button
          variant={user.isActive ? "outline" : "secondary"}
          disabled={user.username === me?.username || toggle.isPending}
          onClick={() => toggle.mutate({ id: user.id, isActive: !user.isActive })}
          aria-label={user.isActive ? t`Disable ${username}` : t`Enable ${username}`}
        >
          {user.isActive ? t`Disable` : t`Enable`}
        </Button>
      </div>
      {editing ? <UserCreditsDialog user={user} onClose={() => setEditing(false)} /> : null}
    </SectionCard>
  );
}

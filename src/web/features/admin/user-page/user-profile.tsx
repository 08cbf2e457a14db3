import { useState, type ReactNode } from "react";
import { BadgeCheck, Coins } from "lucide-react";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToggleUser } from "@/features/admin/admin-api";
import { SectionCard } from "@/features/admin/admin-fields";
import { UserCreditsDialog } from "@/features/admin/user-credits-dialog";
import { useCurrentUser } from "@/features/auth";
import { formatCredits, formatDate } from "@/lib/format";

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
  return (
    <SectionCard id="user-profile-title" title="Profile" className="lg:col-span-2">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item term="Username">
          <span className="font-medium">{user.username}</span>
          {user.isAdmin ? <Badge>Admin</Badge> : null}
        </Item>
        <Item term="Email">
          {user.email ? (
            <>
              <span className="break-all">{user.email}</span>
              {user.emailVerified ? (
                <Badge variant="success">
                  <BadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              ) : (
                <Badge variant="warning">Not verified</Badge>
              )}
            </>
          ) : (
            <span className="text-muted-foreground">None</span>
          )}
        </Item>
        <Item term="Google">{user.googleLinked ? <Badge variant="success">Linked</Badge> : <span className="text-muted-foreground">Not linked</span>}</Item>
        <Item term="Role">{user.isAdmin ? "Admin" : "User"}</Item>
        <Item term="Status">
          <Badge variant={user.isActive ? "success" : "destructive"}>{user.isActive ? "Active" : "Disabled"}</Badge>
        </Item>
        <Item term="Joined">
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </Item>
        <Item term="Videos created">{formatCredits(user.videoCount)}</Item>
        <Item term="Payment orders">{formatCredits(user.paymentOrderCount)}</Item>
      </dl>
    </SectionCard>
  );
}

/** The balance, Edit Credits (an adjustment in their transactions) and Enable/Disable (disabling signs them out everywhere). */
export function BalanceCard({ user }: { user: AdminUserDetail }) {
  const [editing, setEditing] = useState(false);
  const toggle = useToggleUser();
  const me = useCurrentUser().user;
  return (
    <SectionCard id="user-balance-title" title="Balance" description="Disabling a user signs them out everywhere at once.">
      <p className="text-4xl font-bold tabular-nums tracking-tight">
        {formatCredits(user.credits)} <span className="text-base font-medium text-muted-foreground">credits</span>
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setEditing(true)} aria-label={`Edit credits of ${user.username}`}>
          <Coins aria-hidden="true" />
          Edit Credits
        </Button>
        <Button
          variant={user.isActive ? "outline" : "secondary"}
          disabled={user.username === me?.username || toggle.isPending}
          onClick={() => toggle.mutate({ id: user.id, isActive: !user.isActive })}
          aria-label={`${user.isActive ? "Disable" : "Enable"} ${user.username}`}
        >
          {user.isActive ? "Disable" : "Enable"}
        </Button>
      </div>
      {editing ? <UserCreditsDialog user={user} onClose={() => setEditing(false)} /> : null}
    </SectionCard>
  );
}

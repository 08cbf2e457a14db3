import { useState } from "react";
import { LogOut } from "lucide-react";
import { t as tNow } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { browserAndSystem } from "../../../../shared/user-agent";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCurrentUser } from "@/features/auth";
import { formatDateTime } from "@/lib/format";
import { useSignOutEverywhere } from "./user-api";
import { UserTokensCard } from "./user-tokens-card";

/** A browser and system in a few words, from a User-Agent ("Chrome on Windows"); the whole string is the cell's tooltip. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return tNow`Unknown`;
  const named = browserAndSystem(userAgent);
  const browser = named.browser ?? tNow`Other`;
  const system = named.system;
  return system ? tNow`${browser} on ${system}` : browser;
}

/** The user's sessions not yet expired; "Sign out everywhere" ends them all (asks first). */
function UserSessionsCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere(user.id, () => setConfirming(false));
  const me = useCurrentUser().user;
  const username = user.username;
  return (
    <SectionCard id="user-sessions-title" title={t`Active sessions`} description={t`Where the user is signed in now.`}>
      <DataTable
        caption={t`${username}'s active sessions, newest first`}
        label={t`Active sessions`}
        columns={[
          {
            header: t`Signed in`,
            className: "whitespace-nowrap tabular-nums",
            cell: (s) => formatDateTime(s.createdAt),
          },
          {
            header: t`Expires`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (s) => formatDateTime(s.expiresAt),
          },
          { header: t`IP address`, className: "whitespace-nowrap font-mono text-xs", cell: (s) => s.ip ?? "—" },
          {
            header: t`Browser`,
            cell: (s) => <span title={s.userAgent ?? undefined}>{browserOf(s.userAgent)}</span>,
          },
        ]}
        rows={user.sessions}
        rowKey={(s) => s.id}
        tableClassName="min-w-[40rem]"
        empty={<Trans>No active sessions.</Trans>}
      />
      <div className="mt-4">
        <Button variant="outline" disabled={user.sessions.length === 0} onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" />
          <Trans>Sign out everywhere</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Sign out everywhere?`}
        description={
          user.username === me?.username
            ? t`Every session of yours ends, this one too: you will sign in again.`
            : t`Every session of ${username} ends; they sign in again. Their API tokens keep working.`
        }
        confirmLabel={t`Sign out everywhere`}
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </SectionCard>
  );
}

/** API tokens, then sessions. */
export function UserAccessCards({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <UserTokensCard user={user} />
      <UserSessionsCard user={user} />
    </div>
  );
}

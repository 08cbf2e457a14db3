import { useState } from "react";
import { KeyRound, LogOut } from "lucide-react";
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
import { useRevokeToken, useSignOutEverywhere } from "./user-api";

type Token = AdminUserDetail["apiTokens"][number];

/** The user's API tokens, masked as on their own /api page; Revoke asks first. */
function UserTokensCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [revoking, setRevoking] = useState<Token>();
  const revoke = useRevokeToken(user.id, () => setRevoking(undefined));
  const username = user.username;
  const tokenName = revoking?.name;
  const maskedToken = revoking?.token;
  return (
    <SectionCard
      id="user-tokens-title"
      title={t`API tokens`}
      description={t`Automations using a revoked token are refused from then on.`}
    >
      <DataTable
        caption={t`${username}'s API tokens`}
        label={t`API tokens`}
        columns={[
          { header: t`Name`, rowHeader: true, className: "font-medium", cell: (token) => token.name },
          { header: t`Token`, className: "whitespace-nowrap font-mono text-xs", cell: (token) => token.token },
          {
            header: t`Created`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (token) => formatDateTime(token.createdAt),
          },
          {
            header: t`Last used`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (token) => (token.lastUsed ? formatDateTime(token.lastUsed) : t`Never`),
          },
          {
            header: t`Actions`,
            className: "sticky-actions",
            headerClassName: "sticky-actions",
            cell: (token) => {
              const name = token.name;
              return (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRevoking(token)}
                  aria-label={t`Revoke API token ${name}`}
                >
                  <KeyRound aria-hidden="true" />
                  <Trans>Revoke</Trans>
                </Button>
              );
            },
          },
        ]}
        rows={user.apiTokens}
        rowKey={(token) => token.id}
        rowProps={(token) => {
          const name = token.name;
          return { "aria-label": t`API token ${name}` };
        }}
        tableClassName="min-w-[40rem]"
        empty={<Trans>No API tokens.</Trans>}
      />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={t`Revoke API token?`}
        description={
          <Trans>
            Automations using “{tokenName}” ({maskedToken}) stop working at once. {username} can make a new token on
            their API page.
          </Trans>
        }
        confirmLabel={t`Revoke`}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </SectionCard>
  );
}

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

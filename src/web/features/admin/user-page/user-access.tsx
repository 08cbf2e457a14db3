import { useState } from "react";
import { KeyRound, LogOut } from "lucide-react";
import { t as tNow } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { browserAndSystem } from "../../../../shared/user-agent";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/features/admin/admin-fields";
import { ConfirmDialog } from "@/features/admin/confirm-dialog";
import { useCurrentUser } from "@/features/auth";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { cellClassName, HeaderRow, TableFrame } from "./section-state";
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
      {user.apiTokens.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No API tokens.</Trans>
        </p>
      ) : (
        <TableFrame label={t`API tokens`}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">
              <Trans>{username}'s API tokens</Trans>
            </caption>
            <HeaderRow columns={[t`Name`, t`Token`, t`Created`, t`Last used`, t`Actions`]} actions />
            <tbody className="divide-y divide-border">
              {user.apiTokens.map((token) => {
                const name = token.name;
                return (
                  <tr key={token.id} aria-label={t`API token ${name}`}>
                    <th scope="row" className={cn(cellClassName, "font-medium")}>
                      {token.name}
                    </th>
                    <td className={cn(cellClassName, "whitespace-nowrap font-mono text-xs")}>{token.token}</td>
                    <td className={cn(cellClassName, "whitespace-nowrap text-muted-foreground tabular-nums")}>
                      {formatDateTime(token.createdAt)}
                    </td>
                    <td className={cn(cellClassName, "whitespace-nowrap text-muted-foreground tabular-nums")}>
                      {token.lastUsed ? formatDateTime(token.lastUsed) : t`Never`}
                    </td>
                    <td className={cn(cellClassName, "sticky-actions")}>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRevoking(token)}
                        aria-label={t`Revoke API token ${name}`}
                      >
                        <KeyRound aria-hidden="true" />
                        <Trans>Revoke</Trans>
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
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
      {user.sessions.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No active sessions.</Trans>
        </p>
      ) : (
        <TableFrame label={t`Active sessions`}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">
              <Trans>{username}'s active sessions, newest first</Trans>
            </caption>
            <HeaderRow columns={[t`Signed in`, t`Expires`, t`IP address`, t`Browser`]} />
            <tbody className="divide-y divide-border">
              {user.sessions.map((s) => (
                <tr key={s.id}>
                  <td className={cn(cellClassName, "whitespace-nowrap tabular-nums")}>{formatDateTime(s.createdAt)}</td>
                  <td className={cn(cellClassName, "whitespace-nowrap text-muted-foreground tabular-nums")}>
                    {formatDateTime(s.expiresAt)}
                  </td>
                  <td className={cn(cellClassName, "whitespace-nowrap font-mono text-xs")}>{s.ip ?? "—"}</td>
                  <td className={cellClassName} title={s.userAgent ?? undefined}>
                    {browserOf(s.userAgent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
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

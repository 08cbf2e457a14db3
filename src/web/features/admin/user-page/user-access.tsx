import { useState } from "react";
import { KeyRound, LogOut } from "lucide-react";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/features/admin/admin-fields";
import { ConfirmDialog } from "@/features/admin/confirm-dialog";
import { useCurrentUser } from "@/features/auth";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { cell, HeaderRow, tableWrap } from "./section-state";
import { useRevokeToken, useSignOutEverywhere } from "./user-api";

type Token = AdminUserDetail["apiTokens"][number];

/** The user's API tokens, masked as on their own /api page; Revoke asks first. */
export function UserTokensCard({ user }: { user: AdminUserDetail }) {
  const [revoking, setRevoking] = useState<Token>();
  const revoke = useRevokeToken(user.id, () => setRevoking(undefined));
  return (
    <SectionCard id="user-tokens-title" title="API tokens" description="Automations using a revoked token are refused from then on.">
      {user.apiTokens.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No API tokens.</p>
      ) : (
        <div className={tableWrap}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{user.username}'s API tokens</caption>
            <HeaderRow columns={["Name", "Token", "Created", "Last used", "Actions"]} />
            <tbody className="divide-y divide-border">
              {user.apiTokens.map((t) => (
                <tr key={t.id} aria-label={`API token ${t.name}`}>
                  <th scope="row" className={cn(cell, "font-medium")}>
                    {t.name}
                  </th>
                  <td className={cn(cell, "whitespace-nowrap font-mono text-xs")}>{t.token}</td>
                  <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{formatDateTime(t.createdAt)}</td>
                  <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{t.lastUsed ? formatDateTime(t.lastUsed) : "Never"}</td>
                  <td className={cell}>
                    <Button variant="outline" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke API token ${t.name}`}>
                      <KeyRound aria-hidden="true" />
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title="Revoke API token?"
        description={
          <>
            Automations using “{revoking?.name}” ({revoking?.token}) stop working at once. {user.username} can make a new token on their API page.
          </>
        }
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </SectionCard>
  );
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** A browser and system in a few words, from a User-Agent ("Chrome on Windows"); the whole string is the cell's tooltip. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** The user's sessions not yet expired; "Sign out everywhere" ends them all (asks first). */
export function UserSessionsCard({ user }: { user: AdminUserDetail }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere(user.id, () => setConfirming(false));
  const me = useCurrentUser().user;
  return (
    <SectionCard id="user-sessions-title" title="Active sessions" description="Where the user is signed in now.">
      {user.sessions.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No active sessions.</p>
      ) : (
        <div className={tableWrap}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{user.username}'s active sessions, newest first</caption>
            <HeaderRow columns={["Signed in", "Expires", "IP address", "Browser"]} />
            <tbody className="divide-y divide-border">
              {user.sessions.map((s) => (
                <tr key={s.id}>
                  <td className={cn(cell, "whitespace-nowrap tabular-nums")}>{formatDateTime(s.createdAt)}</td>
                  <td className={cn(cell, "whitespace-nowrap text-muted-foreground tabular-nums")}>{formatDateTime(s.expiresAt)}</td>
                  <td className={cn(cell, "whitespace-nowrap font-mono text-xs")}>{s.ip ?? "—"}</td>
                  <td className={cell} title={s.userAgent ?? undefined}>
                    {browserOf(s.userAgent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4">
        <Button variant="outline" disabled={user.sessions.length === 0} onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" />
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description={
          user.username === me?.username
            ? "Every session of yours ends, this one too: you will sign in again."
            : `Every session of ${user.username} ends; they sign in again. Their API tokens keep working.`
        }
        confirmLabel="Sign out everywhere"
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </SectionCard>
  );
}

/** API tokens, then sessions. */
export function UserAccessCards({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid gap-6">
      <UserTokensCard user={user} />
      <UserSessionsCard user={user} />
    </div>
  );
}

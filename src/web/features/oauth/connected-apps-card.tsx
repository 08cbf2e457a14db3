import { useState } from "react";
import { Ban, Bot } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OAuthConnection } from "../../../shared/schemas/oauth";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageLoading } from "@/components/ui/page-loading";
import { UsageDates } from "@/components/ui/usage-dates";
import { SCOPE_TEXT } from "./scope-text";
import { useOAuthConnections, useRevokeConnection } from "./use-oauth";

/**
 * "Connected apps" on /api (decision 0170): the AI agents the person allowed through OAuth, what
 * each may do, when it was connected and last used, and Revoke (its tokens stop at once).
 */
export function ConnectedAppsCard() {
  const { t } = useLingui();
  const connections = useOAuthConnections();
  const [doomed, setDoomed] = useState<OAuthConnection | null>(null);
  const doomedName = doomed?.clientName ?? "";
  const revoke = useRevokeConnection(() => setDoomed(null));

  return (
    <section aria-labelledby="connected-apps-title" className="grid gap-4">
      <div>
        <h2 id="connected-apps-title" className="text-2xl font-bold tracking-tight">
          <Trans>Connected apps</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>
            AI agents you allowed to use your account by signing in here rather than with a token. Revoke one and it
            stops working at once.
          </Trans>
        </p>
      </div>
      {connections.isPending ? (
        <PageLoading label={t`Loading connected apps`} />
      ) : connections.isError ? (
        <ErrorAlert error={connections.error} />
      ) : connections.data.connections.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          <Trans>No app is connected. When an AI agent asks to connect, you choose here what it may do.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t`Your connected apps`}>
          {connections.data.connections.map((connection) => {
            const { id, clientName, clientId, scopes, createdAt, lastUsed } = connection;
            return (
              <li
                key={id}
                aria-label={clientName}
                className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-border bg-surface/60 p-4"
              >
                <div className="min-w-0 flex-1 basis-64">
                  <div className="flex items-center gap-2">
                    <Bot className="size-4 shrink-0 text-violet-300" aria-hidden="true" />
                    <span className="break-all font-medium">{clientName}</span>
                  </div>
                  <p className="mt-1 break-all font-mono text-xs text-muted-foreground">{clientId}</p>
                  <ul className="mt-2 grid gap-1 text-sm text-muted-foreground" aria-label={t`May do`}>
                    {scopes.map((scope) => (
                      <li key={scope}>{t(SCOPE_TEXT[scope])}</li>
                    ))}
                  </ul>
                </div>
                <UsageDates startLabel={<Trans>Connected</Trans>} startedAt={createdAt} lastUsed={lastUsed} />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={t`Revoke ${clientName}`}
                  onClick={() => setDoomed(connection)}
                >
                  <Ban aria-hidden="true" />
                  <Trans>Revoke</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t`Revoke this app's access?`}
        description={
          doomed ? (
            <Trans>
              "{doomedName}" stops working at once. To use it again, connect it again from the app and allow it here.
            </Trans>
          ) : null
        }
        confirmLabel={t`Revoke Access`}
        pending={revoke.isPending}
        onConfirm={() => doomed && revoke.mutate(doomed.id)}
      />
    </section>
  );
}

import { useState } from "react";
import { KeyRound, Loader2, Plus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { Button } from "@/components/ui/button";
import { PageLoading } from "@/components/ui/page-loading";
import { errorMessage } from "@/lib/api";
import { CreateTokenDialog } from "./create-token-dialog";
import { TokenList } from "./token-list";
import { TokenRevealDialog } from "./token-reveal-dialog";
import { RevokeAllTokens } from "./token-revoke-all";
import { useApiTokens, useCreateDefaultToken, useCreateToken } from "./use-api-tokens";

/** API tokens: the list, create (named, or the default one when there is none), reveal once, revoke all. */
export function TokenSection() {
  const { t } = useLingui();
  const tokens = useApiTokens(true);
  const problem = tokens.isError ? errorMessage(tokens.error) : "";
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<CreatedApiToken | null>(null);
  const show = (token: CreatedApiToken) => {
    setCreating(false);
    setRevealed(token);
  };
  const create = useCreateToken(show);
  const createDefault = useCreateDefaultToken(show);

  return (
    <section aria-labelledby="tokens-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tokens-title" className="text-2xl font-bold tracking-tight">
            <Trans>API tokens</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <Trans>Each token is shown in full once, when it is created. Keep it secret like a password.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {tokens.data && tokens.data.length > 0 ? <RevokeAllTokens count={tokens.data.length} /> : null}
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            <Trans>Create Token</Trans>
          </Button>
        </div>
      </div>

      {tokens.isPending ? (
        <PageLoading label={t`Loading tokens`} />
      ) : tokens.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 p-4 text-sm text-red-200">
          <Trans>Your tokens could not be loaded: {problem}</Trans>
        </p>
      ) : tokens.data.length > 0 ? (
        <TokenList tokens={tokens.data} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border p-8 text-center">
          <KeyRound className="size-8 text-violet-300" aria-hidden="true" />
          <p className="font-semibold">
            <Trans>You have no API token yet</Trans>
          </p>
          <p className="max-w-md text-sm text-muted-foreground">
            <Trans>A token lets n8n, Make or your own scripts make videos with your credits.</Trans>
          </p>
          <Button type="button" disabled={createDefault.isPending} onClick={() => createDefault.mutate()}>
            {createDefault.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <KeyRound aria-hidden="true" />
            )}
            <Trans>Create my API token</Trans>
          </Button>
        </div>
      )}

      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        onCreate={(name) => create.mutate(name)}
        pending={create.isPending}
      />
      <TokenRevealDialog token={revealed} onClose={() => setRevealed(null)} />
    </section>
  );
}

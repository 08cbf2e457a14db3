import { useState } from "react";
import { KeyRound, Loader2, Plus } from "lucide-react";
import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { Button } from "@/components/ui/button";
import { PageLoading } from "@/components/layout/page-loading";
import { errorMessage } from "@/lib/api";
import { CreateTokenDialog } from "./create-token-dialog";
import { TokenList } from "./token-list";
import { TokenRevealDialog } from "./token-reveal-dialog";
import { RevokeAllTokens } from "./token-revoke-all";
import { useApiTokens, useCreateDefaultToken, useCreateToken } from "./use-api-tokens";

/** API tokens: the list, create (named, or the default one when there is none), reveal once, revoke all. */
export function TokenSection() {
  const tokens = useApiTokens(true);
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
            API tokens
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Each token is shown in full once, when it is created. Keep it secret like a password.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {tokens.data && tokens.data.length > 0 ? <RevokeAllTokens count={tokens.data.length} /> : null}
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Token
          </Button>
        </div>
      </div>

      {tokens.isPending ? (
        <PageLoading label="Loading tokens" />
      ) : tokens.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 p-4 text-sm text-red-200">
          Your tokens could not be loaded: {errorMessage(tokens.error)}
        </p>
      ) : tokens.data.length > 0 ? (
        <TokenList tokens={tokens.data} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border p-8 text-center">
          <KeyRound className="size-8 text-violet-300" aria-hidden="true" />
          <p className="font-semibold">You have no API token yet</p>
          <p className="max-w-md text-sm text-muted-foreground">A token lets n8n, Make or your own scripts make videos with your credits.</p>
          <Button type="button" disabled={createDefault.isPending} onClick={() => createDefault.mutate()}>
            {createDefault.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            Create my API token
          </Button>
        </div>
      )}

      <CreateTokenDialog open={creating} onOpenChange={setCreating} onCreate={(name) => create.mutate(name)} pending={create.isPending} />
      <TokenRevealDialog token={revealed} onClose={() => setRevealed(null)} />
    </section>
  );
}

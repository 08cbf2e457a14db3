import { useState } from "react";
import { KeyRound, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ApiTokenView } from "../../../shared/schemas/api-tokens";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { UsageDates } from "@/components/ui/usage-dates";
import { useDeleteToken } from "./use-api-tokens";

/** The user's tokens, masked (first and last 8 characters), each with a confirmed delete. */
export function TokenList({ tokens }: { tokens: readonly ApiTokenView[] }) {
  const { t } = useLingui();
  const [doomed, setDoomed] = useState<ApiTokenView | null>(null);
  const doomedName = doomed?.name ?? "";
  const remove = useDeleteToken(() => setDoomed(null));

  return (
    <>
      <ul className="grid gap-3" aria-label={t`Your API tokens`}>
        {tokens.map((token) => {
          const { id, name, isActive, createdAt, lastUsed } = token;
          return (
            <li
              key={id}
              aria-label={name}
              className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-border bg-surface/60 p-4"
            >
              <div className="min-w-0 flex-1 basis-64">
                <div className="flex flex-wrap items-center gap-2">
                  <KeyRound className="size-4 text-violet-300" aria-hidden="true" />
                  <span className="break-all font-medium">{name}</span>
                  {isActive ? (
                    <Badge variant="success">
                      <Trans>Active</Trans>
                    </Badge>
                  ) : (
                    <Badge variant="secondary">
                      <Trans>Inactive</Trans>
                    </Badge>
                  )}
                </div>
                <code
                  className="mt-2 block break-all font-mono text-sm text-muted-foreground"
                  aria-label={t`Masked token`}
                >
                  {token.token}
                </code>
              </div>
              <UsageDates startLabel={<Trans>Created</Trans>} startedAt={createdAt} lastUsed={lastUsed} />
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={t`Delete token ${name}`}
                onClick={() => setDoomed(token)}
              >
                <Trash2 aria-hidden="true" />
                <Trans>Delete</Trans>
              </Button>
            </li>
          );
        })}
      </ul>

      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t`Delete this API token?`}
        description={
          doomed ? (
            <Trans>
              "{doomedName}" stops working at once: automations that use it get 401 until they use another token.
            </Trans>
          ) : null
        }
        confirmLabel={t`Delete Token`}
        pending={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.id)}
      />
    </>
  );
}

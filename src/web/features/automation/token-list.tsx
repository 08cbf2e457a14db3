import { useState } from "react";
import { KeyRound, Loader2, Trash2 } from "lucide-react";
import type { ApiTokenView } from "../../../shared/schemas/api-tokens";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { useDeleteToken } from "./use-api-tokens";

/** The user's tokens, masked (first and last 8 characters), each with a confirmed delete. */
export function TokenList({ tokens }: { tokens: readonly ApiTokenView[] }) {
  const [doomed, setDoomed] = useState<ApiTokenView | null>(null);
  const remove = useDeleteToken(() => setDoomed(null));

  return (
    <>
      <ul className="grid gap-3" aria-label="Your API tokens">
        {tokens.map((token) => (
          <li key={token.id} aria-label={token.name} className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-border bg-surface/60 p-4">
            <div className="min-w-0 flex-1 basis-64">
              <div className="flex flex-wrap items-center gap-2">
                <KeyRound className="size-4 text-violet-300" aria-hidden="true" />
                <span className="break-all font-medium">{token.name}</span>
                {token.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
              </div>
              <code className="mt-2 block break-all font-mono text-sm text-muted-foreground" aria-label="Masked token">
                {token.token}
              </code>
            </div>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs text-muted-foreground">
              <dt>Created</dt>
              <dd className="text-foreground">{formatDateTime(token.createdAt)}</dd>
              <dt>Last used</dt>
              <dd className="text-foreground">{token.lastUsed ? formatDateTime(token.lastUsed) : "Never"}</dd>
            </dl>
            <Button type="button" variant="outline" size="sm" aria-label={`Delete token ${token.name}`} onClick={() => setDoomed(token)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </li>
        ))}
      </ul>

      <Dialog open={doomed !== null} onOpenChange={(open) => !open && setDoomed(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this API token?</DialogTitle>
            <DialogDescription>
              {doomed ? `"${doomed.name}" stops working at once: automations that use it get 401 until they use another token.` : ""}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDoomed(null)}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => doomed && remove.mutate(doomed.id)}>
              {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
              Delete Token
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

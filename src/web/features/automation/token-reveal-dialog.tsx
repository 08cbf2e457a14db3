import { TriangleAlert } from "lucide-react";
import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CopyButton } from "./copy-button";

/** The one time a token is shown in full (only its hash is stored). */
export function TokenRevealDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Your new API token</DialogTitle>
          <DialogDescription>{token ? `"${token.name}" is ready. Use it as a Bearer token.` : ""}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <code
            aria-label="Full API token"
            className="block select-all break-all rounded-lg border border-border bg-black/40 p-3 font-mono text-sm text-emerald-200"
          >
            {token?.token}
          </code>
          <CopyButton text={token?.token ?? ""} label="Copy API token" className="justify-self-start" />
          <p className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-200">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Copy it now: it will not be shown again. If you lose it, delete it and create a new one.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            I have copied it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

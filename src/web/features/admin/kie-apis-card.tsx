import { useState } from "react";
import { Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import type { KieApiView } from "../../../shared/schemas/kie-apis";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCredits, formatDateTime } from "@/lib/format";
import { useCheckKieBalance, useDeleteKieApi, useKieApis } from "./admin-api";
import { SectionCard } from "./admin-fields";
import { ConfirmDialog } from "./confirm-dialog";
import { KieApiDialog } from "./kie-api-dialog";
import { QueryState } from "./query-state";

function AccountRow({ a, onEdit, onDelete }: { a: KieApiView; onEdit: () => void; onDelete: () => void }) {
  const check = useCheckKieBalance();
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center" aria-label={`KIE API ${a.name}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {a.name}
          <Badge variant={a.status === "Available" ? "success" : "warning"}>{a.status}</Badge>
          {a.isEnabled ? null : <Badge variant="secondary">Disabled</Badge>}
        </p>
        <p className="mt-0.5 break-all font-mono text-xs text-muted-foreground">{a.token}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatCredits(a.totalCredits)} credits · Quality {a.veo3QualityCredits} / Fast {a.veo3FastCredits} / Lite {a.veo3LiteCredits} per video · used{" "}
          {formatCredits(a.totalUsage)} · {a.taskCount} videos · last used {a.lastUsed ? formatDateTime(a.lastUsed) : "never"}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate(a.id)} aria-label={`Check balance of ${a.name}`}>
          <RefreshCw className={check.isPending ? "animate-spin" : undefined} aria-hidden="true" />
          Check Balance
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${a.name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${a.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Provider API (KIE) accounts with add, edit, delete and a balance check (decision 0021). */
export function KieApisCard() {
  const query = useKieApis();
  const [editing, setEditing] = useState<KieApiView | "new">();
  const [deleting, setDeleting] = useState<KieApiView>();
  const remove = useDeleteKieApi(() => setDeleting(undefined));

  return (
    <SectionCard
      id="kie-apis-title"
      title="Provider API (KIE)"
      description="'Available' from 400 KIE credits, else 'Low Credits'. Check Balance asks KIE for the real figure."
    >
      <div className="mb-4 flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Add KIE API
        </Button>
      </div>
      <QueryState query={query} what="provider accounts" empty="No provider accounts: videos use the KIE token above, KIE_API_KEY, or the simulator.">
        {(accounts) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {accounts.map((a) => (
              <AccountRow key={a.id} a={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <KieApiDialog
          key={editing === "new" ? "new" : editing.id}
          account={editing === "new" ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete KIE API?"
        description={`“${deleting?.name ?? ""}” is no longer used for new videos. Videos it made keep their history and credits.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SectionCard>
  );
}

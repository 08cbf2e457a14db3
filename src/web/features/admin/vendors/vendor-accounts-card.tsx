import { useState } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import type { VendorAccountView } from "../../../../shared/schemas/vendor-accounts";
import { modelCostOf } from "../../../../shared/vendor-costs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { modelLabel } from "@/lib/catalogue-text";
import { formatCredits, formatDateTime } from "@/lib/format";
import { modelsMadeBy, vendorLabel } from "./account-vendors";
import { useCheckKieBalance, useDeleteVendorAccount, useVendorAccounts } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { VendorAccountDialog } from "./vendor-account-dialog";
import { QueryState } from "@/components/ui/query-state";

function AccountRow({ a, onEdit, onDelete }: { a: VendorAccountView; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const check = useCheckKieBalance();
  const { name, taskCount } = a;
  // Each model's cost: the account's own, or the default (marked as such).
  const costs = modelsMadeBy(a.vendor)
    .map((model) => {
      const label = modelLabel(model);
      const cost = formatCredits(modelCostOf(a.modelCosts, model));
      return a.modelCosts[model] === undefined ? t`${label} ${cost} (default)` : `${label} ${cost}`;
    })
    .join(" / ");
  const credits = formatCredits(a.totalCredits);
  const used = formatCredits(a.totalUsage);
  const when = a.lastUsed ? formatDateTime(a.lastUsed) : null;
  const lastUsed = when ? t`last used ${when}` : t`last used never`;
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center" aria-label={t`KIE API ${name}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {a.name}
          <Badge variant={a.status === "Available" ? "success" : "warning"}>
            {a.status === "Available" ? t`Available` : t`Low Credits`}
          </Badge>
          <Badge variant="secondary">{vendorLabel(a.vendor)}</Badge>
          {a.isEnabled ? null : (
            <Badge variant="secondary">
              <Trans>Disabled</Trans>
            </Badge>
          )}
        </p>
        <p className="mt-0.5 break-all font-mono text-xs text-muted-foreground">{a.token}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>
            {credits} credits · {costs} per video · used {used} ·{" "}
            <Plural value={taskCount} one="# video" other="# videos" /> · {lastUsed}
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* Only KIE reports a balance; Google bills the key's Cloud project. */}
        {a.vendor === "kie" ? (
          <Button
            variant="outline"
            size="sm"
            disabled={check.isPending}
            onClick={() => check.mutate(a.id)}
            aria-label={t`Check balance of ${name}`}
          >
            <RefreshCw className={check.isPending ? "animate-spin" : undefined} aria-hidden="true" />
            <Trans>Check Balance</Trans>
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t`Edit ${name}`}>
          <Pencil aria-hidden="true" />
          <Trans>Edit</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={t`Delete ${name}`}>
          <Trash2 aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}

/** Provider accounts (KIE.ai or Google) with add, edit, delete and, for KIE, a balance check (decisions 0021, 0098). */
export function VendorAccountsCard() {
  const { t } = useLingui();
  const query = useVendorAccounts();
  const [editing, setEditing] = useState<VendorAccountView | "new">();
  const [deleting, setDeleting] = useState<VendorAccountView>();
  const remove = useDeleteVendorAccount(() => setDeleting(undefined));
  const deletingName = deleting?.name ?? "";

  return (
    <SectionCard
      id="kie-apis-title"
      title={t`Provider API (KIE)`}
      description={t`'Available' from 400 KIE credits, else 'Low Credits'. Check Balance asks KIE for the real figure.`}
    >
      <div className="mb-4 flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add KIE API</Trans>
        </Button>
      </div>
      <QueryState
        query={query}
        what={t`provider accounts`}
        empty={t`No provider accounts: videos use the KIE token above, KIE_API_KEY, or the simulator.`}
      >
        {(accounts) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {accounts.map((a) => (
              <AccountRow key={a.id} a={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <VendorAccountDialog
          key={editing === "new" ? "new" : editing.id}
          account={editing === "new" ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={t`Delete KIE API?`}
        description={t`“${deletingName}” is no longer used for new videos. Videos it made keep their history and credits.`}
        confirmLabel={t`Delete`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SectionCard>
  );
}

import { useState } from "react";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { AdminCreditPackageView } from "../../../shared/schemas/packages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCredits } from "@/lib/format";
import { useAdminPackages, useDeletePackage } from "./packages-api";
import { SectionCard } from "./admin-fields";
import { ConfirmDialog } from "./confirm-dialog";
import { PackageDialog } from "./package-dialog";
import { QueryState } from "./query-state";

/** Credit Packages list with add, edit and delete (decision 0015). */
export function PackagesCard() {
  const query = useAdminPackages();
  const [editing, setEditing] = useState<AdminCreditPackageView | "new">();
  const [deleting, setDeleting] = useState<AdminCreditPackageView>();
  const remove = useDeletePackage(() => setDeleting(undefined));

  return (
    <SectionCard id="packages-title" title="Credit Packages" description="What people can buy. A package with purchases is deactivated instead of deleted.">
      <div className="mb-4 flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Add Package
        </Button>
      </div>
      <QueryState query={query} what="packages" empty="No packages yet: buyers see the built-in fallback packages.">
        {(packages) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {packages.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={`Package ${p.name}`}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {p.name}
                    {p.popular ? <Badge>Most Popular</Badge> : null}
                    <Badge variant={p.isActive ? "success" : "secondary"}>{p.isActive ? "Active" : "Inactive"}</Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatCredits(p.credits)} credits · ${p.price}
                    {p.creemProductId ? ` · Creem ${p.creemProductId}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <PackageDialog
          key={editing === "new" ? "new" : editing.id}
          pkg={editing === "new" ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete package?"
        description={`“${deleting?.name ?? ""}” disappears from the pricing pages. If people bought it, it is deactivated instead so their purchases keep their record.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SectionCard>
  );
}

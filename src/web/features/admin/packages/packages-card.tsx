import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import type { AdminCreditPackageView } from "../../../../shared/schemas/packages";
import { Button } from "@/components/ui/button";
import { useAdminPackages, useDeletePackage } from "./packages-api";
import { useAdminSettings } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PackageDialog } from "./package-dialog";
import { usePackageEconomics } from "./package-economics";
import { PackageRow } from "./package-row";
import { QueryState } from "@/components/ui/query-state";

/** Credit Packages list with add, edit and delete (decision 0015). */
export function PackagesCard() {
  const { t } = useLingui();
  const query = useAdminPackages();
  const settings = useAdminSettings();
  const economics = usePackageEconomics();
  const [editing, setEditing] = useState<AdminCreditPackageView | "new">();
  const [deleting, setDeleting] = useState<AdminCreditPackageView>();
  const remove = useDeletePackage(() => setDeleting(undefined));
  const deletingName = deleting?.name ?? "";

  return (
    <SectionCard
      id="packages-title"
      title={t`Credit Packages`}
      description={t`What people can buy. A package with purchases is deactivated instead of deleted.`}
    >
      <div className="mb-4 flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add Package</Trans>
        </Button>
      </div>
      <QueryState
        query={query}
        what={t`packages`}
        empty={t`No packages yet: buyers are told that buying credits is not set up yet. Add one to start selling.`}
      >
        {(packages) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {packages.map((p) => (
              <PackageRow
                key={p.id}
                pkg={p}
                economics={economics}
                creemOn={settings.data?.creemEnabled ?? false}
                onEdit={() => setEditing(p)}
                onDelete={() => setDeleting(p)}
              />
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
        title={t`Delete package?`}
        description={t`“${deletingName}” disappears from the pricing pages. If people bought it, it is deactivated instead so their purchases keep their record.`}
        confirmLabel={t`Delete`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SectionCard>
  );
}

import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus, Trash2 } from "lucide-react";
import type { AdminCreditPackageView } from "../../../../shared/schemas/packages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCredits, formatMoney } from "@/lib/format";
import { useAdminPackages, useDeletePackage } from "./packages-api";
import { useAdminSettings } from "@/features/admin/admin-api";
import { CreditValueForm } from "./credit-value-form";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PackageDialog } from "./package-dialog";
import { QueryState } from "@/components/ui/query-state";

/** Credit Packages list with add, edit and delete (decision 0015). */
export function PackagesCard() {
  const { t } = useLingui();
  const query = useAdminPackages();
  const settings = useAdminSettings();
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
        empty={t`No packages yet: buyers see the built-in fallback packages.`}
      >
        {(packages) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {packages.map((p) => {
              const { name } = p;
              const credits = formatCredits(p.credits);
              const price = formatMoney(Number(p.price), "USD");
              const bonus = formatCredits(p.bonusCredits);
              return (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                  aria-label={t`Package ${name}`}
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {p.name}
                      {p.popular ? (
                        <Badge>
                          <Trans>Most Popular</Trans>
                        </Badge>
                      ) : null}
                      <Badge variant={p.isActive ? "success" : "secondary"}>
                        {p.isActive ? t`Active` : t`Inactive`}
                      </Badge>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {plural(p.credits, {
                        one: `${credits} credit · ${price}`,
                        other: `${credits} credits · ${price}`,
                      })}
                      {p.bonusCredits > 0
                        ? ` · ${plural(p.bonusCredits, { one: `+${bonus} bonus credit`, other: `+${bonus} bonus credits` })}`
                        : ""}
                      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- Creem is a brand name, followed by its product id */}
                      {p.creemProductId ? ` · Creem ${p.creemProductId}` : ""}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(p)} aria-label={t`Edit ${name}`}>
                      <Pencil aria-hidden="true" />
                      <Trans>Edit</Trans>
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setDeleting(p)} aria-label={t`Delete ${name}`}>
                      <Trash2 aria-hidden="true" />
                      <Trans>Delete</Trans>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {settings.data ? (
        <CreditValueForm key={`credit-value-${settings.data.updatedAt}`} stored={settings.data.creditValueUsd} />
      ) : null}
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

import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import type { AdminPlanView } from "../../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { SectionCard } from "@/components/ui/section-card";
import { PlanDialog } from "./plan-dialog";
import { PlanRow } from "./plan-row";
import { useAdminPlans, useDeletePlan } from "./plans-api";

/** The plans beside the packages (issue 69): list, add, edit and delete. */
export function PlansCard() {
  const { t } = useLingui();
  const query = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlanView | "new">();
  const [deleting, setDeleting] = useState<AdminPlanView>();
  const remove = useDeletePlan(() => setDeleting(undefined));
  const deletingName = deleting?.name ?? "";

  return (
    <SectionCard
      id="plans-title"
      title={t`Subscription Plans`}
      description={t`What people can subscribe to, monthly or yearly. A price change applies to new subscribers only. A plan with subscribers is taken off sale instead of deleted.`}
    >
      <div className="mb-4 flex justify-end">
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add Plan</Trans>
        </Button>
      </div>
      <QueryState query={query} what={t`plans`} empty={t`No plans yet: /pricing shows the packages only.`}>
        {(plans) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {plans.map((plan) => (
              <PlanRow key={plan.id} plan={plan} onEdit={() => setEditing(plan)} onDelete={() => setDeleting(plan)} />
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <PlanDialog
          key={editing === "new" ? "new" : editing.id}
          plan={editing === "new" ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={t`Delete plan?`}
        description={t`“${deletingName}” disappears from /pricing. If anyone is subscribed to it, it is taken off sale instead and their plan goes on.`}
        confirmLabel={t`Delete`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </SectionCard>
  );
}

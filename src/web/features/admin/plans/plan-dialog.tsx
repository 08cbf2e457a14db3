import { useState, type FormEvent } from "react";
import { Info } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminPlanView } from "../../../../shared/schemas/plans";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { useBelowCostConfirmation } from "@/features/admin/below-cost-confirmation";
import { PlanAmountFields } from "./plan-amount-fields";
import { bodyOf, draftOf, problemOf, type PlanDraft } from "./plan-draft";
import { PlanPerkFields } from "./plan-perk-fields";
import { useSavePlan } from "./plans-api";

/** Add or edit a plan; `plan` undefined means a new one. A sale below cost is asked about first. */
export function PlanDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan?: AdminPlanView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [d, setD] = useState(() => draftOf(plan));
  const [problem, setProblem] = useState<string>();
  const save = useSavePlan(() => onOpenChange(false));
  const confirmation = useBelowCostConfirmation();
  const set =
    <K extends keyof PlanDraft>(key: K) =>
    (value: PlanDraft[K]) =>
      setD((x) => ({ ...x, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(d);
    setProblem(found && t(found));
    if (found) return;
    const body = bodyOf(d);
    save.mutate(
      { id: plan?.id, body },
      {
        onError: (error) =>
          confirmation.ask(error, () => save.mutate({ id: plan?.id, body: { ...body, confirmBelowCost: true } })),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{plan ? t`Edit Plan` : t`Add Plan`}</DialogTitle>
          <DialogDescription>
            <Trans>What subscribers see on /pricing.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <p className="flex items-start gap-2 rounded-lg border border-border bg-surface-raised/60 p-3 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-violet-300" aria-hidden="true" />
            <Trans>A price change applies to new subscribers only.</Trans>
          </p>
          <TextField id="plan-name" label={t`Plan name`} value={d.name} onValueChange={set("name")} />
          <TextField
            id="plan-description"
            label={t`Description (optional)`}
            value={d.description}
            onValueChange={set("description")}
          />
          <PlanAmountFields draft={d} set={set} />
          <PlanPerkFields draft={d} set={set} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="plan-creem-monthly"
              label={t`Creem product ID, monthly (optional)`}
              value={d.creemProductMonthly}
              onValueChange={set("creemProductMonthly")}
            />
            <TextField
              id="plan-creem-yearly"
              label={t`Creem product ID, yearly (optional)`}
              value={d.creemProductYearly}
              onValueChange={set("creemProductYearly")}
            />
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">
            <Trans>PayPal needs no IDs here: its billing plans are made from this plan.</Trans>
          </p>
          <div className="flex flex-wrap gap-5">
            <CheckboxField id="plan-active" label={t`Active`} checked={d.isActive} onCheckedChange={set("isActive")} />
            <CheckboxField
              id="plan-popular"
              label={t`Most Popular`}
              checked={d.popular}
              onCheckedChange={set("popular")}
            />
          </div>
          <FormFooter
            problem={problem}
            pending={save.isPending}
            saveLabel={t`Save Plan`}
            onCancel={() => onOpenChange(false)}
          />
        </form>
        {confirmation.dialog}
      </DialogContent>
    </Dialog>
  );
}

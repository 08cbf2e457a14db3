import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminCreditPackageView } from "../../../../shared/schemas/packages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useSavePackage } from "./packages-api";
import { draftOf, problemOf } from "./package-draft";
import { FormFooter } from "@/components/ui/form-footer";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { useBelowCostConfirmation } from "@/features/admin/below-cost-confirmation";
import { PackagePriceAdvice } from "./package-price-advice";

/** Add or edit a credit package; `pkg` undefined means a new one. */
export function PackageDialog({
  pkg,
  open,
  onOpenChange,
}: {
  pkg?: AdminCreditPackageView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [d, setD] = useState(() => draftOf(pkg));
  const [problem, setProblem] = useState<string>();
  const save = useSavePackage(() => onOpenChange(false));
  const confirmation = useBelowCostConfirmation();
  const set =
    <K extends keyof typeof d>(key: K) =>
    (value: (typeof d)[K]) =>
      setD((x) => ({ ...x, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(d);
    setProblem(found && t(found));
    if (found) return;
    const body = {
      ...d,
      name: d.name.trim(),
      credits: Number(d.credits),
      price: d.price.trim(),
      bonusCredits: Number(d.bonusCredits.trim() || 0),
    };
    save.mutate(
      { id: pkg?.id, body },
      {
        onError: (error) =>
          confirmation.ask(error, () => save.mutate({ id: pkg?.id, body: { ...body, confirmBelowCost: true } })),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{pkg ? t`Edit Package` : t`Add Package`}</DialogTitle>
          <DialogDescription>
            <Trans>What buyers see on /pricing and /purchase-credits.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField id="package-name" label={t`Package name`} value={d.name} onValueChange={set("name")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="package-credits"
              label={t`Credits`}
              inputMode="numeric"
              value={d.credits}
              onValueChange={set("credits")}
            />
            <TextField
              id="package-price"
              label={t`Price (USD)`}
              inputMode="decimal"
              placeholder="10.00"
              value={d.price}
              onValueChange={set("price")}
            />
          </div>
          <PackagePriceAdvice
            credits={Number(d.credits)}
            bonusCredits={Number(d.bonusCredits.trim() || 0)}
            price={d.price}
            onUsePrice={set("price")}
          />
          <TextField
            id="package-creem"
            label={t`Creem product ID (optional)`}
            value={d.creemProductId}
            onValueChange={set("creemProductId")}
          />
          <TextField
            id="package-description"
            label={t`Description (optional)`}
            value={d.description}
            onValueChange={set("description")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="package-bonus-credits"
              label={t`Bonus credits`}
              inputMode="numeric"
              placeholder="0"
              value={d.bonusCredits}
              onValueChange={set("bonusCredits")}
            />
            <TextField
              id="package-bonus"
              label={t`Bonus note (optional)`}
              placeholder={t`Launch offer`}
              value={d.bonus}
              onValueChange={set("bonus")}
            />
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">
            <Trans>Bonus credits are added with each purchase, as their own row in the buyer's history.</Trans>
          </p>
          <div className="flex flex-wrap gap-5">
            <CheckboxField
              id="package-active"
              label={t`Active`}
              checked={d.isActive}
              onCheckedChange={set("isActive")}
            />
            <CheckboxField
              id="package-popular"
              label={t`Most Popular`}
              checked={d.popular}
              onCheckedChange={set("popular")}
            />
          </div>
          <FormFooter
            problem={problem}
            pending={save.isPending}
            saveLabel={t`Save Package`}
            onCancel={() => onOpenChange(false)}
          />
        </form>
        {confirmation.dialog}
      </DialogContent>
    </Dialog>
  );
}

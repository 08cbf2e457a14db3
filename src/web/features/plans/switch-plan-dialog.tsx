import { useMutation } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import type { PlanInterval, PlanView, SubscriptionView } from "../../../shared/schemas/plans";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { isUpgrade } from "./plan-prices";
import { announcePlanChange } from "./plan-feedback";
import { PaypalChangeNote } from "./paypal-change-note";
import { changePlan, refreshAfterPlanChange } from "./plans-api";

export interface SwitchChoice {
  plan: PlanView;
  interval: PlanInterval;
}

/**
 * "Switch to Pro?": an upgrade starts now (the difference charged for the rest of the period), a
 * downgrade when the period ends; on PayPal, at the next billing cycle once approved there. The
 * server's answer says which happened; PayPal's approval page opens when it asks for one.
 */
export function SwitchPlanDialog({
  choice,
  current,
  onClose,
}: {
  choice: SwitchChoice | null;
  current: SubscriptionView;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const change = useMutation({
    mutationFn: ({ plan, interval }: SwitchChoice) => changePlan(plan.id, interval),
    onSuccess: (result, { plan }) => {
      announcePlanChange(result, plan.name);
      void refreshAfterPlanChange();
      if (result.approveUrl) window.location.assign(result.approveUrl);
      else onClose();
    },
  });
  const planName = choice?.plan.name ?? "";
  const upgrade = choice ? isUpgrade(choice.plan, choice.interval, current) : false;
  const description =
    current.provider === "paypal"
      ? t`You move to ${planName} at your next PayPal billing cycle.`
      : upgrade
        ? t`You move to ${planName} now and pay the difference for the rest of this period.`
        : t`You move to ${planName} when this period ends; until then your plan stays as it is.`;
  return (
    <ConfirmDialog
      open={choice !== null}
      onOpenChange={(open) => {
        if (open || change.isPending) return;
        change.reset();
        onClose();
      }}
      title={t`Switch to ${planName}?`}
      description={description}
      confirmLabel={t`Switch plan`}
      variant="default"
      pending={change.isPending}
      onConfirm={() => choice && change.mutate(choice)}
    >
      {current.provider === "paypal" ? <PaypalChangeNote /> : null}
      <ErrorAlert error={change.error} />
    </ConfirmDialog>
  );
}

import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate } from "@/lib/format";
import { announcePlanAction } from "./plan-feedback";
import { cancelPlan, refreshAfterPlanChange } from "./plans-api";

/** "Your plan stays until 12/1/2026; its credits expire then." */
function staysUntilText(sub: Pick<SubscriptionView, "currentPeriodEnd">): string {
  if (!sub.currentPeriodEnd) return t`Your plan stays until the end of this period; its credits expire then.`;
  const date = formatDate(sub.currentPeriodEnd);
  return t`Your plan stays until ${date}; its credits expire then.`;
}

/** Cancel at the period's end, asked first: until then the plan and its credits stay. */
export function CancelPlanDialog({
  sub,
  open,
  onOpenChange,
}: {
  sub: SubscriptionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const cancel = useMutation({
    mutationFn: cancelPlan,
    onSuccess: (result) => {
      announcePlanAction(t`Plan cancelled`, result.message, staysUntilText(sub));
      void refreshAfterPlanChange();
      onOpenChange(false);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        if (!next) cancel.reset();
        onOpenChange(next);
      }}
      title={t`Cancel your plan?`}
      description={staysUntilText(sub)}
      confirmLabel={t`Cancel plan`}
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate()}
    >
      <ErrorAlert error={cancel.error} />
    </ConfirmDialog>
  );
}

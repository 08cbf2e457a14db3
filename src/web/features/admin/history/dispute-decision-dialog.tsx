import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentDisputeView, PaymentOrderState } from "../../../../shared/schemas/admin-payments";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { errorMessage } from "@/lib/api";
import { ActionFooter } from "@/features/admin/action-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { formatMoney } from "@/features/admin/overview/overview-format";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";
import { decimalOf } from "./order-money";
import { useDecideDispute } from "./payment-orders-api";

/** Mark won / Mark lost for an open Creem dispute (Creem sends no event when one ends), with a reason. */
export function DisputeDecisionDialog({
  order,
  dispute,
  outcome,
  onClose,
}: {
  order: PaymentOrderState;
  dispute: PaymentDisputeView;
  outcome: "won" | "lost";
  onClose: () => void;
}) {
  const { t } = useLingui();
  const decide = useDecideDispute();
  const check = useReasonCheck();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const amount = formatMoney(decimalOf(dispute.amountCents), order.currency);

  const submit = () => {
    const wrong = check(reason);
    setProblem(wrong);
    if (wrong) return;
    decide.mutate(
      { orderId: order.id, disputeId: dispute.providerDisputeId, outcome, reason: tidyReason(reason) },
      { onSuccess: onClose, onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <AdminFormDialog
      title={outcome === "won" ? <Trans>Mark this dispute won?</Trans> : <Trans>Mark this dispute lost?</Trans>}
      description={
        outcome === "won" ? (
          <Trans>The hold on the order's credits ends and new videos can be made again.</Trans>
        ) : (
          <Trans>The disputed {amount} is reversed: the order's credits are taken back in proportion.</Trans>
        )
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="font-mono text-xs text-muted-foreground">{dispute.providerDisputeId}</p>
      <ReasonField id="dispute-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
      <ActionFooter
        problem={problem}
        pending={decide.isPending}
        actionLabel={outcome === "won" ? t`Mark won` : t`Mark lost`}
        variant={outcome === "won" ? "default" : "destructive"}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}

import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PaymentOrderState } from "../../../../shared/schemas/admin-payments";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { ActionFooter } from "@/features/admin/action-footer";
import { CheckboxField } from "@/features/admin/admin-fields";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { formatMoney, providerLabel } from "@/features/admin/overview/overview-format";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";
import { centsOf, decimalOf, refundableCents } from "./order-money";
import { useRefundOrder } from "./payment-orders-api";

/**
 * Refund… for a paid order: the amount (what is left, prefilled), a reason, and for Creem the
 * admin's word that the refund was made in Creem's dashboard. Sends the refunded amount as seen,
 * so a refund made meanwhile is not repeated (409).
 */
export function OrderRefundDialog({
  order,
  username,
  onClose,
}: {
  order: PaymentOrderState;
  username: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const refund = useRefundOrder();
  const check = useReasonCheck();
  const left = refundableCents(order);
  const [amount, setAmount] = useState(decimalOf(left));
  const [reason, setReason] = useState("");
  const [byHand, setByHand] = useState(false);
  const [problem, setProblem] = useState<string>();
  const creem = order.provider === "creem";
  const currency = order.currency;
  const provider = providerLabel(order.provider);
  const paid = formatMoney(order.amount, order.currency);
  const leftText = formatMoney(decimalOf(left), order.currency);

  const submit = () => {
    const text = amount.trim();
    let wrong: string | undefined;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) wrong = t`Give the amount to refund as a number, e.g. 9.99.`;
    else if (centsOf(text) <= 0 || centsOf(text) > left) wrong = t`Refund more than 0 and at most ${leftText}.`;
    else if (creem && !byHand) wrong = t`Refund it in Creem's dashboard first, then tick the box.`;
    else wrong = check(reason);
    setProblem(wrong);
    if (wrong) return;
    refund.mutate(
      {
        orderId: order.id,
        amount: text,
        reason: tidyReason(reason),
        expectedRefundedCents: order.refundedCents,
        recordedByHand: creem,
      },
      { onSuccess: onClose, onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <AdminFormDialog
      title={<Trans>Refund this payment?</Trans>}
      description={
        creem ? (
          <Trans>
            Creem has no refund call: refund it in Creem's dashboard, then record it here. The credits it bought are
            taken back from {username} in proportion; what they already spent is owed.
          </Trans>
        ) : (
          <Trans>
            The money is refunded through {provider}. The credits it bought are taken back from {username} in
            proportion; what they already spent is owed.
          </Trans>
        )
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-border bg-zinc-950/40 px-3.5 py-2.5 text-sm">
        <dt className="text-muted-foreground">
          <Trans>Order</Trans>
        </dt>
        <dd className="break-words">
          {order.packageName} · {provider}
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Paid</Trans>
        </dt>
        <dd className="tabular-nums">{paid}</dd>
        <dt className="text-muted-foreground">
          <Trans>Left to refund</Trans>
        </dt>
        <dd className="tabular-nums">{leftText}</dd>
      </dl>
      <div className="grid gap-1.5">
        <Label htmlFor="order-refund-amount">
          <Trans>Amount ({currency})</Trans>
        </Label>
        <Input
          id="order-refund-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          autoComplete="off"
        />
      </div>
      <ReasonField id="order-refund-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
      {creem ? (
        <CheckboxField
          id="order-refund-by-hand"
          label={t`I refunded this in Creem's dashboard`}
          checked={byHand}
          onCheckedChange={setByHand}
        />
      ) : null}
      <ActionFooter
        problem={problem}
        pending={refund.isPending}
        actionLabel={creem ? <Trans>Record refund</Trans> : <Trans>Refund</Trans>}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}

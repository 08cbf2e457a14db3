/**
 * Money going back on the admin pages (issue 39, decision 0084): an order's refund and dispute
 * badges, and the two actions on a paid order: Refund… (through the provider, or recorded by hand
 * for Creem) and deciding an open Creem dispute. Shared by the user's page and /history.
 */
import { useState, type FormEvent } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t as tMacro } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { adminPaymentsApi } from "../../../../shared/api/admin-payments";
import type { PaymentDisputeView, PaymentOrderState } from "../../../../shared/schemas/admin-payments";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { CheckboxField } from "@/features/admin/admin-fields";
import { formatMoney, providerLabel } from "@/features/admin/overview/overview-format";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";
import { refreshUsers } from "@/features/admin/users/users-api";

/** "9.99" -> 999, without floating-point drift. */
function centsOf(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** 450 -> "4.50": what the refund form takes. */
const decimalOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** What is left to refund of an order, in cents. */
const refundableCents = (order: PaymentOrderState) => Math.max(0, centsOf(order.amount) - order.refundedCents);

type MoneyBadge = { key: string; label: MessageDescriptor; variant: BadgeProps["variant"] };

/** The badges of an order whose money went (or may go) back: a dispute's state, then its refunds. */
function orderMoneyBadges(order: PaymentOrderState): MoneyBadge[] {
  const badges: MoneyBadge[] = [];
  if (order.disputeStatus === "open") badges.push({ key: "disputed", label: msg`Disputed`, variant: "destructive" });
  if (order.disputeStatus === "lost") badges.push({ key: "lost", label: msg`Chargeback lost`, variant: "destructive" });
  if (order.disputeStatus !== "lost" && order.refundedCents > 0)
    badges.push(
      order.refundedCents >= centsOf(order.amount)
        ? // "Refunded" is also said of credits given back: a payment's has its own entry in the catalogues.
          { key: "refunded", label: msg({ message: "Refunded", context: "payment order" }), variant: "warning" }
        : { key: "partly", label: msg`Partly refunded`, variant: "warning" },
    );
  return badges;
}

export function OrderMoneyBadges({ order }: { order: PaymentOrderState }) {
  const { t } = useLingui();
  const badges = orderMoneyBadges(order);
  if (badges.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badges.map((b) => (
        <Badge key={b.key} variant={b.variant} data-order-badge={b.key}>
          {t(b.label)}
        </Badge>
      ))}
    </span>
  );
}

/** Whether an order can be refunded from the admin pages: completed, with money left, not lost to a chargeback. */
export const canRefund = (order: PaymentOrderState) =>
  order.status === "completed" && order.disputeStatus !== "lost" && refundableCents(order) > 0;

function refreshAfterMoneyBack(): void {
  refreshUsers();
}

/** POST /api/admin/payment-orders/{id}/refund. Errors are the dialog's to show (it stays open). */
function useRefundOrder() {
  return useMutation({
    mutationFn: ({
      orderId,
      ...body
    }: {
      orderId: string;
      amount: string;
      reason: string;
      expectedRefundedCents: number;
      recordedByHand: boolean;
    }) => call(adminPaymentsApi.refund, { params: { orderId }, body }),
    onSuccess: () =>
      toast({ title: tMacro`Refund recorded`, description: tMacro`The order's credits were taken back.` }),
    onSettled: refreshAfterMoneyBack,
  });
}

/** POST /api/admin/payment-orders/{id}/dispute. */
function useDecideDispute() {
  return useMutation({
    mutationFn: ({
      orderId,
      ...body
    }: {
      orderId: string;
      disputeId: string;
      outcome: "won" | "lost";
      reason: string;
    }) => call(adminPaymentsApi.decideDispute, { params: { orderId }, body }),
    onSuccess: (_result, { outcome }) =>
      toast({ title: outcome === "won" ? tMacro`Dispute marked won` : tMacro`Dispute marked lost` }),
    onSettled: refreshAfterMoneyBack,
  });
}

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Refund this payment?</Trans>
          </DialogTitle>
          <DialogDescription>
            {creem ? (
              <Trans>
                Creem has no refund call: refund it in Creem's dashboard, then record it here. The credits it bought are
                taken back from {username} in proportion; what they already spent is owed.
              </Trans>
            ) : (
              <Trans>
                The money is refunded through {provider}. The credits it bought are taken back from {username} in
                proportion; what they already spent is owed.
              </Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
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
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-400">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? (
                <Trans>Working...</Trans>
              ) : creem ? (
                <Trans>Record refund</Trans>
              ) : (
                <Trans>Refund</Trans>
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = check(reason);
    setProblem(wrong);
    if (wrong) return;
    decide.mutate(
      { orderId: order.id, disputeId: dispute.providerDisputeId, outcome, reason: tidyReason(reason) },
      { onSuccess: onClose, onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {outcome === "won" ? <Trans>Mark this dispute won?</Trans> : <Trans>Mark this dispute lost?</Trans>}
          </DialogTitle>
          <DialogDescription>
            {outcome === "won" ? (
              <Trans>The hold on the order's credits ends and new videos can be made again.</Trans>
            ) : (
              <Trans>The disputed {amount} is reversed: the order's credits are taken back in proportion.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
          <p className="font-mono text-xs text-muted-foreground">{dispute.providerDisputeId}</p>
          <ReasonField id="dispute-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-400">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant={outcome === "won" ? "default" : "destructive"} disabled={decide.isPending}>
              {decide.isPending ? <Trans>Working...</Trans> : outcome === "won" ? t`Mark won` : t`Mark lost`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

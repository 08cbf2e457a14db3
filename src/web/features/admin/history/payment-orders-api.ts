/** The two money-back calls on a paid order; both refresh the users' lists after. */
import { t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { adminPaymentsApi } from "../../../../shared/api/admin-payments";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import { refreshUsers } from "@/features/admin/users/users-api";

function refreshAfterMoneyBack(): void {
  refreshUsers();
}

/** POST /api/admin/payment-orders/{id}/refund. Errors are the dialog's to show (it stays open). */
export function useRefundOrder() {
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
    onSuccess: () => toast({ title: t`Refund recorded`, description: t`The order's credits were taken back.` }),
    onSettled: refreshAfterMoneyBack,
  });
}

/** POST /api/admin/payment-orders/{id}/dispute. */
export function useDecideDispute() {
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
      toast({ title: outcome === "won" ? t`Dispute marked won` : t`Dispute marked lost` }),
    onSettled: refreshAfterMoneyBack,
  });
}

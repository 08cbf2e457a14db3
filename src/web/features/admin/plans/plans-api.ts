/**
 * The admin's plan calls (GET, POST, PUT, DELETE /api/admin/plans), through the routes' shared
 * contracts (decision 0069). Every save toasts with its fixed titles (decision 0024) and
 * refreshes the admin list and the public one.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminPlansApi } from "../../../../shared/api/admin-plans";
import type { PlanInput } from "../../../../shared/schemas/plans";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { isBelowCostRefusal } from "@/features/admin/below-cost-confirmation";
import { toast } from "@/hooks/use-toast";

const refreshPlans = () => {
  for (const queryKey of [adminQueryKeys.plans, queryKeys.plans.onSale])
    void queryClient.invalidateQueries({ queryKey });
};

/** The failure toast, with the server's reason after it so the admin can act; a sale below cost is asked about instead. */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  isBelowCostRefusal(error) ||
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

const readPlans = callQuery(adminPlansApi.list);

export const useAdminPlans = () => useQuery({ queryKey: adminQueryKeys.plans, queryFn: readPlans, staleTime: 0 });

export function useSavePlan(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PlanInput }) =>
      id ? call(adminPlansApi.replace, { params: { id }, body }) : call(adminPlansApi.create, { body }),
    onSuccess: () => {
      toast({ title: t`Plan saved` });
      onSaved();
    },
    onError: failed(msg`Save failed`, msg`Failed to save plan`),
    onSettled: refreshPlans,
  });
}

export function useDeletePlan(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => call(adminPlansApi.delete, { params: { id } }),
    onSuccess: ({ deactivated }) => {
      toast({
        title: deactivated ? t`Plan taken off sale` : t`Plan deleted`,
        description: deactivated ? t`People subscribed to it, so it stays in their history.` : undefined,
      });
      onDone();
    },
    onError: failed(msg`Delete failed`, msg`Failed to delete plan`),
    onSettled: refreshPlans,
  });
}

/**
 * The /admin page's credit-package calls (GET, POST, PUT, DELETE /api/admin/credit-packages),
 * through the routes' shared contracts (decision 0069). Every save toasts with its fixed titles
 * (decision 0024) and refreshes the admin list and the public one.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminPackagesApi } from "../../../../shared/api/admin-packages";
import type { CreditPackageInput } from "../../../../shared/schemas/packages";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";
import { isBelowCostRefusal } from "@/features/admin/below-cost-confirmation";

const refreshPackages = () => {
  // The credit value is derived from the packages on sale (decision 0075): the prices change with them.
  for (const queryKey of [adminQueryKeys.packages, queryKeys.payments.packages, queryKeys.pricing])
    void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act (read in the language active when it fails). */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  // A sale below cost is asked about in a dialog (below-cost-confirmation.tsx), not toasted.
  isBelowCostRefusal(error) ||
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

const readPackages = callQuery(adminPackagesApi.list);

export const useAdminPackages = () =>
  useQuery({
    queryKey: adminQueryKeys.packages,
    queryFn: readPackages,
    staleTime: 0,
  });

export function useSavePackage(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreditPackageInput }) =>
      id ? call(adminPackagesApi.replace, { params: { id }, body }) : call(adminPackagesApi.create, { body }),
    onSuccess: () => {
      toast({ title: t`Package saved` });
      onSaved();
    },
    onError: failed(msg`Save failed`, msg`Failed to save package`),
    onSettled: refreshPackages,
  });
}

export function useDeletePackage(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => call(adminPackagesApi.delete, { params: { id } }),
    onSuccess: ({ deactivated }) => {
      toast({
        title: t`Package deleted`,
        description: deactivated ? t`Package deactivated: purchases refer to it` : undefined,
      });
      onDone();
    },
    onError: failed(msg`Delete failed`, msg`Failed to delete package`),
    onSettled: refreshPackages,
  });
}

/**
 * The /admin page's credit-package calls (GET, POST, PUT, DELETE /api/admin/credit-packages),
 * read with the routes' schemas (decision 0040). Every save toasts with its fixed titles
 * (decision 0024) and refreshes the admin list and the public one.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  adminCreditPackageListSchema,
  adminCreditPackageViewSchema,
  packageRemovedSchema,
  type CreditPackageInput,
} from "../../../shared/schemas/packages";
import { apiCall, errorMessage, schemaQueryFn } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

const refreshPackages = () => {
  for (const queryKey of [queryKeys.admin.packages, queryKeys.payments.packages])
    void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act (read in the language active when it fails). */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

const readPackages = schemaQueryFn(adminCreditPackageListSchema, queryKeys.admin.packages[0]);

export const useAdminPackages = () =>
  useQuery({
    queryKey: queryKeys.admin.packages,
    queryFn: readPackages,
    staleTime: 0,
  });

export function useSavePackage(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreditPackageInput }) =>
      apiCall(
        adminCreditPackageViewSchema,
        id ? "PUT" : "POST",
        id ? `/api/admin/credit-packages/${id}` : "/api/admin/credit-packages",
        body,
      ),
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
    mutationFn: (id: string) => apiCall(packageRemovedSchema, "DELETE", `/api/admin/credit-packages/${id}`),
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

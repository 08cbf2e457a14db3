/** Model ids per vendor on /admin (issue 74 §1, decision 0174): the list, and saving one mapping. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminVendorModelsApi } from "../../../../shared/api/admin-vendor-models";
import type {
  VendorModelList,
  VendorModelMapping,
  VendorModelUpdate,
} from "../../../../shared/schemas/admin-vendor-models";
import { adminOverviewApi } from "../../../../shared/api/admin-overview";
import { call, callQuery, urlFor } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";

export const useVendorModels = () =>
  useQuery({
    queryKey: adminQueryKeys.vendorModels,
    queryFn: callQuery(adminVendorModelsApi.list),
    select: (list: VendorModelList) => list.mappings,
    staleTime: 0,
  });

/**
 * PUT one mapping. The server answers after asking the vendor about the id, so the answer carries
 * the check's result: the dialog shows it instead of closing. The overview's problems change too.
 */
export function useSaveVendorModel(onSaved: (mapping: VendorModelMapping) => void) {
  return useMutation({
    mutationFn: ({ model, vendor, body }: Pick<VendorModelMapping, "model" | "vendor"> & { body: VendorModelUpdate }) =>
      call(adminVendorModelsApi.update, { params: { model, vendor }, body }),
    onSuccess: onSaved,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.vendorModels });
      const overview = urlFor(adminOverviewApi.get);
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => typeof queryKey[0] === "string" && queryKey[0].startsWith(overview),
      });
    },
  });
}

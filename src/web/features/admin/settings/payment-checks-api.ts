/** What was last tried of Creem's and PayPal's keys (decision 0145), for their cards. */
import { useQuery } from "@tanstack/react-query";
import { adminPaymentChecksApi } from "../../../../shared/api/admin-payment-checks";
import { callQuery, urlFor } from "@/lib/api";

/** Asked again after every save of the settings (`savedAt` is the settings' updatedAt): a save may have tried keys. */
export function usePaymentChecks(savedAt: string) {
  return useQuery({
    queryKey: [urlFor(adminPaymentChecksApi.get), savedAt],
    queryFn: callQuery(adminPaymentChecksApi.get),
    staleTime: 0,
  });
}

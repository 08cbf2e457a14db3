/** POST /api/admin/prices/at-margin: every price set to cost + margin, then everything that shows a price refreshed. */
import { t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { adminPricesApi } from "../../../../shared/api/admin-prices";
import { call } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";

export function useSetPricesAtMargin() {
  return useMutation({
    mutationFn: (reason: string) => call(adminPricesApi.atMargin, { body: { reason } }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      toast({ title: t`Prices updated`, description: t`Every price now covers its cost and your margin.` });
      for (const queryKey of [adminQueryKeys.setup, queryKeys.pricing, queryKeys.models])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

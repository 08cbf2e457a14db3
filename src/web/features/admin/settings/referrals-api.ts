/** The Referrals card's save (decision 0157): the programme's switch and numbers, on their own route. */
import { msg, t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { adminReferralsApi } from "../../../../shared/api/admin-referrals";
import type { referralSettingsSchema } from "../../../../shared/schemas/referrals";
import { call, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

export function useSaveReferralSettings() {
  return useMutation({
    mutationFn: (body: z.input<typeof referralSettingsSchema>) => call(adminReferralsApi.updateSettings, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.referrals });
      toast({ title: t`Referral settings updated` });
    },
    onError: (error) =>
      toast({
        title: i18n._(msg`Update failed`),
        description: `${i18n._(msg`Failed to update referral settings`)}: ${errorMessage(error)}`,
        variant: "destructive",
      }),
  });
}

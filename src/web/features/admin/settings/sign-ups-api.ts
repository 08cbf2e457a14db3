/** The Sign-ups card's save (decision 0091): Turnstile's keys and the mail domain lists, on their own route. */
import { msg, t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { signUpProtectionApi } from "../../../../shared/api/sign-up-protection";
import type { signUpSettingsSchema } from "../../../../shared/schemas/sign-up-protection";
import { call, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

export function useSaveSignUpSettings() {
  return useMutation({
    mutationFn: (body: z.input<typeof signUpSettingsSchema>) => call(signUpProtectionApi.update, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.captcha });
      toast({ title: t`Sign-up settings updated` });
    },
    onError: (error) =>
      toast({
        title: i18n._(msg`Update failed`),
        description: `${i18n._(msg`Failed to update sign-up settings`)}: ${errorMessage(error)}`,
        variant: "destructive",
      }),
  });
}

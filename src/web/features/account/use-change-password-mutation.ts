import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { accountApi } from "../../../shared/api/account";
import type { ChangePasswordInput } from "../../../shared/schemas/auth";
import { call, errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";

function revokedTokensText(count: number): string {
  return plural(count, {
    one: "# API token was revoked: automations using it need a new token.",
    other: "# API tokens were revoked: automations using them need a new token.",
  });
}

/** PUT /api/user/change-password; toasts how it went (and any revoked tokens). */
export function useChangePasswordMutation(onChanged: () => void) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(accountApi.changePassword, { body: input }),
    onSuccess: ({ revokedApiTokens: revoked }) => {
      // The app's own words, in the person's language (the server answers the spec's Vietnamese).
      toast({ title: t`Password changed`, ...(revoked > 0 ? { description: revokedTokensText(revoked) } : {}) });
      onChanged();
    },
    onError: (error) => {
      toast({ title: t`Password change failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

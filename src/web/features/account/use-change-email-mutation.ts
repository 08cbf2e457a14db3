import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { accountLinksApi } from "../../../shared/api/account-links";
import type { ChangeEmailInput } from "../../../shared/schemas/account-links";
import { call, errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";

/** POST /api/user/email: the link goes to the new address; nothing changes until it is opened. */
export function useChangeEmailMutation(onSent: () => void) {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => call(accountLinksApi.changeEmail, { body: input }),
    onSuccess: ({ email }) => {
      toast({
        title: t`Check your inbox`,
        description: t`We sent a link to ${email}. Your address changes once you open it.`,
      });
      onSent();
    },
    onError: (error) => {
      toast({ title: t`The address was not changed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

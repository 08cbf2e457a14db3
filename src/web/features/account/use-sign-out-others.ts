import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { accountApi } from "../../../shared/api/account";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";

/** DELETE /api/user/sessions: every other session of the person ends; this one stays. */
export function useSignOutOthers(onDone: () => void) {
  return useMutation({
    mutationFn: () => call(accountApi.endOtherSessions),
    onSuccess: ({ ended }) => {
      // Told from the count in the person's language (the server's message is English).
      const description = plural(ended, {
        0: "You were not signed in anywhere else.",
        one: "# other session ended.",
        other: "# other sessions ended.",
      });
      toast({ title: t`Signed out of other devices`, description });
      onDone();
    },
    onError: (error) => {
      toast({ title: t`Sign out failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

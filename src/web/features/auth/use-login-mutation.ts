import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { hasGeneratorDraft } from "@/lib/generator-draft";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { login } from "./auth-api";

/**
 * Signs in, puts the user in the current-user cache entry, refreshes it and goes to `next` (a
 * same-site path), or to the generator when a prompt typed there before signing in is waiting.
 */
export function useLoginMutation(next: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      // The password was right; the second factor is still to come (decision 0092).
      if (user.secondFactorPending) {
        navigate(`/second-factor?next=${encodeURIComponent(next)}`, { replace: true });
        return;
      }
      const { username } = user;
      toast({ title: t`Login successful`, description: t`Welcome back, ${username}!` });
      navigate(next === "/" && hasGeneratorDraft() ? "/generate" : next, { replace: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      toast({ title: t`Login failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

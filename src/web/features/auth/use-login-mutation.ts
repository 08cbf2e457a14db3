import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { login } from "./auth-api";

/** Signs in, puts the user in the current-user cache entry, refreshes it and goes home. */
export function useLoginMutation() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      const { username } = user;
      toast({ title: t`Login successful`, description: t`Welcome back, ${username}!` });
      navigate("/");
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      toast({ title: t`Login failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

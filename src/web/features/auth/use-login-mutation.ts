import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { login } from "./auth-api";

export const LOGIN_FAILED_TITLE = "Đăng nhập thất bại";

/** Signs in, puts the user in the current-user cache entry, refreshes it and goes home. */
export function useLoginMutation() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      toast({ title: "Đăng nhập thành công", description: `Welcome back, ${user.username}!` });
      navigate("/");
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      toast({ title: LOGIN_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
    },
  });
}

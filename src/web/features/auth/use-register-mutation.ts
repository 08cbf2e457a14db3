import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { register } from "./auth-api";
import type { RegisterFormInput } from "../../../shared/schemas/auth";

/**
 * Where a new person lands (decision 0167): the page they came from (`next`, a same-site path),
 * else the generator, where their first video starts.
 */
export function pageAfterSignUp(next: string): string {
  return next === "/" ? "/generate" : next;
}

/**
 * Creates the account, which signs the person in (decision 0167): the user goes into the
 * current-user cache entry, the first greeting says welcome (not "Welcome back"), and the person
 * lands on `next`, or on the generator.
 */
export function useRegisterMutation(next: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: ({ username, email, password, captchaToken }: RegisterFormInput & { captchaToken?: string }) =>
      register({
        username: username.trim(),
        email: email?.trim() ? email.trim() : undefined,
        password,
        captchaToken,
      }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      const { username, email } = user;
      toast({
        title: t`Welcome to Veo Studio, ${username}!`,
        description: email
          ? t`Your account is ready and you are signed in. A link to confirm ${email} is on its way.`
          : t`Your account is ready and you are signed in.`,
      });
      navigate(pageAfterSignUp(next), { replace: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      toast({ title: t`Registration failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

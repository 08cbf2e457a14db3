import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";
import { register } from "./auth-api";
import type { RegisterFormInput } from "../../../shared/schemas/auth";

/** Creates the account (it does not sign in) and hands the username back to the page. */
export function useRegisterMutation(onRegistered: (username: string) => void) {
  return useMutation({
    mutationFn: ({ username, email, password, captchaToken }: RegisterFormInput & { captchaToken?: string }) =>
      register({
        username: username.trim(),
        email: email?.trim() ? email.trim() : undefined,
        password,
        captchaToken,
      }),
    onSuccess: (_message, input) => {
      const email = input.email?.trim();
      toast({
        title: t`Registration successful`,
        description: email
          ? t`Please sign in with your new account. A link to confirm ${email} is on its way.`
          : t`Please sign in with your new account.`,
      });
      onRegistered(input.username.trim());
    },
    onError: (error) => {
      toast({ title: t`Registration failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

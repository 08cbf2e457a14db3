import { useForm } from "react-hook-form";
import { UserPlus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { useCaptcha } from "@/features/captcha";
import { registerFormSchema, type RegisterFormInput } from "../../../shared/schemas/auth";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import { authFormResolver } from "./auth-form-resolver";
import { useRegisterMutation } from "./use-register-mutation";
import { AuthSubmitButton } from "./auth-submit-button";

/** The legal pages open in a new tab: what was typed in the form stays. */
const LEGAL_LINK_CLASS = "font-medium text-zinc-200 underline underline-offset-4 hover:text-foreground";

/** The sign-up form; the new account is signed in and goes to `next` (decision 0167). */
export function RegisterForm({ next }: { next: string }) {
  const { t } = useLingui();
  const registerMutation = useRegisterMutation(next);
  const captcha = useCaptcha("register");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormInput>({
    resolver: authFormResolver(registerFormSchema),
    defaultValues: { username: "", email: "", password: "", confirmPassword: "" },
  });

  const describedBy = (id: string, hasError: boolean) => (hasError ? fieldErrorId(id) : undefined);

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) =>
        // A token is checked once: a refused attempt needs a fresh one.
        registerMutation.mutate({ ...values, captchaToken: captcha.token }, { onError: () => captcha.reset() }),
      )}
    >
      <FormField id="register-username" label={t`Username`} error={errors.username?.message}>
        <Input
          id="register-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t`At least 3 characters`}
          autoFocus
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy("register-username", Boolean(errors.username))}
          {...register("username")}
        />
      </FormField>
      <FormField id="register-email" label={t`Email`} hint={t`Optional`} error={errors.email?.message}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("register-email", Boolean(errors.email))}
          {...register("email")}
        />
      </FormField>
      <FormField id="register-password" label={t`Password`} error={errors.password?.message}>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          placeholder={t`At least 6 characters`}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("register-password", Boolean(errors.password))}
          {...register("password")}
        />
      </FormField>
      <FormField id="register-confirm-password" label={t`Confirm password`} error={errors.confirmPassword?.message}>
        <PasswordInput
          id="register-confirm-password"
          autoComplete="new-password"
          placeholder={t`Repeat your password`}
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={describedBy("register-confirm-password", Boolean(errors.confirmPassword))}
          {...register("confirmPassword")}
        />
      </FormField>
      <p className="text-center text-xs text-muted-foreground">
        <Trans>
          By creating an account you agree to the{" "}
          <a href={LEGAL_PAGE_PATHS.terms} target="_blank" rel="noopener" className={LEGAL_LINK_CLASS}>
            Terms of service
          </a>{" "}
          and the{" "}
          <a href={LEGAL_PAGE_PATHS.privacy} target="_blank" rel="noopener" className={LEGAL_LINK_CLASS}>
            Privacy policy
          </a>
          .
        </Trans>
      </p>
      {captcha.field}
      <AuthSubmitButton icon={UserPlus} pending={registerMutation.isPending} ready={captcha.ready}>
        <Trans>Create Account</Trans>
      </AuthSubmitButton>
    </form>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { LogIn } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { useCaptcha } from "@/features/captcha";
import { ApiError } from "@/lib/api";
import { loginSchema, type LoginInput } from "../../../shared/schemas/auth";
import { authFormResolver } from "./auth-form-resolver";
import { useLoginMutation } from "./use-login-mutation";
import { AuthSubmitButton } from "./auth-submit-button";

export function LoginForm({ initialUsername = "", next }: { initialUsername?: string; next: string }) {
  const { t } = useLingui();
  const loginMutation = useLoginMutation(next);
  // After a few failed attempts the server asks for the CAPTCHA (decision 0091); from then on it is shown.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captcha = useCaptcha("login", captchaAsked);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: authFormResolver(loginSchema),
    defaultValues: { username: initialUsername, password: "" },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={handleSubmit((values) =>
        loginMutation.mutate(
          { ...values, captchaToken: captcha.token },
          {
            onError: (error) => {
              if (
                error instanceof ApiError &&
                (error.reason === "captcha_required" || error.reason === "captcha_failed")
              )
                setCaptchaAsked(true);
            },
            // A token is checked once: the next attempt needs a fresh one.
            onSettled: () => {
              if (captcha.token) captcha.reset();
            },
          },
        ),
      )}
    >
      <FormField id="login-username" label={t`Username`} error={errors.username?.message}>
        <Input
          id="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t`your-username`}
          autoFocus={!initialUsername}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? fieldErrorId("login-username") : undefined}
          {...register("username")}
        />
      </FormField>
      <FormField
        id="login-password"
        label={t`Password`}
        error={errors.password?.message}
        hint={
          <Link href="/forgot-password" className="text-violet-300 underline-offset-4 hover:underline">
            <Trans>Forgot password?</Trans>
          </Link>
        }
      >
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder="••••••••"
          autoFocus={Boolean(initialUsername)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? fieldErrorId("login-password") : undefined}
          {...register("password")}
        />
      </FormField>
      {captcha.field}
      <AuthSubmitButton icon={LogIn} pending={loginMutation.isPending} ready={captcha.ready} className="mt-1">
        <Trans>Sign In</Trans>
      </AuthSubmitButton>
    </form>
  );
}

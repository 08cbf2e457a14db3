import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { LoaderCircle, LogIn } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { loginSchema, type LoginInput } from "../../../shared/schemas/auth";
import { authFormResolver } from "./auth-form-resolver";
import { useLoginMutation } from "./use-login-mutation";

export function LoginForm({ initialUsername = "", next }: { initialUsername?: string; next: string }) {
  const { t } = useLingui();
  const loginMutation = useLoginMutation(next);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: authFormResolver(loginSchema),
    defaultValues: { username: initialUsername, password: "" },
  });

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit((values) => loginMutation.mutate(values))}>
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
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <LogIn aria-hidden="true" />
        )}
        <Trans>Sign In</Trans>
      </Button>
    </form>
  );
}

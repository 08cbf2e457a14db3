import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link } from "wouter";
import { LoaderCircle, MailCheck, Send } from "lucide-react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { z } from "zod";
import { accountLinksApi } from "../../../shared/api/account-links";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useCaptcha } from "@/features/captcha";
import { call } from "@/lib/api";

/** Read when the form is checked, so the words follow the active language. */
const formSchema = () =>
  z.object({
    login: z
      .string()
      .trim()
      .min(1, { error: () => t`Enter your e-mail address or username` })
      .max(254, { error: () => t`This is longer than any e-mail address or username` }),
  });
type FormInput = z.infer<ReturnType<typeof formSchema>>;

/**
 * "Forgot password?": one field, an e-mail address or a username. Whatever was typed, the same
 * sentence follows (the server answers the same for every account, and for none).
 */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const captcha = useCaptcha("password-reset");
  const mutation = useMutation({
    mutationFn: ({ login }: FormInput) =>
      call(accountLinksApi.requestPasswordReset, { body: { login, captchaToken: captcha.token } }),
    // A token is checked once: asking again needs a fresh one.
    onSettled: () => {
      if (captcha.token) captcha.reset();
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput>({ resolver: zodResolver(formSchema()), defaultValues: { login: "" } });

  if (mutation.isSuccess)
    return (
      <div role="status" className="grid gap-4">
        <p className="flex gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4 text-sm text-emerald-100">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
          <Trans>
            If an account has this e-mail address or username, a link to choose a new password is on its way. It works
            for one hour.
          </Trans>
        </p>
        <p className="text-sm text-muted-foreground">
          <Trans>No e-mail after a few minutes? Look in your spam folder, or ask again.</Trans>
        </p>
        <Button variant="secondary" onClick={() => mutation.reset()}>
          <Trans>Ask again</Trans>
        </Button>
      </div>
    );

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <FormField id="forgot-login" label={t`E-mail address or username`} error={errors.login?.message}>
        <Input
          id="forgot-login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          aria-invalid={errors.login ? true : undefined}
          aria-describedby={errors.login ? fieldErrorId("forgot-login") : undefined}
          {...register("login")}
        />
      </FormField>
      <ErrorAlert error={mutation.error} />
      {captcha.field}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || !captcha.ready}>
        {mutation.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        <Trans>Send me a link</Trans>
      </Button>
      <Link href="/login" className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </form>
  );
}

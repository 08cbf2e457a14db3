import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { KeyRound, LoaderCircle } from "lucide-react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { z } from "zod";
import { accountLinksApi } from "../../../shared/api/account-links";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** Registration's rules (the server's passwordSchema) plus a confirmation; read when checked, in the active language. */
const formSchema = () =>
  z
    .object({
      password: z
        .string()
        .min(1, { error: () => t`Please fill in all fields.` })
        .min(PASSWORD_MIN, { error: () => t`The new password must be at least 6 characters` })
        .max(PASSWORD_MAX, { error: () => t`The new password must be at most 200 characters` }),
      confirmPassword: z.string().min(1, { error: () => t`Please fill in all fields.` }),
    })
    .refine((v) => v.password === v.confirmPassword, {
      error: () => t`The passwords do not match`,
      path: ["confirmPassword"],
    });
type FormInput = z.infer<ReturnType<typeof formSchema>>;

const FIELDS = [
  { name: "password", id: "reset-password", label: () => t`New password` },
  { name: "confirmPassword", id: "reset-confirm-password", label: () => t`Confirm new password` },
] as const;

/**
 * The new password from a reset link: signed in on success (every other device signed out), then
 * on to the generator's home page.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const mutation = useMutation({
    mutationFn: ({ password }: FormInput) => call(accountLinksApi.resetPassword, { body: { token, password } }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      // An account with a second factor is signed in once it passes that too (decision 0092).
      if (user.secondFactorPending) {
        toast({
          title: t`Password changed`,
          description: t`Every other device was signed out. Enter your second factor to finish signing in.`,
        });
        navigate("/second-factor", { replace: true });
        return;
      }
      toast({ title: t`Password changed`, description: t`You are signed in. Every other device was signed out.` });
      navigate("/", { replace: true });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput>({
    resolver: zodResolver(formSchema()),
    defaultValues: { password: "", confirmPassword: "" },
  });

  return (
    <form noValidate className="grid gap-5" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      {FIELDS.map(({ name, id, label }, i) => {
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={label()} error={error}>
            <PasswordInput
              id={id}
              autoComplete="new-password"
              autoFocus={i === 0}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId(id) : undefined}
              {...register(name)}
            />
          </FormField>
        );
      })}
      {mutation.isError ? (
        <div role="alert" className="grid gap-2 text-sm">
          <p className="font-medium text-red-400">{errorMessage(mutation.error)}</p>
          <Link href="/forgot-password" className="text-violet-300 underline-offset-4 hover:underline">
            <Trans>Ask for a new link</Trans>
          </Link>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        <Trans>Save the new password</Trans>
      </Button>
    </form>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { AccountFormDialog } from "./account-form-dialog";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { changePasswordFormSchema, type ChangePasswordFormInput } from "./change-password-form-schema";
import { useChangePasswordMutation } from "./use-change-password-mutation";
import { useCurrentUser } from "@/features/auth";

const EMPTY: ChangePasswordFormInput = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
  // Off unless ticked: revoking stops the person's automations, which a password change alone should not.
  revokeApiTokens: false,
};

const FIELDS = [
  { name: "currentPassword", id: "current-password", label: msg`Current password`, autoComplete: "current-password" },
  { name: "newPassword", id: "new-password", label: msg`New password`, autoComplete: "new-password" },
  {
    name: "confirmPassword",
    id: "confirm-new-password",
    label: msg`Confirm new password`,
    autoComplete: "new-password",
  },
] as const;

export function ChangePasswordDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const hasPassword = useCurrentUser().user?.hasPassword !== false;
  const fields = hasPassword ? FIELDS : FIELDS.filter((f) => f.name !== "currentPassword");
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema(hasPassword)),
    defaultValues: EMPTY,
  });

  const title = hasPassword ? t`Change Password` : t`Set Password`;
  const mutation = useChangePasswordMutation(() => {
    setOpen(false);
    reset(EMPTY);
  });

  return (
    <AccountFormDialog
      open={open}
      onOpenChange={setOpen}
      onClosed={() => reset(EMPTY)}
      icon={<KeyRound aria-hidden="true" />}
      title={title}
      description={
        hasPassword
          ? t`Enter your current password, then choose a new one of at least 6 characters.`
          : t`You signed up with Google. Choose a password of at least 6 characters to sign in with your username too.`
      }
      onSubmit={handleSubmit(({ currentPassword, newPassword, revokeApiTokens }) =>
        mutation.mutate({ currentPassword, newPassword, revokeApiTokens }),
      )}
      pending={mutation.isPending}
      submitLabel={<Trans>Update Password</Trans>}
    >
      {fields.map(({ name, id, label, autoComplete }) => {
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={t(label)} error={error}>
            <PasswordInput
              id={id}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId(id) : undefined}
              {...register(name)}
            />
          </FormField>
        );
      })}
      <div className="grid gap-1">
        <label htmlFor="revoke-api-tokens" className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <input
            id="revoke-api-tokens"
            type="checkbox"
            className="size-4 accent-violet-500"
            aria-describedby="revoke-api-tokens-hint"
            {...register("revokeApiTokens")}
          />
          <Trans>Also revoke my API tokens</Trans>
        </label>
        <p id="revoke-api-tokens-hint" className="pl-6.5 text-xs text-muted-foreground">
          <Trans>
            Ticked, every API token stops working at once and automations using them need a new token from the API page.
            Unticked, they keep working. Other signed-in devices are signed out either way.
          </Trans>
        </p>
      </div>
    </AccountFormDialog>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { AccountFormDialog } from "./account-form-dialog";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { changeEmailFormSchema, type ChangeEmailFormInput } from "./change-email-form-schema";
import { useChangeEmailMutation } from "./use-change-email-mutation";

const EMPTY: ChangeEmailFormInput = { email: "", currentPassword: "" };

/** "Change e-mail" (or "Add an e-mail address") on My Account: a link to the new address confirms it (decision 0088). */
export function ChangeEmailDialog({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { hasPassword, email: current } = user;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailFormInput>({
    resolver: zodResolver(changeEmailFormSchema(hasPassword)),
    defaultValues: EMPTY,
  });
  const mutation = useChangeEmailMutation(() => {
    setOpen(false);
    reset(EMPTY);
  });
  const title = current ? t`Change e-mail` : t`Add an e-mail address`;

  return (
    <AccountFormDialog
      open={open}
      onOpenChange={setOpen}
      onClosed={() => reset(EMPTY)}
      icon={<Mail aria-hidden="true" />}
      title={title}
      description={
        current
          ? t`We send a link to the new address. Your address changes once you open it; until then it stays ${current}.`
          : t`We send a link to this address. It becomes your account's address once you open it.`
      }
      onSubmit={handleSubmit(({ email, currentPassword }) => mutation.mutate({ email, currentPassword }))}
      pending={mutation.isPending}
      submitLabel={<Trans>Send the link</Trans>}
    >
      <FormField id="new-email" label={t`New e-mail address`} error={errors.email?.message}>
        <Input
          id="new-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? fieldErrorId("new-email") : undefined}
          {...register("email")}
        />
      </FormField>
      {hasPassword ? (
        <FormField id="email-current-password" label={t`Current password`} error={errors.currentPassword?.message}>
          <PasswordInput
            id="email-current-password"
            autoComplete="current-password"
            aria-invalid={errors.currentPassword ? true : undefined}
            aria-describedby={errors.currentPassword ? fieldErrorId("email-current-password") : undefined}
            {...register("currentPassword")}
          />
        </FormField>
      ) : null}
    </AccountFormDialog>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, Mail } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full">
          <Mail aria-hidden="true" />
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {current
              ? t`We send a link to the new address. Your address changes once you open it; until then it stays ${current}.`
              : t`We send a link to this address. It becomes your account's address once you open it.`}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={handleSubmit(({ email, currentPassword }) => mutation.mutate({ email, currentPassword }))}
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
          <DialogFooter className="mt-1">
            <DialogClose asChild>
              <Button variant="ghost">
                <Trans>Cancel</Trans>
              </Button>
            </DialogClose>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              <Trans>Send the link</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

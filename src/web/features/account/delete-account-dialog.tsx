import { useState, type FormEvent, type ReactNode } from "react";
import { LoaderCircle, Trash2 } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { GOOGLE_RECHECK_MINUTES } from "../../../shared/schemas/auth";
import { confirmsUsername } from "../../../shared/schemas/leaving";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { ErrorAlert } from "@/components/ui/error-alert";
import { DeletionConsequences } from "./deletion-consequences";
import { useDeleteAccount } from "./leaving-api";
import { useOpenedByGoogleReturn } from "./use-opened-by-google-return";

/** Where Google's sign-in comes back to: this page, with the dialog open again. */
export const DELETE_AGAIN_PATH = "/my-account?leave=delete";

/**
 * "Delete my account" (decision 0087): what happens, the password (or, without one, a Google
 * sign-in of the last minutes), the username typed to confirm, then a destructive button.
 */
export function DeleteAccountDialog({ user, googleRecheck }: { user: CurrentUser; googleRecheck?: ReactNode }) {
  const { t } = useLingui();
  const returned = useOpenedByGoogleReturn();
  const [open, setOpen] = useState(returned);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const deletion = useDeleteAccount();
  const ready = confirmsUsername(confirm, user.username) && (!user.hasPassword || password !== "");
  const username = user.username;
  const minutes = GOOGLE_RECHECK_MINUTES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || deletion.isPending) return;
    deletion.mutate(user.hasPassword ? { password, confirm } : { confirm });
  };

  if (user.isAdmin)
    return (
      <p className="self-center text-sm text-muted-foreground">
        <Trans>An administrator's account cannot be deleted here.</Trans>
      </p>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword("");
          setConfirm("");
          deletion.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-500/40 text-red-300 hover:border-red-400 hover:text-red-200">
          <Trash2 aria-hidden="true" />
          <Trans>Delete my account</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Delete your account?</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>This cannot be undone. Download your data first if you want to keep a copy.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-5" onSubmit={submit}>
          <DeletionConsequences credits={user.credits} />
          {user.hasPassword ? (
            <FormField id="delete-password" label={t`Password`}>
              <PasswordInput
                id="delete-password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
          ) : (
            <div className="grid gap-3 rounded-lg border border-border p-3.5 text-sm">
              <p>
                {t`${plural(minutes, {
                  one: "Your account has no password. Sign in with Google again, then delete it within # minute.",
                  other: "Your account has no password. Sign in with Google again, then delete it within # minutes.",
                })}`}
              </p>
              {googleRecheck}
            </div>
          )}
          <FormField id="delete-confirm" label={t`Type your username, ${username}, to confirm`}>
            <Input
              id="delete-confirm"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </FormField>
          <ErrorAlert error={deletion.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="destructive" disabled={!ready || deletion.isPending}>
              {deletion.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              <Trans>Delete my account</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { LoaderCircle, Trash2 } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { GOOGLE_RECHECK_MINUTES } from "../../../shared/schemas/auth";
import { confirmsUsername, USERNAME_HOLD_DAYS } from "../../../shared/schemas/leaving";
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
import { errorMessage } from "@/lib/api";
import { useDeleteAccount } from "./leaving-api";

/** Where Google's sign-in comes back to: this page, with the dialog open again. */
export const DELETE_AGAIN_PATH = "/my-account?leave=delete";

/** Back from Google (?leave=delete): the dialog opens at once, and the address is cleaned. */
function useOpenedByGoogleReturn(): boolean {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [returned] = useState(() => new URLSearchParams(search).get("leave") === "delete");
  useEffect(() => {
    if (returned) navigate("/my-account", { replace: true });
  }, [returned, navigate]);
  return returned;
}

/** What deleting does, said before it is done. */
function Consequences({ credits }: { credits: number }) {
  const { t } = useLingui();
  const days = USERNAME_HOLD_DAYS;
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
      <li>
        <Trans>Your videos and uploaded images are deleted, and their share links stop working at once.</Trans>
      </li>
      <li>
        <Trans>Your API tokens and webhooks stop working, and you are signed out everywhere.</Trans>
      </li>
      {credits > 0 ? (
        <li className="font-medium text-foreground">
          {t`${plural(credits, {
            one: "Your balance of # credit is lost: it cannot be refunded or moved.",
            other: "Your balance of # credits is lost: it cannot be refunded or moved.",
          })}`}
        </li>
      ) : null}
      <li>
        <Trans>Records of your payments and credits stay for our accounts, without your name or e-mail address.</Trans>
      </li>
      <li>
        {t`${plural(days, {
          one: "Nobody else can take your username for # day.",
          other: "Nobody else can take your username for # days.",
        })}`}
      </li>
      <li>
        <Trans>If your e-mail address is confirmed, a last message confirms the deletion.</Trans>
      </li>
    </ul>
  );
}

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
          <Consequences credits={user.credits} />
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
          {deletion.error ? (
            <p role="alert" className="text-sm font-medium text-red-400">
              {errorMessage(deletion.error)}
            </p>
          ) : null}
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

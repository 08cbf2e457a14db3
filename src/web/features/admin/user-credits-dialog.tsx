import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserView } from "../../../shared/schemas/admin-users";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormFooter } from "./form-footer";
import { useSetCredits } from "./admin-api";
import { TextField } from "./admin-fields";

/** Sets a user's balance; the difference is recorded as an adjustment in their transactions. */
export function UserCreditsDialog({ user, onClose }: { user: AdminUserView; onClose: () => void }) {
  const { t } = useLingui();
  const { username } = user;
  const [credits, setCredits] = useState(String(user.credits));
  const [problem, setProblem] = useState<string>();
  const save = useSetCredits(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(credits.trim())) return setProblem(t`Credits must be a non-negative integer`);
    setProblem(undefined);
    save.mutate({ id: user.id, credits: Number(credits.trim()) });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Edit Credits</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Set {username}'s balance. The change appears in their transactions as an adjustment.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField
            id="user-credits"
            label={t`Credits`}
            inputMode="numeric"
            value={credits}
            onValueChange={setCredits}
            autoFocus
          />
          <FormFooter problem={problem} pending={save.isPending} saveLabel={t`Save Credits`} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Edit Credits (decision 0076): add, take away or set a balance, with a reason, from the balance
 * shown when the dialog opened. If it changed meanwhile the server refuses (409); the dialog then
 * shows the balance now and asks to confirm again.
 */
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_BALANCE, type AdminUserView, type CreditChange } from "../../../../shared/schemas/admin-users";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { Label } from "@/components/ui/label";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { ApiError, errorMessage } from "@/lib/api";
import { FormFooter } from "@/components/ui/form-footer";
import { TextField } from "@/features/admin/admin-fields";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";
import { useChangeCredits } from "./users-api";

const after = (balance: number, change: CreditChange, amount: number) =>
  change === "add" ? balance + amount : change === "subtract" ? balance - amount : amount;

export function UserCreditsDialog({ user, onClose }: { user: AdminUserView; onClose: () => void }) {
  const { t } = useLingui();
  const checkReason = useReasonCheck();
  const { username } = user;
  // The balance the admin is looking at: what the server checks the change against.
  const [seen, setSeen] = useState(user.credits);
  const [change, setChange] = useState<CreditChange>("add");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const [reasonInvalid, setReasonInvalid] = useState(false);
  const save = useChangeCredits();

  const typed = amount.trim();
  const number = /^\d+$/.test(typed) ? Number(typed) : undefined;
  const next = number === undefined ? undefined : after(seen, change, number);
  const amountLabel = { add: t`Credits to add`, subtract: t`Credits to take away`, set: t`New balance` }[change];

  const amountProblem = (): string | undefined => {
    if (number === undefined) return t`Enter a whole number of credits.`;
    if (change !== "set" && number === 0) return t`Add or take away at least 1 credit.`;
    if (next! < 0)
      return t`The balance of ${username} is ${seen}: taking away ${number} would leave it below zero. Take away at most ${seen}.`;
    if (next! > MAX_BALANCE) return t`A balance can be at most 1,000,000,000 credits.`;
    if (next === seen) return t`That is the balance already: nothing to change.`;
    return undefined;
  };

  const submit = () => {
    const wrongReason = checkReason(reason);
    setReasonInvalid(Boolean(wrongReason));
    const wrong = amountProblem() ?? wrongReason;
    setProblem(wrong);
    if (wrong || number === undefined) return;
    save.mutate(
      { id: user.id, change, amount: number, reason: tidyReason(reason), expectedCredits: seen },
      {
        onSuccess: onClose,
        onError: (error) => {
          // The balance moved: show it, and let the admin decide again from there.
          if (error instanceof ApiError && error.reason === "balance_changed") {
            const now = Number(error.params.credits);
            if (Number.isSafeInteger(now)) setSeen(now);
          }
          setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <AdminFormDialog
      title={<Trans>Edit Credits</Trans>}
      description={t`${plural(seen, {
        one: `${username} has # credit. The change and your reason appear in their transactions.`,
        other: `${username} has # credits. The change and your reason appear in their transactions.`,
      })}`}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-1.5">
        <Label id="credit-change-label">
          <Trans>Change</Trans>
        </Label>
        <ToggleGroup
          type="single"
          aria-labelledby="credit-change-label"
          value={change}
          onValueChange={(value) => value && setChange(value as CreditChange)}
        >
          <ToggleGroupItem value="add">
            <Trans>Add</Trans>
          </ToggleGroupItem>
          <ToggleGroupItem value="subtract">
            <Trans>Take away</Trans>
          </ToggleGroupItem>
          <ToggleGroupItem value="set">
            <Trans>Set balance</Trans>
          </ToggleGroupItem>
        </ToggleGroup>
      </div>
      <TextField
        id="user-credits"
        label={amountLabel}
        inputMode="numeric"
        value={amount}
        onValueChange={setAmount}
        autoFocus
        hint={
          next !== undefined && next >= 0 && next !== seen
            ? t`${plural(next, { one: "Balance after: # credit", other: "Balance after: # credits" })}`
            : undefined
        }
      />
      <ReasonField id="user-credits-reason" value={reason} onValueChange={setReason} invalid={reasonInvalid} />
      <FormFooter problem={problem} pending={save.isPending} saveLabel={t`Save Credits`} onCancel={onClose} />
    </AdminFormDialog>
  );
}

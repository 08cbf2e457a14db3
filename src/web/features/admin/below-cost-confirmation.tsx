/**
 * Saving a price, a cost or a package that sells some video below cost asks first (issue 68): the
 * server refuses such a save with prices_below_cost, naming what would lose money; this shows that
 * in a dialog and, confirmed, sends the same save again saying so (decision 0144).
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, errorMessage } from "@/lib/api";

export const isBelowCostRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.reason === "prices_below_cost";

export function useBelowCostConfirmation() {
  const { t } = useLingui();
  const [pending, setPending] = useState<{ error: ApiError; answer: (confirmed: boolean) => void }>();
  const dialog = (
    <ConfirmDialog
      open={pending !== undefined}
      onOpenChange={(open) => {
        if (open) return;
        pending?.answer(false);
        setPending(undefined);
      }}
      title={t`Sell below cost?`}
      description={pending ? errorMessage(pending.error) : ""}
      confirmLabel={t`Save anyway`}
      onConfirm={() => {
        pending?.answer(true);
        setPending(undefined);
      }}
    />
  );
  /** Whether the owner confirms the sale below cost `error` refused; false at once for any other error. */
  const confirm = (error: unknown): Promise<boolean> =>
    isBelowCostRefusal(error) ? new Promise((answer) => setPending({ error, answer })) : Promise.resolve(false);
  /** True when the error was a below-cost refusal, now being asked about; `retry` saves again, confirmed. */
  const ask = (error: unknown, retry: () => void): boolean => {
    if (!isBelowCostRefusal(error)) return false;
    void confirm(error).then((confirmed) => confirmed && retry());
    return true;
  };
  return { ask, confirm, dialog };
}

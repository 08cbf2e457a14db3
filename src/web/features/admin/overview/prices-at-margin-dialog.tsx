/**
 * "Set every price to cost + margin" (issue 68): says what it does at which margin and credit
 * price, takes the reason the audit log keeps, and shows the server's refusal in place.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { errorMessage } from "@/lib/api";
import { ActionFooter } from "@/features/admin/action-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";
import { unitUsd } from "./below-cost-warning";
import { useSetPricesAtMargin } from "./prices-at-margin-api";

export function PricesAtMarginDialog({
  marginPercent: margin,
  creditUsd,
  onClose,
}: {
  marginPercent: number;
  /** What a credit sells for at the cheapest: the prices are reckoned at it. */
  creditUsd: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const check = useReasonCheck();
  const save = useSetPricesAtMargin();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const credit = unitUsd(creditUsd);

  const submit = () => {
    const wrong = check(reason);
    setProblem(wrong);
    if (!wrong) save.mutate(tidyReason(reason), { onSuccess: onClose, onError: (e) => setProblem(errorMessage(e)) });
  };

  return (
    <AdminFormDialog
      title={<Trans>Set every price to cost + margin?</Trans>}
      description={t`Every web and API price is set to keep ${margin}% of each sale over the vendor's cost when a credit sells for ${credit}, your cheapest package's price. Better models stay dearer than the ones below them.`}
      onSubmit={submit}
      onClose={onClose}
    >
      <ReasonField id="prices-at-margin-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
      <ActionFooter
        problem={problem}
        pending={save.isPending}
        variant="default"
        actionLabel={t`Set every price`}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}

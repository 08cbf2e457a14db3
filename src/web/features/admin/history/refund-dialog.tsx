/**
 * Asks before a usage row's credits go back (decision 0076): names the user, the video and the
 * credits, and takes the reason the refund row and the audit log keep.
 */
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminTransactionView } from "../../../../shared/schemas/admin-transactions";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { ApiError } from "@/lib/api";
import { truncateText } from "@/lib/format";
import { useRefund } from "./history-api";
import { ActionFooter } from "@/features/admin/action-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";

const PROMPT_SHOWN = 60;

/**
 * The Refund buttons' state for a HistoryTable: which row is being confirmed, the dialog, and the
 * refund itself. `onRefunded` runs after each attempt (the user's page refreshes its balance).
 */
export function useRefundFlow(onSettled?: () => void) {
  const refund = useRefund();
  const [row, setRow] = useState<AdminTransactionView>();
  const close = () => setRow(undefined);
  const dialog = row?.taskId ? (
    <RefundDialog
      key={row.id}
      row={row}
      pending={refund.isPending}
      onClose={close}
      onConfirm={(reason) =>
        refund.mutate(
          { taskId: row.taskId!, reason, part: row.upgrade === "4k" ? "4k" : "video" },
          {
            onSuccess: close,
            // Refunded meanwhile (another admin, another tab): nothing is left to confirm.
            onError: (error) => {
              if (error instanceof ApiError && error.reason === "video_already_refunded") close();
            },
            onSettled,
          },
        )
      }
    />
  ) : null;
  return {
    refundingId: refund.isPending ? row?.id : undefined,
    onRefund: (next: AdminTransactionView) => {
      if (next.taskId && !refund.isPending) setRow(next);
    },
    dialog,
  };
}

function RefundDialog({
  row,
  pending,
  onConfirm,
  onClose,
}: {
  row: AdminTransactionView;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const check = useReasonCheck();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const credits = -row.amount;
  const { username } = row;
  const video = row.taskId ? row.taskId.slice(-8) : "";
  const prompt = row.videoPrompt ? truncateText(tidyReason(row.videoPrompt), PROMPT_SHOWN) : "";

  const submit = () => {
    const wrong = check(reason);
    setProblem(wrong);
    if (!wrong) onConfirm(tidyReason(reason));
  };

  return (
    <AdminFormDialog
      title={row.upgrade === "4k" ? <Trans>Refund this 4K upgrade?</Trans> : <Trans>Refund this video?</Trans>}
      description={t`${plural(credits, {
        one: `# credit goes back to ${username}. This cannot be undone.`,
        other: `# credits go back to ${username}. This cannot be undone.`,
      })}`}
      onSubmit={submit}
      onClose={onClose}
    >
      <dl className="grid gap-1 rounded-lg border border-border bg-zinc-950/40 px-3.5 py-2.5 text-sm">
        <dt className="text-xs uppercase tracking-wider text-muted-foreground">
          <Trans>Video</Trans>
        </dt>
        <dd className="break-words">
          {prompt ? <span>“{prompt}” </span> : null}
          <span className="font-mono text-xs text-muted-foreground">{video}</span>
        </dd>
      </dl>
      <ReasonField id="refund-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
      <ActionFooter
        problem={problem}
        pending={pending}
        actionLabel={t`${plural(credits, { one: "Refund # credit", other: "Refund # credits" })}`}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}

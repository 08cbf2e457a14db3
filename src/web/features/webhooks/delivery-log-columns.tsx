import { Loader2, RotateCw } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { WEBHOOK_DROPPED_ERROR, type WebhookAttempt } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DataTableColumn } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import { formatDateTime, formatNumber } from "@/lib/format";
import type { useResendDelivery } from "./use-webhooks";

const DELIVERY_STATUS: Record<
  WebhookAttempt["deliveryStatus"],
  { label: MessageDescriptor; variant: "success" | "warning" | "destructive" }
> = {
  succeeded: { label: msg`Delivered`, variant: "success" },
  pending: { label: msg`Retrying`, variant: "warning" },
  failed: { label: msg`Failed`, variant: "destructive" },
};

function AttemptResult({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useLingui();
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  // A real event dropped because too many were waiting (decision 0062): the server stores it in English.
  const error =
    attempt.error === WEBHOOK_DROPPED_ERROR
      ? t`Not sent: too many deliveries were waiting for this endpoint, so the oldest were dropped. Resend it once the endpoint answers again.`
      : attempt.error;
  return (
    <div className="grid gap-1">
      {attempt.statusCode !== null ? (
        <Badge variant={ok ? "success" : "destructive"}>{attempt.statusCode}</Badge>
      ) : null}
      {error ? <span className="break-words text-xs text-red-300">{error}</span> : null}
    </div>
  );
}

// The log's own compact cells: smaller than the admin lists' (it sits inside an endpoint's card).
const cellClassName = "px-3 py-2";
const headClassName = "px-3 py-2 font-medium";

/** The delivery log's columns: time, event, attempt, result, duration, delivery, and Resend. */
export function useDeliveryLogColumns(resend: ReturnType<typeof useResendDelivery>): DataTableColumn<WebhookAttempt>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Time`,
      className: cn(cellClassName, "whitespace-nowrap"),
      headerClassName: headClassName,
      cell: (a) => formatDateTime(a.at),
    },
    {
      header: t`Event`,
      className: cellClassName,
      headerClassName: headClassName,
      cell: (a) => <code className="text-xs">{a.eventType}</code>,
    },
    { header: t`Attempt`, className: cellClassName, headerClassName: headClassName, cell: (a) => a.attempt },
    {
      header: t`Result`,
      className: cellClassName,
      headerClassName: headClassName,
      cell: (a) => <AttemptResult attempt={a} />,
    },
    {
      header: t`Duration`,
      className: cn(cellClassName, "whitespace-nowrap"),
      headerClassName: headClassName,
      cell: (a) => `${formatNumber(a.durationMs)} ms`,
    },
    {
      header: t`Delivery`,
      className: cellClassName,
      headerClassName: headClassName,
      cell: (a) => {
        const status = DELIVERY_STATUS[a.deliveryStatus];
        return <Badge variant={status.variant}>{t(status.label)}</Badge>;
      },
    },
    {
      header: t`Actions`,
      headerHidden: true,
      className: cn(cellClassName, "text-right"),
      headerClassName: headClassName,
      cell: (attempt) => {
        const sending = resend.isPending && resend.variables === attempt.deliveryId;
        const { eventType, attempt: tryNumber } = attempt;
        const at = formatDateTime(attempt.at);
        return (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={sending}
            aria-label={t`Resend ${eventType} (try ${tryNumber}, ${at})`}
            onClick={() => resend.mutate(attempt.deliveryId)}
          >
            {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
            <Trans>Resend</Trans>
          </Button>
        );
      },
    },
  ];
}

import { useEffect, useRef } from "react";
import { Loader2, RotateCw } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { WEBHOOK_DROPPED_ERROR, WEBHOOK_LOG_SIZE, type WebhookAttempt } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatDateTime, formatNumber } from "@/lib/format";
import { refreshWebhooks, useDeliveryLog, useResendDelivery } from "./use-webhooks";

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

/**
 * An endpoint's (or the callbacks') last tries, newest first, each with "Resend". Read while shown:
 * quickly for a while after a send (`fastUntil`), then slower; a new try also re-reads the
 * overview, whose "failing since" it may have changed.
 */
export function DeliveryLog({
  endpointId,
  label,
  fastUntil,
  onSent,
}: {
  endpointId: string;
  label: string;
  fastUntil: number;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const log = useDeliveryLog(endpointId, fastUntil);
  const resend = useResendDelivery(endpointId, onSent);
  const loaded = log.data !== undefined;
  const newest = log.data?.attempts[0]?.id;
  /** The newest try already seen; null until the first read. */
  const seen = useRef<string | undefined | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = newest;
    if (before !== null && before !== newest) void refreshWebhooks();
  }, [loaded, newest]);

  if (log.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        <Trans>Loading the delivery log</Trans>
      </p>
    );
  }
  if (log.isError) {
    const problem = errorMessage(log.error);
    return (
      <p role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200">
        <Trans>The delivery log could not be loaded: {problem}</Trans>
      </p>
    );
  }
  const { attempts } = log.data;
  const logSize = WEBHOOK_LOG_SIZE;
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No deliveries yet. Sent events show here a moment after they are queued.</Trans>
      </p>
    );
  }

  // The log's own compact cells: smaller than the admin lists' (it sits inside an endpoint's card).
  const cellClassName = "px-3 py-2";
  const headClassName = "px-3 py-2 font-medium";
  const columns: DataTableColumn<WebhookAttempt>[] = [
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

  return (
    <div className="grid min-w-0 gap-2">
      <DataTable
        caption={label}
        label={t`${label} (scrollable)`}
        columns={columns}
        rows={attempts}
        rowKey={(a) => a.id}
        rowProps={() => ({ className: "align-top" })}
        className="relative"
        tableClassName="min-w-[40rem]"
      />
      <p className="text-xs text-muted-foreground">
        <Trans>
          The last {logSize} tries, newest first. A resend sends the same body with the same webhook-id, so receivers
          can skip repeats.
        </Trans>
      </p>
    </div>
  );
}

import { useEffect, useRef } from "react";
import { Loader2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { WEBHOOK_LOG_SIZE } from "../../../shared/schemas/webhooks";
import { DataTable } from "@/components/ui/data-table";
import { errorMessage } from "@/lib/api";
import { useDeliveryLogColumns } from "./delivery-log-columns";
import { refreshWebhooks, useDeliveryLog, useResendDelivery } from "./use-webhooks";

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
  const columns = useDeliveryLogColumns(resend);
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

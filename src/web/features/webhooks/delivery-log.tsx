import { useEffect, useRef } from "react";
import { Loader2, RotateCw } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { WEBHOOK_DROPPED_ERROR, WEBHOOK_LOG_SIZE, type WebhookAttempt } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
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

  return (
    <div className="grid min-w-0 gap-2">
      <div
        className="relative overflow-x-auto rounded-xl border border-border"
        tabIndex={0}
        role="region"
        aria-label={t`${label} (scrollable)`}
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-surface-raised/60 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Time</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Event</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Attempt</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Result</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Duration</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Delivery</Trans>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => {
              const status = DELIVERY_STATUS[attempt.deliveryStatus];
              const sending = resend.isPending && resend.variables === attempt.deliveryId;
              const { eventType, attempt: tryNumber } = attempt;
              const at = formatDateTime(attempt.at);
              return (
                <tr key={attempt.id} className="border-t border-border align-top">
                  <td className="whitespace-nowrap px-3 py-2">{at}</td>
                  <td className="px-3 py-2">
                    <code className="text-xs">{attempt.eventType}</code>
                  </td>
                  <td className="px-3 py-2">{attempt.attempt}</td>
                  <td className="px-3 py-2">
                    <AttemptResult attempt={attempt} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{formatNumber(attempt.durationMs)} ms</td>
                  <td className="px-3 py-2">
                    <Badge variant={status.variant}>{t(status.label)}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={sending}
                      aria-label={t`Resend ${eventType} (try ${tryNumber}, ${at})`}
                      onClick={() => resend.mutate(attempt.deliveryId)}
                    >
                      {sending ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <RotateCw aria-hidden="true" />
                      )}
                      <Trans>Resend</Trans>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans>
          The last {logSize} tries, newest first. A resend sends the same body with the same webhook-id, so receivers
          can skip repeats.
        </Trans>
      </p>
    </div>
  );
}

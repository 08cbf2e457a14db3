import { Loader2, Power, TriangleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { disabledReasonText } from "./event-labels";

/**
 * Why a disabled endpoint gets nothing (with Enable again), or that an active one has been failing;
 * nothing for a healthy endpoint.
 */
export function EndpointHealthNotice({
  endpoint,
  name,
  enabling,
  onEnable,
}: {
  endpoint: WebhookEndpointView;
  /** The endpoint as the buttons name it: its description, or its URL. */
  name: string;
  enabling: boolean;
  onEnable: () => void;
}) {
  const { t } = useLingui();
  const disabledOn = endpoint.disabledAt ? formatDateTime(endpoint.disabledAt) : null;
  const failingSince = endpoint.failingSince ? formatDateTime(endpoint.failingSince) : null;

  if (!endpoint.enabled)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface-raised/60 p-3 text-sm">
        <p className="min-w-0 flex-1 basis-64">
          <span className="font-medium">
            {disabledOn ? <Trans>Disabled on {disabledOn}</Trans> : <Trans>Disabled</Trans>}
          </span>
          {endpoint.disabledReason ? `: ${disabledReasonText(endpoint.disabledReason)}` : ""}
          <span className="block text-muted-foreground">
            <Trans>No events (test events included) are sent to it until it is enabled again.</Trans>
          </span>
        </p>
        <Button type="button" size="sm" disabled={enabling} aria-label={t`Enable again: ${name}`} onClick={onEnable}>
          {enabling ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Power aria-hidden="true" />}
          <Trans>Enable again</Trans>
        </Button>
      </div>
    );
  if (!failingSince) return null;
  return (
    <p className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-200">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <Trans>
          Failing since {failingSince}: every delivery since then has failed. After 3 days of failures the endpoint is
          disabled.
        </Trans>
      </span>
    </p>
  );
}

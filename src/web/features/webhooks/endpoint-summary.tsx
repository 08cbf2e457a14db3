import { Webhook } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { eventLabel } from "./event-labels";

/** An endpoint's URL, state, description and events, and when it was added and the old secret stops signing. */
export function EndpointSummary({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useLingui();
  const previousUntil = endpoint.previousSecretValidUntil ? formatDateTime(endpoint.previousSecretValidUntil) : null;

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <Webhook className="size-4 text-violet-300" aria-hidden="true" />
          <span className="break-all font-mono text-sm font-medium">{endpoint.url}</span>
          {endpoint.enabled ? (
            <Badge variant="success">
              <Trans>Active</Trans>
            </Badge>
          ) : (
            <Badge variant="secondary">
              <Trans>Disabled</Trans>
            </Badge>
          )}
        </div>
        {endpoint.description ? (
          <p className="mt-1 break-words text-sm text-muted-foreground">{endpoint.description}</p>
        ) : null}
        <ul aria-label={t`Events`} className="mt-2 flex flex-wrap gap-1.5">
          {endpoint.events.map((type) => (
            <li key={type}>
              <Badge variant="default" title={eventLabel(type)}>
                {type}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <dt>
          <Trans>Added</Trans>
        </dt>
        <dd className="text-foreground">{formatDateTime(endpoint.createdAt)}</dd>
        {previousUntil ? (
          <>
            <dt>
              <Trans>Old secret</Trans>
            </dt>
            <dd className="text-foreground">
              <Trans>also signs until {previousUntil}</Trans>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

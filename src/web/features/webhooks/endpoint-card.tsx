import { useId, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { RotatedWebhookSecret, WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { DeleteEndpointDialog } from "./delete-endpoint-dialog";
import { DeliveryLog } from "./delivery-log";
import { EndpointActions } from "./endpoint-actions";
import { EndpointHealthNotice } from "./endpoint-health-notice";
import { EndpointSummary } from "./endpoint-summary";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import {
  FAST_POLL_WINDOW_MS,
  useDeleteEndpoint,
  useRotateSecret,
  useSendTestEvent,
  useSetEndpointEnabled,
} from "./use-webhooks";

/** One endpoint: its URL, events and state, and everything that can be done to it. */
export function EndpointCard({
  endpoint,
  onEdit,
  onRotated,
}: {
  endpoint: WebhookEndpointView;
  onEdit: (endpoint: WebhookEndpointView) => void;
  onRotated: (rotated: RotatedWebhookSecret) => void;
}) {
  const { t } = useLingui();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [fastUntil, setFastUntil] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const watchLog = () => {
    setLogOpen(true);
    setFastUntil(Date.now() + FAST_POLL_WINDOW_MS);
  };
  const sendTest = useSendTestEvent(watchLog);
  const setEnabled = useSetEndpointEnabled();
  const remove = useDeleteEndpoint(() => setDeleting(false));
  const rotate = useRotateSecret((rotated) => {
    setRotating(false);
    onRotated(rotated);
  });
  const name = endpoint.description || endpoint.url;
  const { url } = endpoint;

  return (
    <li aria-label={endpoint.url} className="grid gap-4 rounded-xl border border-border bg-surface/60 p-4">
      <EndpointSummary endpoint={endpoint} />
      <EndpointHealthNotice
        endpoint={endpoint}
        name={name}
        enabling={setEnabled.isPending}
        onEnable={() => setEnabled.mutate({ id: endpoint.id, enabled: true })}
      />
      <EndpointActions
        name={name}
        enabled={endpoint.enabled}
        logOpen={logOpen}
        logId={logId}
        sendingTest={sendTest.isPending}
        switching={setEnabled.isPending}
        onSendTest={() => sendTest.mutate(endpoint.id)}
        onToggleLog={() => setLogOpen((open) => !open)}
        onEdit={() => onEdit(endpoint)}
        onDisable={() => setEnabled.mutate({ id: endpoint.id, enabled: false })}
        onRotate={() => setRotating(true)}
        onDelete={() => setDeleting(true)}
      />
      {logOpen ? (
        <div id={logId} className="min-w-0">
          <DeliveryLog
            endpointId={endpoint.id}
            label={t`Delivery log of ${url}`}
            fastUntil={fastUntil}
            onSent={() => setFastUntil(Date.now() + FAST_POLL_WINDOW_MS)}
          />
        </div>
      ) : null}
      <RotateSecretDialog
        open={rotating}
        onOpenChange={setRotating}
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate(endpoint.id)}
        what={`"${name}"`}
      />
      <DeleteEndpointDialog
        url={url}
        open={deleting}
        onOpenChange={setDeleting}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.id)}
      />
    </li>
  );
}

import { useId, useState } from "react";
import { KeyRound, Loader2, Pencil, Power, PowerOff, ScrollText, Send, Trash2, TriangleAlert, Webhook } from "lucide-react";
import { WEBHOOK_EVENT_LABELS, type RotatedWebhookSecret, type WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { DeliveryLog } from "./delivery-log";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { FAST_POLL_WINDOW_MS, useDeleteEndpoint, useRotateSecret, useSendTestEvent, useSetEndpointEnabled } from "./use-webhooks";

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

  return (
    <li aria-label={endpoint.url} className="grid gap-4 rounded-xl border border-border bg-surface/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex flex-wrap items-center gap-2">
            <Webhook className="size-4 text-violet-300" aria-hidden="true" />
            <span className="break-all font-mono text-sm font-medium">{endpoint.url}</span>
            {endpoint.enabled ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Disabled</Badge>}
          </div>
          {endpoint.description ? <p className="mt-1 break-words text-sm text-muted-foreground">{endpoint.description}</p> : null}
          <ul aria-label="Events" className="mt-2 flex flex-wrap gap-1.5">
            {endpoint.events.map((type) => (
              <li key={type}>
                <Badge variant="default" title={WEBHOOK_EVENT_LABELS[type]}>
                  {type}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <dt>Added</dt>
          <dd className="text-foreground">{formatDateTime(endpoint.createdAt)}</dd>
          {endpoint.previousSecretValidUntil ? (
            <>
              <dt>Old secret</dt>
              <dd className="text-foreground">also signs until {formatDateTime(endpoint.previousSecretValidUntil)}</dd>
            </>
          ) : null}
        </dl>
      </div>

      {!endpoint.enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface-raised/60 p-3 text-sm">
          <p className="min-w-0 flex-1 basis-64">
            <span className="font-medium">Disabled {endpoint.disabledAt ? `on ${formatDateTime(endpoint.disabledAt)}` : ""}</span>
            {endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}
            <span className="block text-muted-foreground">No events (test events included) are sent to it until it is enabled again.</span>
          </p>
          <Button
            type="button"
            size="sm"
            disabled={setEnabled.isPending}
            aria-label={`Enable again: ${name}`}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: true })}
          >
            {setEnabled.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Power aria-hidden="true" />}
            Enable again
          </Button>
        </div>
      ) : endpoint.failingSince ? (
        <p className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-200">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Failing since {formatDateTime(endpoint.failingSince)}: every delivery since then has failed. After 3 days of failures the endpoint is disabled.
          </span>
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!endpoint.enabled || sendTest.isPending}
          aria-label={`Send test event: ${name}`}
          onClick={() => sendTest.mutate(endpoint.id)}
        >
          {sendTest.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send test event
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-label={`Delivery log: ${name}`}
          onClick={() => setLogOpen((open) => !open)}
        >
          <ScrollText aria-hidden="true" />
          Delivery log
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Edit: ${name}`} onClick={() => onEdit(endpoint)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        {endpoint.enabled ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={setEnabled.isPending}
            aria-label={`Disable: ${name}`}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: false })}
          >
            <PowerOff aria-hidden="true" />
            Disable
          </Button>
        ) : null}
        <Button type="button" variant="outline" size="sm" aria-label={`Rotate secret: ${name}`} onClick={() => setRotating(true)}>
          <KeyRound aria-hidden="true" />
          Rotate secret
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Delete: ${name}`} onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>

      {logOpen ? (
        <div id={logId} className="min-w-0">
          <DeliveryLog
            endpointId={endpoint.id}
            label={`Delivery log of ${endpoint.url}`}
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
      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this webhook endpoint?</DialogTitle>
            <DialogDescription>{`${endpoint.url} receives no more events, and its delivery log is deleted with it.`}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(endpoint.id)}>
              {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
              Delete endpoint
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

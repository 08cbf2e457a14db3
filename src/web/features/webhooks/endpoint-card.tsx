import { useId, useState } from "react";
import {
  KeyRound,
  Loader2,
  Pencil,
  Power,
  PowerOff,
  ScrollText,
  Send,
  Trash2,
  TriangleAlert,
  Webhook,
} from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { RotatedWebhookSecret, WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format";
import { DeliveryLog } from "./delivery-log";
import { disabledReasonText, eventLabel } from "./event-labels";
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
  const previousUntil = endpoint.previousSecretValidUntil ? formatDateTime(endpoint.previousSecretValidUntil) : null;
  const disabledOn = endpoint.disabledAt ? formatDateTime(endpoint.disabledAt) : null;
  const failingSince = endpoint.failingSince ? formatDateTime(endpoint.failingSince) : null;

  return (
    <li aria-label={endpoint.url} className="grid gap-4 rounded-xl border border-border bg-surface/60 p-4">
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

      {!endpoint.enabled ? (
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
          <Button
            type="button"
            size="sm"
            disabled={setEnabled.isPending}
            aria-label={t`Enable again: ${name}`}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: true })}
          >
            {setEnabled.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Power aria-hidden="true" />
            )}
            <Trans>Enable again</Trans>
          </Button>
        </div>
      ) : failingSince ? (
        <p className="flex gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-200">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <Trans>
              Failing since {failingSince}: every delivery since then has failed. After 3 days of failures the endpoint
              is disabled.
            </Trans>
          </span>
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!endpoint.enabled || sendTest.isPending}
          aria-label={t`Send test event: ${name}`}
          onClick={() => sendTest.mutate(endpoint.id)}
        >
          {sendTest.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          <Trans>Send test event</Trans>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-label={t`Delivery log: ${name}`}
          onClick={() => setLogOpen((open) => !open)}
        >
          <ScrollText aria-hidden="true" />
          <Trans>Delivery log</Trans>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={t`Edit: ${name}`}
          onClick={() => onEdit(endpoint)}
        >
          <Pencil aria-hidden="true" />
          <Trans>Edit</Trans>
        </Button>
        {endpoint.enabled ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={setEnabled.isPending}
            aria-label={t`Disable: ${name}`}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: false })}
          >
            <PowerOff aria-hidden="true" />
            <Trans>Disable</Trans>
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={t`Rotate secret: ${name}`}
          onClick={() => setRotating(true)}
        >
          <KeyRound aria-hidden="true" />
          <Trans>Rotate secret</Trans>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={t`Delete: ${name}`}
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      </div>

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
      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Delete this webhook endpoint?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>{url} receives no more events, and its delivery log is deleted with it.</Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDeleting(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(endpoint.id)}
            >
              {remove.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              <Trans>Delete endpoint</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

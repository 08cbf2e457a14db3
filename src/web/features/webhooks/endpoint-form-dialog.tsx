import { Loader2, Save, Webhook } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { WEBHOOK_URL_MAX, type WebhookEndpointView } from "../../../shared/schemas/webhooks";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { fieldErrorId, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { EndpointEventsField } from "./endpoint-events-field";
import { DESCRIPTION_MAX, useEndpointForm, type EndpointFormValues } from "./use-endpoint-form";

export type { EndpointFormValues } from "./use-endpoint-form";

/**
 * Add or edit an endpoint: URL, description and the events it receives, checked with the shared
 * schema; the server's refusal of a URL (private address, not https...) shows under the URL.
 */
export function EndpointFormDialog({
  endpoint,
  open,
  onOpenChange,
  allowsLocal,
  onSubmit,
}: {
  /** The endpoint to edit; null to add one. */
  endpoint: WebhookEndpointView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allowsLocal: boolean;
  /** Resolves when saved (the caller closes the dialog); a rejection is shown in the form. */
  onSubmit: (values: EndpointFormValues) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open ? (
          <EndpointForm
            endpoint={endpoint}
            allowsLocal={allowsLocal}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EndpointForm({
  endpoint,
  allowsLocal,
  onSubmit,
  onCancel,
}: {
  endpoint: WebhookEndpointView | null;
  allowsLocal: boolean;
  onSubmit: (values: EndpointFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { url, setUrl, description, setDescription, events, toggleEvent, errors, pending, submit } = useEndpointForm(
    endpoint,
    onSubmit,
  );

  const urlHint = allowsLocal ? t`https:// (or http:// on this server)` : t`https:// only`;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>
          {endpoint ? <Trans>Edit webhook endpoint</Trans> : <Trans>Add webhook endpoint</Trans>}
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Events are POSTed as JSON to this URL, signed with the endpoint's secret (Standard Webhooks). Any 2xx answer
            counts as delivered; anything else is retried for about a day.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <FormField id="webhook-url" label={t`Endpoint URL`} hint={urlHint} error={errors.url}>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/veo"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? fieldErrorId("webhook-url") : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <FormField id="webhook-description" label={t`Description`} hint={t`Optional`} error={errors.description}>
        <Input
          id="webhook-description"
          value={description}
          maxLength={DESCRIPTION_MAX}
          autoComplete="off"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an example name (a product's), the same in every language
          placeholder="n8n production"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? fieldErrorId("webhook-description") : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <EndpointEventsField events={events} error={errors.events} onToggle={toggleEvent} />
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : endpoint ? (
            <Save aria-hidden="true" />
          ) : (
            <Webhook aria-hidden="true" />
          )}
          {endpoint ? <Trans>Save changes</Trans> : <Trans>Add endpoint</Trans>}
        </Button>
      </DialogFooter>
    </form>
  );
}

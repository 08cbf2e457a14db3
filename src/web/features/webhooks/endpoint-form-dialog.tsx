import { useState, type FormEvent } from "react";
import { Loader2, Save, Webhook } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type CreateWebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEventType,
} from "../../../shared/schemas/webhooks";
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
import { ApiError, errorMessage } from "@/lib/api";
import { eventLabel } from "./event-labels";

export type EndpointFormValues = Required<CreateWebhookEndpointInput>;
type FieldErrors = Partial<Record<"url" | "description" | "events" | "form", string>>;
type Field = "url" | "description" | "events";

/** The shared schema's limit on a description. */
const DESCRIPTION_MAX = 200;

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
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<readonly WebhookEventType[]>(
    endpoint?.events ?? ["video.completed", "video.failed"],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  /** The shared schema's messages (the server's English) for a field's problem, in the active language. */
  function problemText(field: Field, code: string): string {
    if (field === "url") {
      const max = WEBHOOK_URL_MAX;
      return code === "too_big" ? t`The URL must be at most ${max} characters` : t`URL is required`;
    }
    if (field === "description") {
      const max = DESCRIPTION_MAX;
      return t`The description must be at most ${max} characters`;
    }
    return code === "too_small" ? t`Choose at least one event` : t`Choose the events to receive`;
  }

  function toggle(type: WebhookEventType, checked: boolean) {
    setEvents((current) =>
      checked
        ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || current.includes(t))
        : current.filter((t) => t !== type),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createWebhookEndpointSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "url" || field === "description" || field === "events") && !next[field])
          next[field] = problemText(field, issue.code);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.code === "webhook_url_refused"
          ? { url: errorMessage(error) }
          : { form: errorMessage(error) },
      );
    } finally {
      setPending(false);
    }
  }

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
      <fieldset className="grid gap-2.5" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">
          <Trans>Events</Trans>
        </legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex cursor-pointer items-start gap-2.5 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-violet-500"
              checked={events.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              {eventLabel(type)} <code className="text-xs text-muted-foreground">{type}</code>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p id="webhook-events-error" className="text-xs font-medium text-red-400">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
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

import { useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type CreateWebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEventType,
} from "../../../shared/schemas/webhooks";
import { ApiError, errorMessage } from "@/lib/api";

export type EndpointFormValues = Required<CreateWebhookEndpointInput>;
type Field = "url" | "description" | "events";
export type EndpointFieldErrors = Partial<Record<Field | "form", string>>;

/** The shared schema's limit on a description. */
export const DESCRIPTION_MAX = 200;

/**
 * The endpoint form's values, checked with the shared schema on submit; the server's refusal of
 * a URL (private address, not https...) becomes the URL's error, any other failure the form's.
 */
export function useEndpointForm(
  endpoint: WebhookEndpointView | null,
  onSubmit: (values: EndpointFormValues) => Promise<unknown>,
) {
  const { t } = useLingui();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<readonly WebhookEventType[]>(
    endpoint?.events ?? ["video.completed", "video.failed"],
  );
  const [errors, setErrors] = useState<EndpointFieldErrors>({});
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

  /** Adds or removes an event, keeping the events in the schema's order. */
  function toggleEvent(type: WebhookEventType, checked: boolean) {
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
      const next: EndpointFieldErrors = {};
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

  return { url, setUrl, description, setDescription, events, toggleEvent, errors, pending, submit };
}

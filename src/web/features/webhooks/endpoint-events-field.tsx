import { Trans } from "@lingui/react/macro";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../shared/schemas/webhooks";
import { eventLabel } from "./event-labels";

/** A checkbox per event type, each with its name and its type, and the problem with the choice under them. */
export function EndpointEventsField({
  events,
  error,
  onToggle,
}: {
  events: readonly WebhookEventType[];
  error: string | undefined;
  onToggle: (type: WebhookEventType, checked: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-2.5" aria-describedby={error ? "webhook-events-error" : undefined}>
      <legend className="mb-2 text-sm font-medium">
        <Trans>Events</Trans>
      </legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <label key={type} className="flex cursor-pointer items-start gap-2.5 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-violet-500"
            checked={events.includes(type)}
            onChange={(e) => onToggle(type, e.target.checked)}
          />
          <span>
            {eventLabel(type)} <code className="text-xs text-muted-foreground">{type}</code>
          </span>
        </label>
      ))}
      {error ? (
        <p id="webhook-events-error" className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * What each webhook event means, in the active language (decision 0056). The shared
 * WEBHOOK_EVENT_LABELS keep their English for the API; the event names themselves
 * (video.completed...) are identifiers and are shown as they are.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { WEBHOOK_DISABLED_REASONS, type WebhookEventType } from "../../../shared/schemas/webhooks";
import { i18n } from "@/lib/i18n";

const EVENT_LABELS: Record<WebhookEventType, MessageDescriptor> = {
  "video.completed": msg`A video is ready (720p)`,
  "video.failed": msg`A video failed (with its refund)`,
  "video.hd_ready": msg`The 1080p version is ready`,
  "credits.low": msg`My balance fell below my threshold`,
};

export const eventLabel = (type: WebhookEventType): string => i18n._(EVENT_LABELS[type]);

/** The server stores why an endpoint was disabled as one of the shared English texts: each in the active language. */
const DISABLED_REASONS: Record<keyof typeof WEBHOOK_DISABLED_REASONS, MessageDescriptor> = {
  byOwner: msg`Disabled by you`,
  afterFailing: msg`Every delivery failed for 3 days, so it was disabled. Fix the receiver, then enable it again.`,
};

export function disabledReasonText(reason: string): string {
  const key = (Object.keys(WEBHOOK_DISABLED_REASONS) as (keyof typeof WEBHOOK_DISABLED_REASONS)[]).find(
    (k) => WEBHOOK_DISABLED_REASONS[k] === reason,
  );
  return key ? i18n._(DISABLED_REASONS[key]) : reason;
}

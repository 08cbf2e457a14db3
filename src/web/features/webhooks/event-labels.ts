/**
 * What each webhook event means, in the active language (decision 0056). The shared
 * WEBHOOK_EVENT_LABELS keep their English for the API; the event names themselves
 * (video.completed...) are identifiers and are shown as they are.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { WebhookEventType } from "../../../shared/schemas/webhooks";
import { i18n } from "@/lib/i18n";

const EVENT_LABELS: Record<WebhookEventType, MessageDescriptor> = {
  "video.completed": msg`A video is ready (720p)`,
  "video.failed": msg`A video failed (with its refund)`,
  "video.hd_ready": msg`The 1080p version is ready`,
  "credits.low": msg`My balance fell below my threshold`,
};

export const eventLabel = (type: WebhookEventType): string => i18n._(EVENT_LABELS[type]);

/**
 * The server stores why an endpoint was disabled as English text (no code): the two reasons it
 * writes are shown in the active language, anything else as it is.
 */
const DISABLED_REASONS: Record<string, MessageDescriptor> = {
  "Disabled by you": msg`Disabled by you`,
  "Every delivery failed for 3 days, so it was disabled. Fix the receiver, then enable it again.": msg`Every delivery failed for 3 days, so it was disabled. Fix the receiver, then enable it again.`,
};

export function disabledReasonText(reason: string): string {
  const known = Object.hasOwn(DISABLED_REASONS, reason) ? DISABLED_REASONS[reason] : undefined;
  return known ? i18n._(known) : reason;
}

/**
 * Outbound webhooks (decision 0047): the /api page's endpoints, their delivery log, the signing
 * secret of per-request callbacks, and the payload every delivery carries (Standard Webhooks).
 */
import { z } from "zod";
import { automationVideoStatusSchema } from "./automation.js";
import { isoTimestamp } from "./common.js";

export const WEBHOOK_EVENT_TYPES = ["video.completed", "video.failed", "video.hd_ready", "credits.low"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "Send test event" sends: never one of the real types, so a receiver cannot mistake it for a video. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "video.completed": "A video is ready (720p)",
  "video.failed": "A video failed (with its refund)",
  "video.hd_ready": "The 1080p version is ready",
  "credits.low": "My balance fell below my threshold",
};

/** Why an endpoint is off, stored and sent as this English text; the web words each in the person's language. */
export const WEBHOOK_DISABLED_REASONS = {
  byOwner: "Disabled by you",
  afterFailing: "Every delivery failed for 3 days, so it was disabled. Fix the receiver, then enable it again.",
} as const;

/** Endpoints a person may add (the per-request callbacks are not counted). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The delivery log keeps this many attempts per endpoint. */
export const WEBHOOK_LOG_SIZE = 100;
/**
 * Deliveries waiting for one endpoint (or a person's callbacks), at most: beyond it the oldest
 * test events are dropped first, then the oldest real ones, each of those with a row in the log
 * saying so (decision 0062).
 */
export const WEBHOOK_PENDING_MAX = 1000;
/** The delivery log's error of a real event dropped by that cap, stored as this English text; the web words it. */
export const WEBHOOK_DROPPED_ERROR =
  "Not sent: too many deliveries were waiting for this endpoint, so the oldest were dropped";
export const WEBHOOK_URL_MAX = 2000;
export const LOW_CREDITS_MAX = 1_000_000;

export const webhookUrlSchema = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .meta({
    description: "Where events are POSTed: https (plain http and loopback only when the server allows local webhooks).",
  });

const eventListSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
    error: "Choose the events to receive",
  })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const descriptionSchema = z.string().trim().max(200, "The description must be at most 200 characters");

/** POST /api/webhooks/endpoints */
export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.default(""),
  events: eventListSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/webhooks/endpoints/{id}: any of the fields; `enabled: true` re-enables a disabled endpoint. */
export const updateWebhookEndpointSchema = z
  .object({ url: webhookUrlSchema, description: descriptionSchema, events: eventListSchema, enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;

export const webhookIdParams = z.object({ id: z.uuid({ error: "Invalid id" }) });

const secretRotation = {
  previousSecretValidUntil: isoTimestamp.nullable().meta({
    description: "After a rotation, deliveries are also signed with the previous secret until then; null: one secret.",
  }),
};

export const webhookEndpointViewSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledAt: isoTimestamp.nullable(),
    disabledReason: z
      .string()
      .nullable()
      .meta({ description: "Why it was disabled: by its owner, or after failing for 3 days." }),
    failingSince: isoTimestamp
      .nullable()
      .meta({ description: "Every delivery since then has failed; null when the last one succeeded." }),
    ...secretRotation,
    createdAt: isoTimestamp,
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/** GET /api/webhooks: everything the /api page shows about webhooks. */
export const webhooksOverviewSchema = z
  .object({
    endpoints: z.array(webhookEndpointViewSchema),
    callbacks: z
      .object({
        id: z
          .string()
          .nullable()
          .meta({ description: "Its delivery log is /api/webhooks/endpoints/{id}/attempts; null until first used." }),
        hasSecret: z.boolean(),
        ...secretRotation,
      })
      .meta({ description: "Deliveries to a request's callbackUrl, signed with their own secret." }),
    lowCreditsThreshold: z
      .number()
      .int()
      .nullable()
      .meta({ description: "credits.low fires when the balance falls below it; null: never." }),
    allowsLocal: z
      .boolean()
      .meta({ description: "Whether this server accepts http:// and loopback URLs (WEBHOOKS_ALLOW_LOCAL)." }),
  })
  .meta({ id: "WebhooksOverview" });
export type WebhooksOverview = z.infer<typeof webhooksOverviewSchema>;

/** The only answers that carry a secret in full. */
export const createdWebhookEndpointSchema = z
  .object({
    endpoint: webhookEndpointViewSchema,
    secret: z.string().meta({ description: "whsec_…: shown this once." }),
  })
  .meta({ id: "CreatedWebhookEndpoint" });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/**
 * PUT /api/n8n/webhooks (the n8n trigger, decision 0171): an endpoint registered by its URL, once
 * per URL. `created: false` when the URL had one already: its secret was rotated, so the answer
 * still carries the one in force (the previous one signs beside it for 24 hours).
 */
export const registeredWebhookEndpointSchema = createdWebhookEndpointSchema
  .extend({ created: z.boolean().meta({ description: "false: this URL's endpoint existed; its secret was rotated." }) })
  .meta({ id: "RegisteredWebhookEndpoint" });
export type RegisteredWebhookEndpoint = z.infer<typeof registeredWebhookEndpointSchema>;

export const rotatedWebhookSecretSchema = z
  .object({ secret: z.string().meta({ description: "The new whsec_… secret: shown this once." }), ...secretRotation })
  .meta({ id: "RotatedWebhookSecret" });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;

const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

/** One try at delivering an event, as the delivery log lists it. */
const webhookAttemptSchema = z
  .object({
    id: z.string(),
    deliveryId: z
      .string()
      .meta({ description: "POST /api/webhooks/deliveries/{deliveryId}/resend sends the event again." }),
    eventId: z.string().meta({ description: "The webhook-id header: the same on every try and resend of one event." }),
    eventType: z.string(),
    attempt: z.number().int().min(1),
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's answer; null when none came (refused, timed out)." }),
    durationMs: z.number().int().min(0),
    error: z.string().nullable(),
    at: isoTimestamp,
    deliveryStatus: z
      .enum(WEBHOOK_DELIVERY_STATUSES)
      .meta({ description: "Where the delivery stands now: pending means more tries will come." }),
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

export const webhookQueuedSchema = z.object({ message: z.string(), eventId: z.string() }).meta({ id: "WebhookQueued" });
export type WebhookQueued = z.infer<typeof webhookQueuedSchema>;

/** PUT /api/webhooks/low-credits */
export const lowCreditsThresholdSchema = z.object({
  threshold: z
    .number({ error: "The threshold must be a whole number of credits, or null" })
    .int("The threshold must be a whole number of credits")
    .min(1, "The threshold must be at least 1 credit")
    .max(LOW_CREDITS_MAX, `The threshold must be at most ${LOW_CREDITS_MAX} credits`)
    .nullable(),
});

// ---- What a delivery carries -------------------------------------------------------------------

const envelope = {
  id: z.string().meta({
    description:
      "The event id, also sent as the webhook-id header: the same on every retry, so receivers can skip repeats.",
  }),
  timestamp: isoTimestamp.meta({ description: "When the event happened." }),
};

/** video.completed, video.failed, video.hd_ready: the task as GET /api/n8n/video-status reports it at delivery. */
export const videoWebhookEventSchema = z
  .object({
    ...envelope,
    type: z.enum(["video.completed", "video.failed", "video.hd_ready"]),
    data: automationVideoStatusSchema,
  })
  .meta({ id: "VideoWebhookEvent" });

export const creditsLowWebhookEventSchema = z
  .object({
    ...envelope,
    type: z.literal("credits.low"),
    data: z.object({
      credits: z.number().int().meta({ description: "The balance after the change." }),
      threshold: z.number().int(),
    }),
  })
  .meta({ id: "CreditsLowWebhookEvent" });

export const testWebhookEventSchema = z
  .object({ ...envelope, type: z.literal(WEBHOOK_TEST_EVENT), data: z.object({ message: z.string() }) })
  .meta({ id: "TestWebhookEvent" });

type VideoWebhookEvent = z.infer<typeof videoWebhookEventSchema>;
type CreditsLowWebhookEvent = z.infer<typeof creditsLowWebhookEventSchema>;
type TestWebhookEvent = z.infer<typeof testWebhookEventSchema>;
export type WebhookEvent = VideoWebhookEvent | CreditsLowWebhookEvent | TestWebhookEvent;

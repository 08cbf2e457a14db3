/**
 * The OpenAPI 3.1 `webhooks` section (decision 0047): what each delivery POSTs, with its signing
 * headers. The bodies' JSON Schemas come from the shared zod schemas; the schemas they name go
 * into components (the document keeps its own copy of one it already has, such as VideoStatus).
 */
import { z } from "zod";
import {
  creditsLowWebhookEventSchema,
  testWebhookEventSchema,
  videoWebhookEventSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from "../../../shared/schemas/webhooks.js";

type Json = Record<string, unknown>;

export interface OpenApiWebhooks {
  webhooks: Json;
  /** Component schemas the webhooks refer to. */
  schemas: Record<string, Json>;
}

const HEADERS = [
  ["webhook-id", "The event id (msg_…): the same on every retry and resend. Skip ids you have already handled."],
  ["webhook-timestamp", "Unix seconds when this try was signed. Refuse values more than 5 minutes from your clock."],
  [
    "webhook-signature",
    "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the secret's bytes (base64 after `whsec_`); during a secret rotation, two signatures separated by a space. Any one matching is enough.",
  ],
] as const;

function schemaOf(schema: z.ZodType, into: Record<string, Json>): Json {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json & {
    $defs?: Record<string, Json>;
  };
  const { $defs = {}, $schema: _drop, ...root } = json;
  for (const [name, def] of Object.entries($defs)) into[name] ??= def;
  return JSON.parse(JSON.stringify(root).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
}

function operation(summary: string, description: string, body: Json): Json {
  return {
    post: {
      tags: ["Automation"],
      summary,
      description,
      parameters: HEADERS.map(([name, text]) => ({
        name,
        in: "header",
        required: true,
        description: text,
        schema: { type: "string" },
      })),
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: {
        "2XX": {
          description:
            "Received. Any 2xx counts; anything else, a redirect or no answer within 10 seconds is retried for about 27 hours.",
        },
      },
    },
  };
}

export function webhooksOpenApi(): OpenApiWebhooks {
  const schemas: Record<string, Json> = {};
  const video = schemaOf(videoWebhookEventSchema, schemas);
  const webhooks: Json = {};
  for (const type of ["video.completed", "video.failed", "video.hd_ready"] as const satisfies WebhookEventType[]) {
    webhooks[type] = operation(
      WEBHOOK_EVENT_LABELS[type],
      `Sent to endpoints subscribed to ${type}${type === "video.hd_ready" ? "" : ", and to the request's callbackUrl"}. \`data\` is the task as GET /api/n8n/video-status/{taskId} reports it.`,
      video,
    );
  }
  webhooks["credits.low"] = operation(
    WEBHOOK_EVENT_LABELS["credits.low"],
    "Sent once each time the balance falls below the threshold set on the /api page.",
    schemaOf(creditsLowWebhookEventSchema, schemas),
  );
  webhooks[WEBHOOK_TEST_EVENT] = operation(
    "A test event",
    'Sent by "Send test event" on the /api page.',
    schemaOf(testWebhookEventSchema, schemas),
  );
  return { webhooks, schemas };
}

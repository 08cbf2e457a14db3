/** The /api page's webhooks (decision 0047): endpoints, secrets, the delivery log, resend, test events, the credits.low threshold. */
import { okSchema } from "../schemas/common.js";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  lowCreditsThresholdSchema,
  rotatedWebhookSecretSchema,
  updateWebhookEndpointSchema,
  webhookAttemptListSchema,
  webhookEndpointViewSchema,
  webhookIdParams,
  webhookQueuedSchema,
  webhooksOverviewSchema,
} from "../schemas/webhooks.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Webhooks"];

export const webhooksApi = {
  overview: defineRoute({
    method: "GET",
    path: "/api/webhooks",
    tags,
    summary: "The signed-in user's webhook endpoints and settings",
    responses: { 200: webhooksOverviewSchema, ...errors(401) },
  }),
  createEndpoint: defineRoute({
    method: "POST",
    path: "/api/webhooks/endpoints",
    tags,
    summary: "Add an endpoint (the only answer with its signing secret)",
    body: createWebhookEndpointSchema,
    responses: { 201: createdWebhookEndpointSchema, ...errors(400, 401, 403, 409) },
    reasons: ["webhook_limit"],
  }),
  updateEndpoint: defineRoute({
    method: "PATCH",
    path: "/api/webhooks/endpoints/:id",
    tags,
    summary: "Change an endpoint's URL, description or events; disable or enable it",
    params: webhookIdParams,
    body: updateWebhookEndpointSchema,
    responses: { 200: webhookEndpointViewSchema, ...errors(400, 401, 403, 404) },
  }),
  deleteEndpoint: defineRoute({
    method: "DELETE",
    path: "/api/webhooks/endpoints/:id",
    tags,
    summary: "Delete an endpoint and its delivery log",
    params: webhookIdParams,
    responses: { 200: okSchema, ...errors(400, 401, 403, 404) },
  }),
  rotateSecret: defineRoute({
    method: "POST",
    path: "/api/webhooks/endpoints/:id/rotate-secret",
    tags,
    summary: "A new signing secret; the old one keeps signing beside it for 24 hours",
    params: webhookIdParams,
    responses: { 200: rotatedWebhookSecretSchema, ...errors(400, 401, 403, 404) },
  }),
  sendTest: defineRoute({
    method: "POST",
    path: "/api/webhooks/endpoints/:id/test",
    tags,
    summary: "Send a webhook.test event to this endpoint (a few a minute, with resends)",
    params: webhookIdParams,
    responses: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
  }),
  attempts: defineRoute({
    method: "GET",
    path: "/api/webhooks/endpoints/:id/attempts",
    tags,
    summary: "The delivery log of an endpoint (or of the callbacks): the last 100 tries, newest first",
    params: webhookIdParams,
    responses: { 200: webhookAttemptListSchema, ...errors(400, 401, 404) },
  }),
  resend: defineRoute({
    method: "POST",
    path: "/api/webhooks/deliveries/:id/resend",
    tags,
    summary: "Send a delivery again (same body, same webhook-id; a few a minute, with test events)",
    params: webhookIdParams,
    responses: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
  }),
  rotateCallbackSecret: defineRoute({
    method: "POST",
    path: "/api/webhooks/callback-secret",
    tags,
    summary: "A new secret for deliveries to callbackUrls (the old one keeps signing beside it for 24 hours)",
    responses: { 200: rotatedWebhookSecretSchema, ...errors(401, 403) },
  }),
  setLowCredits: defineRoute({
    method: "PUT",
    path: "/api/webhooks/low-credits",
    tags,
    summary: "Set the balance below which credits.low fires (null: never)",
    body: lowCreditsThresholdSchema,
    responses: { 200: okSchema, ...errors(400, 401, 403) },
  }),
};

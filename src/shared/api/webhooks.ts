/** The /api page's webhooks (decision 0047): endpoints, secrets, the delivery log, resend, test events, the credits.low threshold. */
import { automationErrorSchema } from "../schemas/automation.js";
import { okSchema } from "../schemas/common.js";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  lowCreditsThresholdSchema,
  registeredWebhookEndpointSchema,
  rotatedWebhookSecretSchema,
  updateWebhookEndpointSchema,
  webhookAttemptListSchema,
  webhookEndpointViewSchema,
  webhookIdParams,
  webhookQueuedSchema,
  webhooksOverviewSchema,
} from "../schemas/webhooks.js";
import { defineRoute, errors, errorsWith } from "./contract.js";

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

const automationTags = ["Automation"];

/**
 * Endpoints managed with an API token (decision 0171), for tools that subscribe and unsubscribe
 * themselves, as n8n's trigger node does when a workflow is activated and deactivated.
 */
export const webhooksTokenApi = {
  register: defineRoute({
    method: "PUT",
    path: "/api/n8n/webhooks",
    tags: automationTags,
    operationId: "registerWebhook",
    summary: "Subscribe a URL to events (once per URL)",
    description:
      "Adds an endpoint for the token's account, or, when the account has one at this URL already, sets its events and description, enables it and rotates its secret (the previous one keeps signing beside it for 24 hours). Either way the answer carries the signing secret in force. Deliveries are signed as every webhook is (Standard Webhooks).",
    body: createWebhookEndpointSchema,
    responses: {
      200: registeredWebhookEndpointSchema,
      ...errorsWith(automationErrorSchema, 400, 401, 403, 409, 429),
    },
    reasons: ["webhook_limit"],
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/n8n/webhooks/:id",
    tags: automationTags,
    operationId: "getWebhook",
    summary: "An endpoint of the token's account",
    params: webhookIdParams,
    responses: { 200: webhookEndpointViewSchema, ...errorsWith(automationErrorSchema, 400, 401, 404, 429) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/n8n/webhooks/:id",
    tags: automationTags,
    operationId: "deleteWebhook",
    summary: "Unsubscribe: delete an endpoint of the token's account and its delivery log",
    params: webhookIdParams,
    responses: { 200: okSchema, ...errorsWith(automationErrorSchema, 400, 401, 403, 404, 429) },
  }),
};

/**
 * The automation API for n8n, Make or any HTTP client (decision 0017): start a video and check it
 * with an API token, read the balance (decision 0151), and the public documents that describe it
 * (OpenAPI, ready n8n workflows). Its errors are the app's plus `success: false` (automationErrorSchema).
 */
import { POLL_SECONDS, WEBHOOK_WAIT_MINUTES } from "../automation.js";
import {
  automationBalanceSchema,
  automationErrorSchema,
  automationExtendResultSchema,
  automationFinalResultSchema,
  automationGenerateResultSchema,
  automationGenerateSchema,
  automationTaskParams,
  automationUpgradeResultSchema,
  automationVideoListQuery,
  automationVideoListSchema,
  automationVideoStatusSchema,
  openApiDocumentSchema,
  workflowDocumentSchema,
} from "../schemas/automation.js";
import { idempotencyHeaders } from "../schemas/idempotency.js";
import { extendVideoSchema } from "../schemas/videos.js";
import { defineRoute, errorsWith } from "./contract.js";

const tags = ["Automation"];
const documentTags = ["Documents"];

export const automationApi = {
  generate: defineRoute({
    method: "POST",
    path: "/api/n8n/generate",
    tags,
    operationId: "generateVideo",
    summary: "Start a video",
    description:
      "Takes the API price of the model from the token's account and starts the video. Poll the status with the returned taskId.",
    headers: idempotencyHeaders,
    body: automationGenerateSchema,
    responses: {
      200: automationGenerateResultSchema,
      ...errorsWith(automationErrorSchema, 400, 401, 402, 403, 409, 413, 422, 429, 503),
    },
  }),
  /** Continue a finished video (decision 0159), as the website does. */
  extend: defineRoute({
    method: "POST",
    path: "/api/n8n/videos/:taskId/extend",
    tags,
    operationId: "extendVideo",
    summary: "Extend a finished video",
    description:
      "A new video that continues a finished one of the token's account, with a new prompt. A Veo video whose 1080p version was not made, within 14 days, is continued by Veo itself (extendMethod 'native': the new task's videoUrl is the whole video); any other is continued from its last frame by the same model when it is offered, or by `model` (extendMethod 'last_frame': videoUrl is the new part, and joinedVideoUrl the whole video once joined). Priced as the model's video on the website plus the extension surcharge (GET /api/pricing/current); refunded if it fails. Poll the status with the returned taskId.",
    headers: idempotencyHeaders,
    params: automationTaskParams,
    body: extendVideoSchema,
    responses: {
      200: automationExtendResultSchema,
      ...errorsWith(automationErrorSchema, 400, 401, 402, 403, 404, 409, 422, 429, 503),
    },
  }),
  /** "Make it final" (decision 0178), as the website's. */
  final: defineRoute({
    method: "POST",
    path: "/api/n8n/videos/:taskId/final",
    tags,
    operationId: "makeDraftFinal",
    summary: "Make a finished draft final",
    description:
      "A new video from a completed draft of the token's account (one made with `draft: true`): the draft's prompt, seed, images, mode, aspect ratio, length and sound on the model and resolution it is the draft of, charged as a new video at API prices and refunded if it fails. A video that is not a finished draft is a 409. Poll the status with the returned taskId.",
    headers: idempotencyHeaders,
    params: automationTaskParams,
    responses: {
      200: automationFinalResultSchema,
      ...errorsWith(automationErrorSchema, 401, 402, 403, 404, 409, 422, 429, 503),
    },
  }),
  videoStatus: defineRoute({
    method: "GET",
    path: "/api/n8n/video-status/:taskId",
    tags,
    operationId: "getVideoStatus",
    summary: "Check a video",
    description: `Poll every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds. A 16:9 video may complete with videoUrl first; hdVideoUrl follows once the 1080p version is ready.`,
    params: automationTaskParams,
    responses: { 200: automationVideoStatusSchema, ...errorsWith(automationErrorSchema, 401, 404, 429) },
  }),
  balance: defineRoute({
    method: "GET",
    path: "/api/n8n/balance",
    tags,
    operationId: "getBalance",
    summary: "Check the balance",
    description:
      "The token's account's credits (the number remainingCredits gives after a video) and which of them expire when, soonest first. Credits that expire are spent first.",
    responses: { 200: automationBalanceSchema, ...errorsWith(automationErrorSchema, 401, 429) },
  }),
  /** The token's account's videos, as the website lists them (issue 73: the n8n node's "List my videos"). */
  listVideos: defineRoute({
    method: "GET",
    path: "/api/n8n/videos",
    tags,
    operationId: "listVideos",
    summary: "List my videos",
    description:
      "The token's account's videos, newest first, a page at a time (default 10, at most 100), optionally only those in one state, of one model or with words of the prompt.",
    query: automationVideoListQuery,
    responses: { 200: automationVideoListSchema, ...errorsWith(automationErrorSchema, 400, 401, 429) },
  }),
  /** The 4K version of a finished Veo video, as the website's Upgrade to 4K (decision 0159's neighbour). */
  upgrade4k: defineRoute({
    method: "POST",
    path: "/api/n8n/videos/:taskId/upgrade-4k",
    tags,
    operationId: "upgradeVideoTo4k",
    summary: "Upgrade a video to 4K",
    description:
      "Asks for the 4K version of a completed video that has one (Veo made by KIE), for the 4K surcharge at API prices (GET /api/pricing/current), charged now and refunded if it cannot be made. Asking again while it is being made, or once it exists, is a 409 and charges nothing. Poll the status until videoUrl4k is set.",
    params: automationTaskParams,
    responses: {
      200: automationUpgradeResultSchema,
      ...errorsWith(automationErrorSchema, 401, 402, 403, 404, 409, 429),
    },
  }),
  openapi: defineRoute({
    method: "GET",
    path: "/api/openapi.json",
    tags: documentTags,
    operationId: "getOpenApiDocument",
    summary: "This document",
    responses: {
      200: openApiDocumentSchema.meta({
        description: "The automation API's OpenAPI 3.1 document, with this server's address.",
      }),
    },
  }),
  openapiFull: defineRoute({
    method: "GET",
    path: "/api/openapi-full.json",
    tags: documentTags,
    operationId: "getFullOpenApiDocument",
    summary: "Every route",
    responses: {
      200: openApiDocumentSchema.meta({
        description:
          "The OpenAPI 3.1 document of every route (the web app's and the admin's too), with this server's address.",
      }),
    },
  }),
  workflow: defineRoute({
    method: "GET",
    path: "/api/n8n/workflow.json",
    tags: documentTags,
    operationId: "getN8nWorkflow",
    summary: "A ready n8n workflow",
    description:
      "An n8n 1.x workflow (manual trigger, generate, wait, status, loop with a cap) with this server's address filled in. It holds no token: after importing it, pick or create a Bearer Auth credential holding your API token on both HTTP Request nodes.",
    responses: { 200: workflowDocumentSchema },
  }),
  webhookWorkflow: defineRoute({
    method: "GET",
    path: "/api/n8n/workflow-webhook.json",
    tags: documentTags,
    operationId: "getN8nWebhookWorkflow",
    summary: "A ready n8n workflow that waits for the callback",
    description: `An n8n 1.x workflow (manual trigger, generate with callbackUrl set to n8n's resume URL and an Idempotency-Key per execution, a Wait node that resumes on the video.completed or video.failed callback, at most ${WEBHOOK_WAIT_MINUTES} minutes) with this server's address filled in. No polling, but this server must reach n8n: its resume URL must be a public https address. It holds no token: after importing it, pick or create a Bearer Auth credential holding your API token on the Generate video node.`,
    responses: { 200: workflowDocumentSchema },
  }),
};

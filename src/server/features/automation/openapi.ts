/**
 * The OpenAPI 3.1 document of the automation API (issue 6). Schemas come from the zod schemas the
 * server validates with (openapi-schemas.ts); everything else is written here once. The server
 * answers it at GET /api/openapi.json with its own address; `npm run openapi` writes the copy in
 * docs/openapi.json with a placeholder address, and a test fails when that copy is stale.
 */
import type { ErrorCode } from "../../../shared/error-codes.js";
import { BASE64_IMAGE_TTL_HOURS, POLL_SECONDS, TOKEN_PREFIX } from "../../../shared/automation.js";
import { insufficientCreditsMessage, MAX_IMAGE_BYTES, MODEL_LABELS, PROMPT_MAX, SEED_MAX, SEED_MIN } from "../../../shared/videos.js";
import { BEARER_MESSAGES } from "../../http/bearer-auth.js";
import { tooManyRequests } from "../../http/rate-limit.js";
import { componentSchemas, type JsonObject } from "./openapi-schemas.js";
import { TASK_NOT_FOUND } from "./routes.js";
import { toN8nStatus } from "./video-status.js";
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER, STREAM_UNAVAILABLE } from "../events/routes.js";

/** The committed copy's server: stable, and obviously to be replaced. */
export const PLACEHOLDER_SERVER_URL = "https://veo-studio.example.com";
/** The contract's version; bump it when a documented request or response changes. */
export const API_DOCUMENT_VERSION = "1.0.0";
export const WORKFLOW_FILENAME = "veo-studio-n8n-workflow.json";

const ref = (kind: "schemas" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: JsonObject, examples?: Record<string, { summary: string; value: unknown }>) => ({
  "application/json": examples ? { schema, examples } : { schema },
});

const DESCRIPTION = `Generate videos from any HTTP client (n8n, Make, curl, your own code) with an API token.

**Authentication.** Create a token on the /api page while signed in and send it as \`Authorization: Bearer ${TOKEN_PREFIX}...\`. No cookies are needed. A deleted or inactive token, or a disabled account, gets 401.

**Rules**
- Write the prompt in English (at most ${PROMPT_MAX} characters).
- \`model\`: \`veo3\` (${MODEL_LABELS.veo3}, the default) or \`veo3_fast\` (${MODEL_LABELS.veo3_fast}).
- \`aspectRatio\`: \`16:9\` (the default; these videos also get a 1080p version) or \`9:16\`.
- \`seeds\`: optional, a whole number from ${SEED_MIN} to ${SEED_MAX}.
- \`imageUrls\`: optional; only the first image is used. Each entry is a JPG/PNG URL or base64 image data (plain or a \`data:image/...;base64,\` URL). Base64 images are stored for ${BASE64_IMAGE_TTL_HOURS} hours, then deleted.
- Each video costs the API price of its model in credits (GET /api/pricing/current, \`api_credits\`). Credits are taken when the video is accepted and refunded if it fails.
- Poll GET /api/n8n/video-status/{taskId} every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds until \`status\` is \`completed\` or \`failed\`.

Videos made through the API appear in My Creations like any other. A ready n8n workflow is at GET /api/n8n/workflow.json.`;

function errorResponse(description: string, code: ErrorCode, message: string, headers?: JsonObject): JsonObject {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: json(ref("schemas", "Error"), { error: { summary: description, value: { success: false, message, code } } }),
  };
}

/** Example messages are the server's own wherever they are fixed text. */
function responses(): Record<string, JsonObject> {
  return {
    BadRequest: errorResponse("The request body is not valid; the message says which field.", "invalid_input", "Prompt is required"),
    Unauthorized: errorResponse(
      "The Authorization header is missing or malformed, or the token is unknown, deleted or inactive, or its account is disabled.",
      "invalid_api_token",
      BEARER_MESSAGES.unknown,
    ),
    NotEnoughCredits: errorResponse("The account does not have the credits this video costs; nothing was taken.", "insufficient_credits", insufficientCreditsMessage(10, "veo3", 3)),
    TaskNotFound: errorResponse("No task with this id belongs to the token's account.", "not_found", TASK_NOT_FOUND),
    BodyTooLarge: errorResponse(
      `The body is too large: one reference image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB fits.`,
      "payload_too_large",
      `Request body is too large: send one reference image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB (only the first image is used)`,
    ),
    Refused: errorResponse(
      "The video provider refused the prompt or image; the credits were refunded.",
      "unprocessable",
      "The video was refused: Your prompt was flagged as violating content policies. Your 10 credits were refunded.",
    ),
    TooManyRequests: errorResponse(
      "Too many requests with this token (or videos for this account); wait for Retry-After seconds.",
      "rate_limited",
      tooManyRequests(60, "API requests with this token").message,
      { "Retry-After": ref("headers", "RetryAfter") },
    ),
    Unavailable: errorResponse(
      "The video provider is unavailable or busy; the credits were refunded. Retry-After is sent when a wait is known.",
      "service_unavailable",
      "Video generation is temporarily unavailable. Please try again later. Your 10 credits were refunded.",
      { "Retry-After": ref("headers", "RetryAfter") },
    ),
  };
}

const generateExamples = {
  textToVideo: {
    summary: "Text to video, Fast model",
    value: { prompt: "A red fox running through fresh snow at sunrise, cinematic", model: "veo3_fast", aspectRatio: "16:9" },
  },
  imageUrl: {
    summary: "Reference image by URL, fixed seed, portrait",
    value: {
      prompt: "The person in the photo waves and smiles, soft daylight",
      model: "veo3",
      aspectRatio: "9:16",
      seeds: 12345,
      imageUrls: ["https://images.example.com/portrait.png"],
    },
  },
  base64Image: {
    summary: "Reference image as base64 data (kept 24 hours)",
    value: {
      prompt: "Slow zoom into the scene, gentle wind",
      imageUrls: ["data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],
    },
  },
};

const TASK_ID = "4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1";
/** Status examples come from the function that answers GET /api/n8n/video-status. */
function statusExamples(): Record<string, { summary: string; value: unknown }> {
  const task = { taskId: TASK_ID, aspectRatio: "16:9", resultUrls: null, hdVideoUrl: null, hdStatus: "none", errorMessage: null };
  const video = `https://files.example.com/videos/${TASK_ID}`;
  return {
    processing: { summary: "Still generating", value: toN8nStatus({ ...task, status: "generating" }, 0) },
    completed: {
      summary: "Done, with the 1080p version",
      value: toN8nStatus({ ...task, status: "completed", resultUrls: [`${video}.mp4`], hdVideoUrl: `${video}-1080p.mp4`, hdStatus: "ready" }, 0),
    },
    completed720p: {
      summary: "Done in 720p; the 1080p version is still being made",
      value: toN8nStatus({ ...task, status: "completed", resultUrls: [`${video}.mp4`], hdStatus: "pending" }, 0),
    },
    failed: {
      summary: "Failed and refunded",
      value: toN8nStatus({ ...task, status: "failed", errorMessage: "The video could not be generated" }, 10),
    },
  };
}

/** Outside /api/n8n errors are `{message}` alone. */
const plainError = { type: "object", required: ["message"], properties: { message: { type: "string" } } };

function paths(): JsonObject {
  const bearer = [{ bearerAuth: [] }];
  return {
    "/api/n8n/generate": {
      post: {
        tags: ["Automation"],
        operationId: "generateVideo",
        summary: "Start a video",
        description: "Takes the API price of the model from the token's account and starts the video. Poll the status with the returned taskId.",
        security: bearer,
        requestBody: { required: true, content: json(ref("schemas", "GenerateRequest"), generateExamples) },
        responses: {
          "200": {
            description: "The video was accepted.",
            content: json(ref("schemas", "GenerateResult"), {
              accepted: { summary: "Accepted", value: { success: true, taskId: TASK_ID, creditsUsed: 2, remainingCredits: 98 } },
            }),
          },
          "400": ref("responses", "BadRequest"),
          "401": ref("responses", "Unauthorized"),
          "402": ref("responses", "NotEnoughCredits"),
          "413": ref("responses", "BodyTooLarge"),
          "422": ref("responses", "Refused"),
          "429": ref("responses", "TooManyRequests"),
          "503": ref("responses", "Unavailable"),
        },
      },
    },
    "/api/n8n/video-status/{taskId}": {
      get: {
        tags: ["Automation"],
        operationId: "getVideoStatus",
        summary: "Check a video",
        description: `Poll every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds. A 16:9 video may complete with videoUrl first; hdVideoUrl follows once the 1080p version is ready.`,
        security: bearer,
        parameters: [
          { name: "taskId", in: "path", required: true, description: "The taskId from POST /api/n8n/generate.", schema: { type: "string", minLength: 1 } },
        ],
        responses: {
          "200": { description: "The video's state.", content: json(ref("schemas", "VideoStatus"), statusExamples()) },
          "401": ref("responses", "Unauthorized"),
          "404": ref("responses", "TaskNotFound"),
          "429": ref("responses", "TooManyRequests"),
        },
      },
    },
    "/api/events": {
      get: {
        tags: ["Automation"],
        operationId: "streamEvents",
        summary: "Follow your videos live (optional)",
        description: [
          "A server-sent events stream (text/event-stream) of the account's changes, instead of polling. Send `Accept: text/event-stream` and keep the connection open; reconnect after 3 seconds if it closes (EventSource does this itself).",
          "Events, each with a JSON `data` line: `ready` {credits} once connected (read the state you show again then); `task` {task} when a video is created or changes (status, resultUrls, hdVideoUrl, hdStatus, errorMessage, refunded), the task as the web app lists it; `task-removed` {taskId}; `credits` {credits} when the balance changes; `signed-out` {} before the stream ends because the account was disabled.",
          `Lines starting with \`:\` are keep-alive comments, every ${HEARTBEAT_MS / 1000} seconds. At most ${MAX_STREAMS_PER_USER} open streams per account and server.`,
        ].join("\n\n"),
        security: bearer,
        responses: {
          "200": {
            description: "The stream; it stays open.",
            content: {
              "text/event-stream": {
                schema: { type: "string" },
                example: 'retry: 3000\n\nevent: ready\ndata: {"credits":98}\n\nevent: task\ndata: {"task":{"taskId":"4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1","status":"completed","resultUrls":["https://files.example.com/videos/4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1.mp4"],"hdStatus":"pending"}}\n\n',
              },
            },
          },
          "401": { description: "No valid token (or session).", content: json(plainError, { error: { summary: "Unknown token", value: { message: BEARER_MESSAGES.unknown } } }) },
          "429": { description: "This account already has the most open streams; close some first.", content: json(plainError) },
          "503": {
            description: "Live updates are unavailable right now; poll GET /api/n8n/video-status meanwhile and try again after Retry-After seconds.",
            headers: { "Retry-After": ref("headers", "RetryAfter") },
            content: json(plainError, { error: { summary: "Unavailable", value: { message: STREAM_UNAVAILABLE } } }),
          },
        },
      },
    },
    "/api/n8n/workflow.json": {
      get: {
        tags: ["Documents"],
        operationId: "getN8nWorkflow",
        summary: "A ready n8n workflow",
        description:
          "An n8n 1.x workflow (manual trigger, generate, wait, status, loop with a cap) with this server's address filled in. It holds no token: after importing it, pick or create a Bearer Auth credential holding your API token on both HTTP Request nodes.",
        security: [],
        responses: {
          "200": {
            description: "The workflow as a file download.",
            headers: { "Content-Disposition": { description: `attachment; filename="${WORKFLOW_FILENAME}"`, schema: { type: "string" } } },
            content: json({ type: "object", required: ["name", "nodes", "connections"], properties: { name: { type: "string" }, nodes: { type: "array" }, connections: { type: "object" } } }),
          },
        },
      },
    },
    "/api/openapi.json": {
      get: {
        tags: ["Documents"],
        operationId: "getOpenApiDocument",
        summary: "This document",
        security: [],
        responses: { "200": { description: "The OpenAPI 3.1 document, with this server's address.", content: json({ type: "object" }) } },
      },
    },
  };
}

/** The whole document; `serverUrl` is the origin clients call (no trailing slash). */
export function buildOpenApiDocument(serverUrl: string): JsonObject {
  return {
    openapi: "3.1.0",
    info: { title: "Veo Studio automation API", version: API_DOCUMENT_VERSION, description: DESCRIPTION },
    servers: [{ url: serverUrl }],
    tags: [
      { name: "Automation", description: "Generate videos and follow them, with an API token." },
      { name: "Documents", description: "Machine-readable documents; public." },
    ],
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      responses: responses(),
      headers: {
        RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
      },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: `An API token from the /api page; it starts with \`${TOKEN_PREFIX}\`.` },
      },
    },
  };
}

/** The committed docs/openapi.json, byte for byte. */
export function committedOpenApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(PLACEHOLDER_SERVER_URL), null, 2)}\n`;
}

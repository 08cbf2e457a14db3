/**
 * The automation API's documentation (issue 6, decision 0040): the prose, examples and error
 * descriptions its route declarations carry in `config.docs`, and its OpenAPI document, which is
 * the generated document's Automation and Documents part (http/openapi.ts). The server answers it
 * at GET /api/openapi.json with its own address; `npm run openapi` writes docs/openapi.json (and
 * the whole document, docs/openapi-full.json) with a placeholder address, and a test fails when
 * a copy is stale.
 */
import type { FastifyInstance } from "fastify";
import type { ErrorCode } from "../../../shared/error-codes.js";
import { BASE64_IMAGE_TTL_HOURS, POLL_SECONDS, TOKEN_PREFIX } from "../../../shared/automation.js";
import { insufficientCreditsMessage, MAX_IMAGE_BYTES, PROMPT_MAX, SEED_MAX, SEED_MIN } from "../../../shared/videos.js";
import { MODE_CATALOGUE, MODEL_CATALOGUE, MODELS, MODES } from "../../../shared/catalogue.js";
import { BEARER_MESSAGES, NO_WRITE_SCOPE_MESSAGE } from "../../http/bearer-auth.js";
import { fullOpenApiDocument, PLACEHOLDER_SERVER_URL, referencedSchemas, type JsonObject } from "../../http/openapi.js";
import { KEY_IN_PROGRESS, KEY_REUSED } from "../../http/idempotency.js";
import { tooManyRequests } from "../../http/rate-limit.js";
import type { RouteDocs } from "../../http/route-contract.js";
import { BODY_TOO_LARGE, TASK_NOT_FOUND } from "./messages.js";
import { PROMPT_REFUSED } from "../moderation/screening.js";
import { proseTemplate } from "./prose.js";
import { toAutomationStatus } from "./video-status.js";

const modelList = MODELS.map(
  (m) => `\`${m}\` (${MODEL_CATALOGUE[m].label}${m === "veo3" ? ", the default" : ""})`,
).join(", ");

function modeDoc(m: (typeof MODES)[number]): string {
  const { description, images, models } = MODE_CATALOGUE[m];
  const imageCount = images.max === 0 ? "no images" : `${images.min}-${images.max} images`;
  const onlyModels = models.length < MODELS.length ? `; only ${models.map((x) => `\`${x}\``).join(" and ")}` : "";
  return `\`${m}\` (${description.toLowerCase()}; ${imageCount}${onlyModels})`;
}

/** The document's description: prose/openapi-description.md with this server's limits. */
const DESCRIPTION = proseTemplate("openapi-description", [
  "tokenPrefix",
  "promptMax",
  "models",
  "modes",
  "seedMin",
  "seedMax",
  "base64ImageHours",
  "pollMin",
  "pollMax",
])({
  tokenPrefix: TOKEN_PREFIX,
  promptMax: PROMPT_MAX,
  models: modelList,
  modes: MODES.map(modeDoc).join(", "),
  seedMin: SEED_MIN,
  seedMax: SEED_MAX,
  base64ImageHours: BASE64_IMAGE_TTL_HOURS,
  pollMin: POLL_SECONDS.min,
  pollMax: POLL_SECONDS.max,
});

type ResponseDoc = NonNullable<RouteDocs["responses"]>[number];
const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
};

function errorDoc(
  description: string,
  code: ErrorCode,
  message: string,
  headers?: ResponseDoc["headers"],
): ResponseDoc {
  return {
    description,
    ...(headers ? { headers } : {}),
    examples: { error: { summary: description, value: { success: false, message, code } } },
  };
}

/** Example messages are the server's own wherever they are fixed text. */
const ERRORS = {
  400: errorDoc("The request body is not valid; the message says which field.", "invalid_input", "Prompt is required"),
  401: errorDoc(
    "The Authorization header is missing or malformed, or the token is unknown, deleted or inactive, or its account is disabled.",
    "invalid_api_token",
    BEARER_MESSAGES.unknown,
  ),
  402: errorDoc(
    "The account does not have the credits this video costs (`insufficient_credits`), or new videos are paused (`account_on_hold`, reason `credits_owed` or `payment_disputed`) until credits owed for a refunded payment are paid or a disputed payment is settled; nothing was taken.",
    "insufficient_credits",
    insufficientCreditsMessage(10, "veo3", 3),
  ),
  403: errorDoc(
    "An OAuth access token (an app connected to the MCP server, decision 0169) whose connection may only read (no videos:write scope); API tokens from the API page may always spend.",
    "forbidden",
    NO_WRITE_SCOPE_MESSAGE,
  ),
  404: errorDoc("No task with this id belongs to the token's account.", "not_found", TASK_NOT_FOUND),
  409: errorDoc(
    "A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds.",
    "idempotency_key_in_progress",
    KEY_IN_PROGRESS,
    RETRY_AFTER,
  ),
  413: errorDoc(
    `The body is too large: one reference image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB fits.`,
    "payload_too_large",
    BODY_TOO_LARGE,
  ),
  422: {
    description:
      "The prompt was refused by the content policy before anything was charged (every prompt is screened first), the video provider refused the prompt or image (the credits were refunded), or the Idempotency-Key was used for a different request.",
    examples: {
      screened: {
        summary: "Refused by the content policy (nothing charged)",
        value: { success: false, message: PROMPT_REFUSED, code: "unprocessable" },
      },
      refused: {
        summary: "Refused by the provider",
        value: {
          success: false,
          message:
            "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words. Your 10 credits were refunded.",
          code: "unprocessable",
        },
      },
      keyReused: {
        summary: "Idempotency-Key used for another request",
        value: { success: false, message: KEY_REUSED, code: "idempotency_key_reused" },
      },
    },
  },
  429: errorDoc(
    "Too many requests with this token (or videos for this account), or as many videos being made as the account may have at once (code `too_many_in_flight`, nothing charged); wait for Retry-After seconds.",
    "rate_limited",
    tooManyRequests(60, "API requests with this token").message,
    RETRY_AFTER,
  ),
  503: errorDoc(
    "The video provider is unavailable or busy (the credits were refunded), or prompts cannot be screened right now (nothing was charged). Retry-After is sent when a wait is known.",
    "service_unavailable",
    "Video generation is temporarily unavailable. Please try again later. Your 10 credits were refunded.",
    RETRY_AFTER,
  ),
} satisfies Record<number, ResponseDoc>;

const generateExamples = {
  textToVideo: {
    summary: "Text to video, Fast model",
    value: {
      prompt: "A red fox running through fresh snow at sunrise, cinematic",
      model: "veo3_fast",
      aspectRatio: "16:9",
    },
  },
  firstAndLastFrames: {
    summary: "Image mode: first and last frames, Lite model",
    value: {
      prompt: "The flower opens slowly as the sun rises",
      model: "veo3_lite",
      mode: "image",
      imageUrls: ["https://images.example.com/bud.png", "https://images.example.com/bloom.png"],
    },
  },
  referenceImages: {
    summary: "Reference mode: up to 3 images of what the video should show (Fast or Lite)",
    value: {
      prompt: "The woman from the photos walks her dog along the beach",
      model: "veo3_fast",
      mode: "reference",
      aspectRatio: "9:16",
      imageUrls: [
        "https://images.example.com/woman.png",
        "https://images.example.com/dog.png",
        "https://images.example.com/beach.png",
      ],
    },
  },
  imageUrl: {
    summary: "One image by URL (image mode without naming it, as older clients send), fixed seed, portrait",
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
      imageUrls: [
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      ],
    },
  },
};

const TASK_ID = "4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1";
/** Status examples come from the function that answers GET /api/n8n/video-status. */
function statusExamples(): Record<string, { summary: string; value: unknown }> {
  const task = {
    taskId: TASK_ID,
    aspectRatio: "16:9",
    resultUrls: null,
    hdVideoUrl: null,
    hdStatus: "none",
    uhdVideoUrl: null,
    errorMessage: null,
    failureKind: null,
    model: "veo3_fast",
    videoExpired: false,
  };
  const video = `https://files.example.com/videos/${TASK_ID}`;
  return {
    processing: { summary: "Still generating", value: toAutomationStatus({ ...task, status: "generating" }, 0) },
    completed: {
      summary: "Done, with the 1080p version",
      value: toAutomationStatus(
        {
          ...task,
          status: "completed",
          resultUrls: [`${video}.mp4`],
          hdVideoUrl: `${video}-1080p.mp4`,
          hdStatus: "ready",
        },
        0,
      ),
    },
    completed4k: {
      summary: "Done, with the 4K version asked for with upgrade4k",
      value: toAutomationStatus(
        {
          ...task,
          status: "completed",
          resultUrls: [`${video}.mp4`],
          hdVideoUrl: `${video}-1080p.mp4`,
          hdStatus: "ready",
          uhdVideoUrl: `${video}-4k.mp4`,
        },
        0,
      ),
    },
    completed720p: {
      summary: "Done in 720p; the 1080p version is still being made",
      value: toAutomationStatus({ ...task, status: "completed", resultUrls: [`${video}.mp4`], hdStatus: "pending" }, 0),
    },
    failed: {
      summary: "Failed and refunded",
      value: toAutomationStatus({ ...task, status: "failed", errorMessage: "The video could not be generated" }, 10),
    },
  };
}

/** POST /api/n8n/generate's documentation. */
export const GENERATE_DOCS: RouteDocs = {
  bodyExamples: generateExamples,
  responses: {
    200: {
      description: "The video was accepted.",
      examples: {
        accepted: {
          summary: "Accepted",
          value: {
            success: true,
            taskId: TASK_ID,
            creditsUsed: 2,
            remainingCredits: 98,
            taskIds: [TASK_ID],
            batchId: null,
          },
        },
      },
    },
    400: ERRORS[400],
    401: ERRORS[401],
    402: ERRORS[402],
    403: ERRORS[403],
    409: ERRORS[409],
    413: ERRORS[413],
    422: ERRORS[422],
    429: ERRORS[429],
    503: ERRORS[503],
  },
};

/** GET /api/n8n/video-status/{taskId}'s documentation. */
export function statusDocs(): RouteDocs {
  return {
    responses: {
      200: { description: "The video's state.", examples: statusExamples() },
      401: ERRORS[401],
      404: ERRORS[404],
      429: ERRORS[429],
    },
  };
}

/** GET /api/n8n/balance's documentation (decision 0151). */
export const BALANCE_DOCS: RouteDocs = {
  responses: {
    200: {
      description: "The balance and which of it expires when.",
      examples: {
        nothingExpires: {
          summary: "Only bought credits, which never expire",
          value: { success: true, credits: 120, expiring: [] },
        },
        someExpire: {
          summary: "120 credits, 80 of them expire on 1 December",
          value: { success: true, credits: 120, expiring: [{ credits: 80, expiresAt: "2026-12-01T00:00:00.000Z" }] },
        },
      },
    },
    401: ERRORS[401],
    429: ERRORS[429],
  },
};

const AUTOMATION_TAGS = new Set(["Automation", "Documents"]);
const METHODS = ["get", "put", "post", "delete", "patch"];

/**
 * The automation guide's document: the operations tagged Automation or Documents, the schemas
 * they use, the bearer scheme only (a cookie means nothing to n8n), and this API's own title and
 * rules. `serverUrl` is the origin clients call (no trailing slash).
 */
export function automationOpenApiDocument(app: FastifyInstance, serverUrl: string): JsonObject {
  const full = fullOpenApiDocument(app, serverUrl);
  const paths: Record<string, JsonObject> = {};
  for (const [path, item] of Object.entries(full.paths as Record<string, JsonObject>)) {
    const kept: JsonObject = {};
    for (const method of METHODS) {
      const op = item[method] as { tags?: string[]; security?: Array<Record<string, unknown>> } | undefined;
      if (!op?.tags?.some((t) => AUTOMATION_TAGS.has(t))) continue;
      kept[method] = { ...op, security: (op.security ?? []).filter((s) => "bearerAuth" in s) };
    }
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  const components = full.components as {
    schemas: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
  };
  const used = referencedSchemas([paths, full.webhooks], components.schemas);
  return {
    openapi: full.openapi,
    info: { title: "Veo Studio automation API", version: (full.info as JsonObject).version, description: DESCRIPTION },
    servers: [{ url: serverUrl }],
    tags: (full.tags as Array<{ name: string }>).filter((t) => AUTOMATION_TAGS.has(t.name)),
    paths,
    ...(full.webhooks ? { webhooks: full.webhooks } : {}),
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).filter(([name]) => used.has(name))),
      securitySchemes: { bearerAuth: components.securitySchemes.bearerAuth },
    },
  };
}

const asText = (doc: JsonObject) => `${JSON.stringify(doc, null, 2)}\n`;

/** The committed docs/openapi.json, byte for byte. */
export function committedOpenApiText(app: FastifyInstance): string {
  return asText(automationOpenApiDocument(app, PLACEHOLDER_SERVER_URL));
}

/** The committed docs/openapi-full.json, byte for byte. */
export function committedFullOpenApiText(app: FastifyInstance): string {
  return asText(fullOpenApiDocument(app, PLACEHOLDER_SERVER_URL));
}

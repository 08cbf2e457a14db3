/**
 * The Gemini fake's Interactions API (issue 74 §2, decision 0176), the surface Gemini Omni Flash
 * speaks: POST /v1beta/interactions `{model, input, response_modalities: ["video"], background:
 * true, response_format?}` → `{id, status: "in_progress"}`, and GET /v1beta/interactions/{id}:
 * in progress for the simulator's delay, then completed with the clip's bytes base64 in a
 * `type: "video"` part of `steps[].content[]` and its usage in output tokens per modality.
 * Registered inside the Gemini fake (gemini-routes.ts): the same key check, faults, retired ids
 * (`gemini.retiredModels` → 404 "is no longer available") and prompt markers (`[sim:reject]` a
 * safety block, `[sim:fail]` a failed interaction, `[sim:slow]`, `[sim:gemini-NNN]` an HTTP error).
 *
 * Stateless like the operations: the id (`v1_` and 16 base64url characters) carries the creation
 * time, model, aspect ratio, resolution, clip variant and markers.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import { CLIP_VARIANTS, CLIPS_DIR, clipFileName, clipVariant } from "./clips.js";
import type { SimContext } from "./context.js";
import { appendToLog } from "./faults.js";
import { googleError, invalid, modelNotFound, modelRetired } from "./gemini-errors.js";
import { OPERATION_MARKERS, type OperationMarker } from "./gemini-operation.js";
import { geminiMarkers } from "./gemini-request.js";
import type { SimulatorEndpoint } from "./types.js";

/** The Interactions video models the fake serves (decision 0176): the GA id and the preview one. */
const INTERACTIONS_MODELS = ["gemini-omni-1.1-flash", "gemini-omni-flash-preview"] as const;
type InteractionsModel = (typeof INTERACTIONS_MODELS)[number];
const ASPECTS = ["16:9", "9:16"] as const;
const RESOLUTIONS = ["360p", "720p", "1080p", "4k"] as const;
/** The length range a third party found the live API to take (TanStack/ai #886). */
const DURATION = { min: 3, max: 10, default: 10 } as const;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"];
const MAX_IMAGES = 10;
const SLOW_FACTOR = 5;
/** About 5,800 video tokens a second of 720p (video-vendors-2026.md, addendum 3). */
const TOKENS_PER_SECOND = 5_792;
const BLOCKED_TEXT =
  "I can't make that video because it may violate the safety policies (simulated). Please try a different prompt.";
const FAILED_MSG = "Video generation failed due to an internal error (simulated).";

interface Interaction {
  createdAt: number;
  model: InteractionsModel;
  aspect: (typeof ASPECTS)[number];
  resolution: (typeof RESOLUTIONS)[number];
  duration: number;
  variant: number;
  markers: OperationMarker[];
}

const ID_PATTERN = /^v1_([\w-]{16})$/;

/** 12 bytes: version 1, creation time (48-bit ms), model, aspect·resolution, variant·markers, duration, 2 random. */
function encodeId(i: Interaction): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt8(1, 0);
  bytes.writeUIntBE(i.createdAt, 1, 6);
  bytes.writeUInt8(INTERACTIONS_MODELS.indexOf(i.model), 7);
  bytes.writeUInt8((ASPECTS.indexOf(i.aspect) << 4) | RESOLUTIONS.indexOf(i.resolution), 8);
  let markers = 0;
  for (const m of i.markers) markers |= 1 << OPERATION_MARKERS.indexOf(m);
  bytes.writeUInt8((i.variant << 4) | markers, 9);
  bytes.writeUInt8(i.duration, 10);
  crypto.randomBytes(1).copy(bytes, 11);
  return `v1_${bytes.toString("base64url")}`;
}

function decodeId(id: string): Interaction | undefined {
  const body = ID_PATTERN.exec(id)?.[1];
  if (!body) return undefined;
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length !== 12 || bytes.readUInt8(0) !== 1) return undefined;
  const model = INTERACTIONS_MODELS[bytes.readUInt8(7)];
  const aspect = ASPECTS[bytes.readUInt8(8) >> 4];
  const resolution = RESOLUTIONS[bytes.readUInt8(8) & 0xf];
  const variant = bytes.readUInt8(9) >> 4;
  const duration = bytes.readUInt8(10);
  if (!model || !aspect || !resolution || variant < 1 || variant > CLIP_VARIANTS) return undefined;
  const markerBits = bytes.readUInt8(9) & 0xf;
  return {
    createdAt: bytes.readUIntBE(1, 6),
    model,
    aspect,
    resolution,
    duration,
    variant,
    markers: OPERATION_MARKERS.filter((_, i) => markerBits & (1 << i)),
  };
}

const isInteractionsModel = (id: string): id is InteractionsModel =>
  (INTERACTIONS_MODELS as readonly string[]).includes(id);

/** The Interactions model an id is served as (itself, or what extraModels say), else Google's 404. */
export function servedInteractionsModel(ctx: SimContext, model: string): InteractionsModel | undefined {
  if (ctx.gemini.retiredModels.includes(model)) throw modelRetired(model);
  const served = isInteractionsModel(model) ? model : ctx.gemini.extraModels[model];
  return served !== undefined && isInteractionsModel(served) ? served : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The request's prompt and images (a string input is the prompt alone), or Google's 400. */
function parseInput(input: unknown): { prompt: string; images: Array<{ mimeType: string; bytes: number }> } {
  if (typeof input === "string") return { prompt: input, images: [] };
  if (!Array.isArray(input) || input.length === 0) throw invalid("input", "input must be a string or a list of parts.");
  const texts: string[] = [];
  const images: Array<{ mimeType: string; bytes: number }> = [];
  input.forEach((part, i) => {
    if (!isObject(part)) throw invalid(`input[${i}]`, "Each part must be an object.");
    if (part.type === "text") {
      if (typeof part.text !== "string") throw invalid(`input[${i}].text`, "text must be a string.");
      texts.push(part.text);
    } else if (part.type === "image") {
      const { data, mime_type: mimeType } = part;
      if (typeof mimeType !== "string" || !IMAGE_TYPES.includes(mimeType))
        throw invalid(`input[${i}].mime_type`, `Unsupported MIME type: ${String(mimeType)}`);
      if (typeof data !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
        throw invalid(`input[${i}].data`, "data must be base64.");
      images.push({ mimeType, bytes: Buffer.from(data, "base64").length });
    } else {
      throw invalid(`input[${i}].type`, `Unknown part type ${JSON.stringify(part.type)}.`);
    }
  });
  if (images.length > MAX_IMAGES) throw invalid("input", `At most ${MAX_IMAGES} images per request.`);
  const prompt = texts.join("\n");
  if (prompt.trim() === "") throw invalid("input", "A text part is required.");
  return { prompt, images };
}

function parseFormat(format: unknown): Pick<Interaction, "aspect" | "resolution" | "duration"> {
  if (format === undefined) return { aspect: "16:9", resolution: "720p", duration: DURATION.default };
  if (!isObject(format)) throw invalid("response_format", "response_format must be an object.");
  const { aspect_ratio: aspect = "16:9", resolution = "720p", duration = DURATION.default } = format;
  if (!(ASPECTS as readonly unknown[]).includes(aspect))
    throw invalid(
      "response_format.aspect_ratio",
      `Unsupported aspect ratio ${JSON.stringify(aspect)}: use 16:9 or 9:16.`,
    );
  if (!(RESOLUTIONS as readonly unknown[]).includes(resolution))
    throw invalid("response_format.resolution", `Unsupported resolution ${JSON.stringify(resolution)}.`);
  if (typeof duration !== "number" || duration < DURATION.min || duration > DURATION.max)
    throw invalid("response_format.duration", `duration must be between ${DURATION.min} and ${DURATION.max} seconds.`);
  return {
    aspect: aspect as Interaction["aspect"],
    resolution: resolution as Interaction["resolution"],
    duration: Math.round(duration),
  };
}

type Phase = "in_progress" | "failed" | "blocked" | "completed";

function phaseOf(ctx: SimContext, i: Interaction): Phase {
  const doneAt = i.createdAt + (i.markers.includes("slow") ? ctx.delayMs * SLOW_FACTOR : ctx.delayMs);
  if (ctx.now() < doneAt) return "in_progress";
  if (i.markers.includes("fail")) return "failed";
  if (i.markers.includes("reject")) return "blocked";
  return "completed";
}

/** The clip standing for the video: the 720p one for 360p and 720p, the 1080p one for 1080p and 4K. */
const clipPath = (i: Interaction) =>
  path.join(
    CLIPS_DIR,
    clipFileName(i.variant, i.aspect, i.resolution === "1080p" || i.resolution === "4k" ? "1080p" : "720p"),
  );

type Guard = (ctx: SimContext, endpoint: SimulatorEndpoint) => onRequestAsyncHookHandler;

/** Adds the routes to the Gemini fake's scope (its error handler answers Google's errors). */
export function interactionsRoutes(app: FastifyInstance, ctx: SimContext, guard: Guard, bodyLimit: number): void {
  app.post(
    "/v1beta/interactions",
    { bodyLimit, onRequest: guard(ctx, "gemini-interaction-create") },
    async (request) => {
      const body = request.body;
      if (!isObject(body)) throw invalid("", "Invalid JSON payload received. Expected an object.");
      const { model, input, response_modalities: modalities, response_format: format } = body;
      if (typeof model !== "string" || model === "") throw invalid("model", "model is required.");
      const served = servedInteractionsModel(ctx, model.replace(/^models\//, ""));
      if (!served) throw modelNotFound(model, "interactions");
      if (!Array.isArray(modalities) || !modalities.includes("video"))
        throw invalid("response_modalities", 'This model answers with video: set response_modalities to ["video"].');
      const { prompt, images } = parseInput(input);
      const parsed = parseFormat(format);
      const markers = geminiMarkers(prompt);
      if (markers.httpError) throw googleError(markers.httpError);
      const interaction: Interaction = {
        createdAt: ctx.now(),
        model: served,
        ...parsed,
        variant: clipVariant(prompt),
        markers: markers.operation,
      };
      const id = encodeId(interaction);
      appendToLog(ctx.stats.geminiInteractions, {
        id,
        model,
        prompt,
        images,
        responseFormat: isObject(format) ? format : {},
        background: body.background === true,
      });
      return { id, object: "interaction", model, status: "in_progress", created: new Date(ctx.now()).toISOString() };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/v1beta/interactions/:id",
    { onRequest: guard(ctx, "gemini-interaction-get") },
    async (request) => {
      const { id } = request.params;
      const interaction = decodeId(id);
      if (!interaction) throw googleError(404, `Interaction ${id} was not found.`);
      const base = {
        id,
        object: "interaction",
        model: interaction.model,
        created: new Date(interaction.createdAt).toISOString(),
      };
      switch (phaseOf(ctx, interaction)) {
        case "in_progress":
          return { ...base, status: "in_progress" };
        case "failed":
          return { ...base, status: "failed", error: { code: 13, message: FAILED_MSG } };
        case "blocked":
          // A safety block: the model answers in words and makes no video (nothing billed).
          return {
            ...base,
            status: "completed",
            steps: [{ type: "model_output", content: [{ type: "text", text: BLOCKED_TEXT }] }],
            usage: { total_output_tokens: 40, output_tokens_by_modality: [{ modality: "text", tokens: 40 }] },
          };
        case "completed": {
          const data = (await fsp.readFile(clipPath(interaction))).toString("base64");
          const tokens = TOKENS_PER_SECOND * interaction.duration;
          return {
            ...base,
            status: "completed",
            steps: [{ type: "model_output", content: [{ type: "video", data, mime_type: "video/mp4" }] }],
            usage: { total_output_tokens: tokens, output_tokens_by_modality: [{ modality: "video", tokens }] },
          };
        }
      }
    },
  );
}

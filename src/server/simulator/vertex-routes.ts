/**
 * A fake of Google's Vertex AI for Veo 3.1 (decision 0177; video-vendors-2026.md §1.2, §1.4), the
 * third vendor, on the simulator's base URL under /vertex:
 * - POST /vertex/token: Google's OAuth token endpoint for a service account (vertex-token.ts);
 * - POST /vertex/v1/projects/{p}/locations/{l}/publishers/google/models/{m}:predictLongRunning,
 *   the Gemini API's body plus `generateAudio`, images as `{bytesBase64Encoded, mimeType}` only;
 * - POST …/models/{m}:fetchPredictOperation `{operationName}`: the operation, a finished one with
 *   its video inline (`response.videos[0].bytesBase64Encoded`), a safety block as
 *   `raiMediaFilteredCount` with Vertex's numeric reason and no videos;
 * - GET /vertex/v1/publishers/google/models/{m}: the publisher model lookup.
 * Every Vertex route wants a bearer token from the token endpoint; ids in `vertex.retiredModels`
 * answer 404 "is no longer available". The operations are the Gemini fake's (gemini-operation.ts):
 * the same timing, markers and clips. fetchPredictOperation's shape is unconfirmed (❓ in the
 * reference): this is the long-running operation Google's APIs return everywhere.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { CLIPS_DIR, clipVariant, servedClip } from "./clips.js";
import type { SimContext } from "./context.js";
import { appendToLog, faultAnswers } from "./faults.js";
import { GoogleError, googleError, invalid, SUBMIT_ERROR_CODES } from "./gemini-errors.js";
import { decodeOperationId, encodeOperationId, operationState, type GeminiModel } from "./gemini-operation.js";
import { geminiMarkers, parseSubmit } from "./gemini-request.js";
import type { SimulatorEndpoint, SimulatorFault } from "./types.js";
import { exchangeAssertion, OAuthError, tokenAccount } from "./vertex-token.js";

const BODY_LIMIT = 20 * 1024 * 1024;
const RESPONSE_TYPE = "type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse";
/** Vertex's RAI reasons are support codes, not words (§1.4). */
const RAI_REASON_CODE = "58061214";
const FAILED_MSG = "Video generation failed due to an internal error (simulated).";
const GOOGLE_INTERNAL = 13;

/** Vertex's GA ids, each served as the Gemini fake's model with the same limits. */
const VERTEX_MODELS: Record<string, GeminiModel> = {
  "veo-3.1-generate-001": "veo-3.1-generate-preview",
  "veo-3.1-fast-generate-001": "veo-3.1-fast-generate-preview",
  "veo-3.1-lite-generate-001": "veo-3.1-lite-generate-preview",
};
const VERTEX_OF = Object.fromEntries(Object.entries(VERTEX_MODELS).map(([v, g]) => [g, v])) as Record<
  GeminiModel,
  string
>;

/** `[sim:vertex-NNN]`: predictLongRunning answers that HTTP error (the retryable ones, as for Gemini). */
const VERTEX_HTTP_ERROR = new RegExp(`\\[sim:vertex-(${SUBMIT_ERROR_CODES.join("|")})\\]`, "i");
const REGION = /^(global|[a-z]+-[a-z]+\d+)$/;
const PROJECT = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const OPERATION =
  /^projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/]+)\/operations\/([0-9a-f]+)$/;

const send = (reply: FastifyReply, error: GoogleError) => reply.status(error.code).send(error.toJSON());

const unauthenticated = () =>
  new GoogleError(
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
  );

const modelNotFound = (model: string) =>
  googleError(
    404,
    `Publisher Model \`publishers/google/models/${model}\` was not found or your project does not have access to it. Please ensure you are using a valid model version.`,
  );
const modelRetired = (model: string) =>
  googleError(404, `Publisher Model \`publishers/google/models/${model}\` is no longer available.`);

/** The built-in model an id is served as; a retired id answers 404 "is no longer available". */
function servedModel(ctx: SimContext, model: string): GeminiModel {
  if (ctx.vertex.retiredModels.includes(model)) throw modelRetired(model);
  const served = VERTEX_MODELS[model];
  if (!served) throw modelNotFound(model);
  return served;
}

function splitAction(action: string): [string, string] {
  const colon = action.lastIndexOf(":");
  return colon < 0 ? [action, ""] : [action.slice(0, colon), action.slice(colon + 1)];
}

function sendFault(reply: FastifyReply, fault: SimulatorFault) {
  if (fault.body === undefined) return send(reply, googleError(fault.httpStatus ?? fault.code ?? 500, fault.msg));
  reply.status(fault.httpStatus ?? 200);
  return typeof fault.body === "string"
    ? reply.type("text/plain; charset=utf-8").send(fault.body)
    : reply.send(fault.body);
}

function bearer(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
}

/** Both custom methods share one route: the method after the colon says which endpoint a call is. */
const actionEndpoint = (request: FastifyRequest): SimulatorEndpoint =>
  request.url.split("?")[0]!.endsWith(":fetchPredictOperation") ? "vertex-operation" : "vertex-submit";

function guard(
  ctx: SimContext,
  which: SimulatorEndpoint | ((request: FastifyRequest) => SimulatorEndpoint),
  needsToken = true,
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const endpoint = typeof which === "function" ? which(request) : which;
    ctx.stats.calls[endpoint] += 1;
    const fault = ctx.faults.take(endpoint);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && faultAnswers(fault)) {
      if (endpoint === "vertex-token" && fault.body === undefined)
        return reply.status(fault.httpStatus ?? 400).send(new OAuthError("invalid_grant", fault.msg ?? "").toJSON());
      return sendFault(reply, fault);
    }
    if (!needsToken) return;
    const token = bearer(request);
    if (!token || tokenAccount(ctx, token) === undefined) return send(reply, unauthenticated());
  };
}

/** The path's project and region, as Vertex checks them (a wrong region is its 400). */
function checkPlace(project: string, location: string): void {
  if (!PROJECT.test(project)) throw googleError(404, `Project \`${project}\` not found.`);
  if (!REGION.test(location))
    throw invalid("location", `Location ${location} is not supported for this request (simulated).`);
}

/** The Gemini checks, after taking off what Vertex adds: `generateAudio` (a boolean). */
function parseVertexSubmit(ctx: SimContext, body: unknown, served: GeminiModel) {
  const parameters = (body as { parameters?: unknown } | null)?.parameters;
  let rest = body;
  if (parameters && typeof parameters === "object" && !Array.isArray(parameters)) {
    const { generateAudio, ...others } = parameters as Record<string, unknown>;
    if (generateAudio !== undefined && typeof generateAudio !== "boolean")
      throw invalid("parameters.generateAudio", "generateAudio must be a boolean.");
    rest = { ...(body as Record<string, unknown>), parameters: others };
  }
  // Vertex takes the seed and only the Gen AI SDK's image wrapping.
  const submit = parseSubmit(rest, served, { ...ctx.gemini, seed: true, imageEncodings: ["bytesBase64Encoded"] });
  return { submit, parameters: (parameters ?? {}) as Record<string, unknown> };
}

export function vertexRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (err instanceof GoogleError) return send(reply, err);
      if (err instanceof OAuthError) return reply.status(err.httpStatus).send(err.toJSON());
      if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE")
        return send(reply, googleError(400, `Request payload size exceeds the limit: ${BODY_LIMIT} bytes.`));
      if ((err.statusCode ?? 500) < 500)
        return send(reply, googleError(400, `Invalid JSON payload received. ${err.message}`));
      request.log.error({ err }, "simulator error");
      return send(reply, googleError(500));
    });

    app.post("/vertex/token", { onRequest: guard(ctx, "vertex-token", false) }, async (request) => {
      const form = request.body;
      if (!form || typeof form !== "object")
        throw new OAuthError("invalid_request", "The body must be form-encoded (grant_type, assertion).");
      const own = new URL(request.url, "http://simulator.invalid");
      return exchangeAssertion(ctx, form as Record<string, unknown>, own);
    });

    app.post<{ Params: { project: string; location: string; action: string } }>(
      "/vertex/v1/projects/:project/locations/:location/publishers/google/models/:action",
      { bodyLimit: BODY_LIMIT, onRequest: guard(ctx, actionEndpoint) },
      async (request) => {
        const { project, location } = request.params;
        const [model, method] = splitAction(request.params.action);
        checkPlace(project, location);
        const served = servedModel(ctx, model);
        if (method === "fetchPredictOperation") return fetchOperation(ctx, request.body, project, location, model);
        if (method !== "predictLongRunning") throw modelNotFound(`${model}:${method}`);
        const { submit, parameters } = parseVertexSubmit(ctx, request.body, served);
        // The operation markers are the Gemini fake's; `[sim:gemini-NNN]` is not Vertex's, `[sim:vertex-NNN]` is.
        const markers = geminiMarkers(submit.prompt);
        const httpError = VERTEX_HTTP_ERROR.exec(submit.prompt)?.[1];
        if (httpError) throw googleError(Number(httpError));
        const id = encodeOperationId({
          createdAt: ctx.now(),
          model: served,
          aspect: submit.aspect,
          resolution: submit.resolution,
          variant: clipVariant(submit.prompt),
          markers: markers.operation,
        });
        const name = `projects/${project}/locations/${location}/publishers/google/models/${model}/operations/${id}`;
        appendToLog(ctx.stats.vertexSubmissions, {
          operation: name,
          model,
          mode: submit.mode,
          prompt: submit.prompt,
          images: submit.images,
          parameters,
        });
        return { name };
      },
    );

    app.get<{ Params: { model: string } }>(
      "/vertex/v1/publishers/google/models/:model",
      { onRequest: guard(ctx, "vertex-model") },
      async (request) => {
        const { model } = request.params;
        servedModel(ctx, model);
        return { name: `publishers/google/models/${model}`, versionId: "001", launchStage: "GA" };
      },
    );
  };
}

/** fetchPredictOperation: the operation named in the body, on the model in the path. */
async function fetchOperation(ctx: SimContext, body: unknown, project: string, location: string, model: string) {
  const name = (body as { operationName?: unknown } | null)?.operationName;
  if (typeof name !== "string") throw invalid("operationName", "operationName is required.");
  const m = OPERATION.exec(name);
  const op = m ? decodeOperationId(m[4]!) : undefined;
  if (!m || m[1] !== project || m[2] !== location || m[3] !== model || !op || VERTEX_OF[op.model] !== model)
    throw googleError(404, `Operation ${name} not found.`);
  const state = operationState(ctx, op);
  switch (state.phase) {
    case "running":
      return { name };
    case "failed":
      return { name, done: true, error: { code: GOOGLE_INTERNAL, message: FAILED_MSG } };
    case "blocked":
      return {
        name,
        done: true,
        response: { "@type": RESPONSE_TYPE, raiMediaFilteredCount: 1, raiMediaFilteredReasons: [RAI_REASON_CODE] },
      };
    case "succeeded": {
      const file = path.join(CLIPS_DIR, servedClip(op.variant, op.aspect, op.resolution));
      const bytes = await fs.readFile(file);
      return {
        name,
        done: true,
        response: {
          "@type": RESPONSE_TYPE,
          videos: [{ bytesBase64Encoded: bytes.toString("base64"), mimeType: "video/mp4" }],
        },
      };
    }
  }
}

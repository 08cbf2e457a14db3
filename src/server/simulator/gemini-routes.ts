/**
 * A fake of Google's Gemini API for Veo 3.1 (video-vendors-2026.md §1), the second vendor, on the
 * simulator's base URL: POST /v1beta/models/{model}:predictLongRunning, GET
 * /v1beta/models/{model}/operations/{id}, GET /v1beta/models/{model} (models.get, a key check),
 * GET /v1beta/files/{id}:download?alt=media (needs the key, answers a 302) and the keyless file it
 * redirects to, GET /gemini-files/{id}.mp4?until=… (honoured for ten minutes, then 403). Google's key header and error body, never KIE's.
 * Every route counts its call and takes queued faults first (gemini-submit, gemini-operation,
 * gemini-model, gemini-download, gemini-file), then checks the key (all but the keyless file).
 * Gemini Omni Flash's Interactions API (POST /v1beta/interactions, GET /v1beta/interactions/{id})
 * is added to the same scope from gemini-interactions.ts (decision 0176).
 */
import { setTimeout as sleep } from "node:timers/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, onRequestAsyncHookHandler } from "fastify";
import { CLIPS_DIR, clipVariant, servedClip } from "./clips.js";
import type { SimContext } from "./context.js";
import { appendToLog, faultAnswers } from "./faults.js";
import { GoogleError, googleError, googleKey, keyProblem, modelNotFound, modelRetired } from "./gemini-errors.js";
import {
  decodeOperationId,
  encodeOperationId,
  fileState,
  GEMINI_MODELS,
  operationState,
  type GeminiModel,
} from "./gemini-operation.js";
import { geminiMarkers, parseSubmit } from "./gemini-request.js";
import { interactionsRoutes, servedInteractionsModel } from "./gemini-interactions.js";
import type { SimulatorEndpoint, SimulatorFault } from "./types.js";
import { queryParam } from "./veo-routes.js";

/** Google's limit on a request's size (inline images included). */
const BODY_LIMIT = 20 * 1024 * 1024;
const RESPONSE_TYPE = "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse";
const RAI_REASON =
  "The video could not be generated because it may violate our safety policies (simulated). Please try a different prompt. You will not be charged for this request.";
const FAILED_MSG = "Video generation failed due to an internal error (simulated).";
const GOOGLE_INTERNAL = 13;
/** How long the keyless link a download redirects to is honoured. */
const GEMINI_LINK_TTL_MS = 10 * 60_000;

const isBuiltIn = (model: string): model is GeminiModel => (GEMINI_MODELS as readonly string[]).includes(model);

/**
 * The built-in model an id is served as: itself, or what the readings' extraModels say it stands
 * for. A retired id answers Google's 404 "is no longer available"; an unknown one its "not found".
 */
function servedModel(ctx: SimContext, model: string, method: string): GeminiModel {
  if (ctx.gemini.retiredModels.includes(model)) throw modelRetired(model);
  const served = isBuiltIn(model) ? model : ctx.gemini.extraModels[model];
  if (served === undefined || !isBuiltIn(served)) throw modelNotFound(model, method);
  return served;
}

/** "veo-3.1-generate-preview:predictLongRunning" → [name, method]; Google's custom methods follow a colon. */
function splitAction(action: string): [string, string] {
  const colon = action.lastIndexOf(":");
  return colon < 0 ? [action, ""] : [action.slice(0, colon), action.slice(colon + 1)];
}

// toJSON() by hand: Fastify would take an Error given to send() for a failure of its own.
const send = (reply: FastifyReply, error: GoogleError) => reply.status(error.code).send(error.toJSON());

function sendFault(reply: FastifyReply, fault: SimulatorFault) {
  if (fault.body === undefined) return send(reply, googleError(fault.httpStatus ?? fault.code ?? 500, fault.msg));
  reply.status(fault.httpStatus ?? 200);
  return typeof fault.body === "string"
    ? reply.type("text/plain; charset=utf-8").send(fault.body)
    : reply.send(fault.body);
}

function guard(ctx: SimContext, endpoint: SimulatorEndpoint, keyed = true): onRequestAsyncHookHandler {
  return async (request, reply) => {
    ctx.stats.calls[endpoint] += 1;
    const fault = ctx.faults.take(endpoint);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && faultAnswers(fault)) return sendFault(reply, fault);
    const problem = keyed ? keyProblem(ctx, googleKey(request.headers, request.query)) : undefined;
    if (problem) return send(reply, problem);
  };
}

export function geminiRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    // reply.sendFile for the keyless file route, in this plugin's scope only.
    await app.register(fastifyStatic, { root: CLIPS_DIR, serve: false, index: false, cacheControl: false });

    app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (err instanceof GoogleError) return send(reply, err);
      if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return send(reply, googleError(400, `Request payload size exceeds the limit: ${BODY_LIMIT} bytes.`));
      }
      if ((err.statusCode ?? 500) < 500) {
        return send(reply, googleError(400, `Invalid JSON payload received. ${err.message}`));
      }
      request.log.error({ err }, "simulator error");
      return send(reply, googleError(500));
    });

    app.post<{ Params: { action: string } }>(
      "/v1beta/models/:action",
      { bodyLimit: BODY_LIMIT, onRequest: guard(ctx, "gemini-submit") },
      async (request) => {
        const [model, method] = splitAction(request.params.action);
        const served = servedModel(ctx, model, method || "predictLongRunning");
        if (method !== "predictLongRunning") throw modelNotFound(model, method || "predictLongRunning");
        const submit = parseSubmit(request.body, served, ctx.gemini);
        const markers = geminiMarkers(submit.prompt);
        if (markers.httpError) throw googleError(markers.httpError);
        const id = encodeOperationId({
          createdAt: ctx.now(),
          model: served,
          aspect: submit.aspect,
          resolution: submit.resolution,
          variant: clipVariant(submit.prompt),
          markers: markers.operation,
        });
        const name = `models/${model}/operations/${id}`;
        const { mode, prompt, images, parameters } = submit;
        appendToLog(ctx.stats.geminiSubmissions, { operation: name, model, mode, prompt, images, parameters });
        return { name };
      },
    );

    interactionsRoutes(app, ctx, guard, BODY_LIMIT);

    // models.get: what a client checks a key with (unbilled), and what a mapping is checked with (decision 0173).
    app.get<{ Params: { model: string } }>(
      "/v1beta/models/:model",
      { onRequest: guard(ctx, "gemini-model") },
      async (request) => {
        const { model } = request.params;
        // Omni's model card advertises generateContent, though it serves the Interactions API only (TanStack/ai #871).
        if (servedInteractionsModel(ctx, model))
          return {
            name: `models/${model}`,
            version: "1.1",
            displayName: model,
            supportedGenerationMethods: ["generateContent", "countTokens"],
          };
        servedModel(ctx, model, "get");
        return {
          name: `models/${model}`,
          version: "3.1",
          displayName: model,
          supportedGenerationMethods: ["predictLongRunning"],
        };
      },
    );

    app.get<{ Params: { model: string; id: string } }>(
      "/v1beta/models/:model/operations/:id",
      { onRequest: guard(ctx, "gemini-operation") },
      async (request) => {
        const { model, id } = request.params;
        const op = decodeOperationId(id);
        if (ctx.gemini.retiredModels.includes(model)) throw modelRetired(model);
        const served = isBuiltIn(model) ? model : ctx.gemini.extraModels[model];
        if (!op || op.model !== served) throw googleError(404);
        const name = `models/${model}/operations/${id}`;
        const state = operationState(ctx, op);
        switch (state.phase) {
          // Google's JSON leaves out `done` while it is false (proto3 drops defaults).
          case "running":
            return { name };
          case "failed":
            return { name, done: true, error: { code: GOOGLE_INTERNAL, message: FAILED_MSG } };
          case "blocked":
            return {
              name,
              done: true,
              response: {
                "@type": RESPONSE_TYPE,
                generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: [RAI_REASON] },
              },
            };
          case "succeeded": {
            const uri = `${ctx.publicBaseUrl}/v1beta/files/${id}:download?alt=media`;
            return {
              name,
              done: true,
              response: { "@type": RESPONSE_TYPE, generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
            };
          }
        }
      },
    );

    // The result's uri: with the key, a 302 to the keyless file (as Google redirects to its storage).
    app.get<{ Params: { action: string } }>(
      "/v1beta/files/:action",
      { onRequest: guard(ctx, "gemini-download") },
      async (request, reply) => {
        const [id, method] = splitAction(request.params.action);
        const op = method === "download" ? decodeOperationId(id) : undefined;
        if (!op || fileState(ctx, op).status !== "live") throw googleError(404);
        // files.download without alt=media answers its (empty) metadata, not the bytes.
        if (queryParam(request.query, "alt") !== "media") return {};
        // Google's storage link is signed for a while only (a reading: the reference gives no lifetime).
        return reply.redirect(
          `${ctx.publicBaseUrl}/gemini-files/${id}.mp4?until=${ctx.now() + GEMINI_LINK_TTL_MS}`,
          302,
        );
      },
    );

    app.get<{ Params: { file: string } }>(
      "/gemini-files/:file",
      { onRequest: guard(ctx, "gemini-file", false) },
      async (request, reply) => {
        // The redirect target is another host at Google: a client must not hand it the key.
        if (googleKey(request.headers, request.query) !== undefined) ctx.stats.geminiKeyedFileFetches += 1;
        const id = /^([0-9a-f]+)\.mp4$/.exec(request.params.file)?.[1];
        const op = id === undefined ? undefined : decodeOperationId(id);
        const file = op && fileState(ctx, op);
        if (!op || file?.status !== "live")
          return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
        // A link past its signature's time is refused, though the file lives: ask Google for a new one.
        const until = Number(queryParam(request.query, "until") ?? Infinity);
        if (!(ctx.now() <= until)) return reply.status(403).type("text/plain; charset=utf-8").send("Link expired");
        const maxAge = Math.max(0, Math.floor((Math.min(file.expiresAt, until) - ctx.now()) / 1000));
        reply.header("cache-control", `private, max-age=${maxAge}`);
        return reply.sendFile(servedClip(op.variant, op.aspect, op.resolution));
      },
    );
  };
}

/**
 * Route hooks shared by every API endpoint, in order: count the call, apply a queued fault
 * (which wins over everything, auth included), then check the bearer key; as the answer goes
 * out, log polls (in onSend, so an entry ends before the client can see the answer and poll
 * again). Faults act in onRequest, so they answer before any body is read.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from "fastify";
import { authorizedKey, envelope, uploadError, UNAUTHORIZED_MSG, type SimContext } from "./context.js";
import { appendToLog, faultAnswers } from "./faults.js";
import type { SimulatorEndpoint, SimulatorFault } from "./types.js";

const DEFAULT_MSG: Record<number, string> = {
  400: "Bad request",
  401: UNAUTHORIZED_MSG,
  402: "The current credits are insufficient. Please top up.",
  404: "Not found",
  422: "Validation error",
  429: "Too many requests",
  455: "Service unavailable: the system is under maintenance",
  500: "Internal server error",
  501: "Generation failed",
  502: "Bad gateway",
  503: "Service unavailable",
  505: "The feature is disabled",
};

const keys = new WeakMap<FastifyRequest, string>();
const startTimes = new WeakMap<FastifyRequest, number>();

/** The caller's bearer key (set by the guard before the handler runs). */
export const requestKey = (request: FastifyRequest): string => keys.get(request) ?? "";

function errorBody(endpoint: SimulatorEndpoint, code: number, msg: string) {
  return endpoint === "upload" ? uploadError(code, msg) : envelope(code, msg);
}

function sendFault(reply: FastifyReply, endpoint: SimulatorEndpoint, fault: SimulatorFault) {
  const status = fault.httpStatus ?? 200;
  reply.status(status);
  if (fault.body !== undefined) {
    return typeof fault.body === "string"
      ? reply.type("text/plain; charset=utf-8").send(fault.body)
      : reply.send(fault.body);
  }
  const code = fault.code ?? status;
  return reply.send(errorBody(endpoint, code, fault.msg ?? DEFAULT_MSG[code] ?? `Error ${code}`));
}

export function guard(ctx: SimContext, endpoint: SimulatorEndpoint) {
  const onRequest: onRequestAsyncHookHandler = async (request, reply) => {
    ctx.stats.calls[endpoint] += 1;
    // Wall-clock time, not ctx.now: with a fake clock every poll would look instantaneous.
    startTimes.set(request, Date.now());
    const fault = ctx.faults.take(endpoint);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && faultAnswers(fault)) return sendFault(reply, endpoint, fault);
    const key = authorizedKey(ctx, request.headers.authorization, endpoint === "credit");
    if (key === undefined) return reply.send(errorBody(endpoint, 401, UNAUTHORIZED_MSG));
    keys.set(request, key);
  };

  const onSend: onSendAsyncHookHandler = async (request, _reply, payload) => {
    if (endpoint !== "record-info" && endpoint !== "get-1080p" && endpoint !== "record-info-market") return payload;
    const taskId = (request.query as { taskId?: unknown } | undefined)?.taskId;
    appendToLog(ctx.stats.pollLog, {
      endpoint,
      taskId: typeof taskId === "string" ? taskId : "",
      startedAt: startTimes.get(request) ?? Date.now(),
      endedAt: Date.now(),
    });
    return payload;
  };

  return { onRequest, onSend };
}

/**
 * Creem's moderation API (`POST /v1/moderation/prompt`, decision 0089), spoken by the simulator so
 * a demo without keys shows prompt screening at work through the real client. Its key is the
 * simulator's (`x-api-key`); its answers are Creem's shapes. Prompt markers: `[mod:flag]` and
 * `[mod:deny]` get those decisions (deny wins), `[mod:error]` a 500, `[mod:timeout]` no answer
 * until the caller gives up.
 */
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { SimContext } from "./context.js";
import { faultAnswers } from "./faults.js";

const MODERATION_MARKER = /\[mod:(flag|deny|error|timeout)\]/gi;
/** The longest a `[mod:timeout]` request is held when its caller does not give up. */
const HOLD_MS = 60_000;

export type ModerationMarker = "flag" | "deny" | "error" | "timeout";

export function moderationMarkers(prompt: string): Set<ModerationMarker> {
  const found = new Set<ModerationMarker>();
  for (const match of prompt.matchAll(MODERATION_MARKER)) found.add(match[1]!.toLowerCase() as ModerationMarker);
  return found;
}

/** Creem's error body. */
function creemError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ trace_id: crypto.randomUUID(), status, error: "Error", message: [message] });
}

/** Until the caller hangs up (its timeout), or HOLD_MS. */
function held(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, HOLD_MS);
    timer.unref();
    reply.raw.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function moderationRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    app.post("/v1/moderation/prompt", async (request, reply) => {
      ctx.stats.calls.moderation += 1;
      const fault = ctx.faults.take("moderation");
      if (fault?.delayMs) await sleep(fault.delayMs);
      if (fault && faultAnswers(fault)) {
        const status = fault.httpStatus ?? 500;
        return fault.body === undefined
          ? creemError(reply, status, fault.msg ?? "Internal server error")
          : reply.status(status).send(fault.body);
      }
      const key = request.headers["x-api-key"];
      if (typeof key !== "string" || key === "" || (ctx.apiKey !== undefined && key !== ctx.apiKey))
        return creemError(reply, 403, "Invalid API key");
      const body = request.body as { prompt?: unknown; external_id?: unknown } | null | undefined;
      const prompt = body?.prompt;
      if (typeof prompt !== "string" || prompt.trim() === "") return creemError(reply, 400, "prompt must be a string");
      const markers = moderationMarkers(prompt);
      if (markers.has("timeout")) {
        await held(reply);
        return creemError(reply, 504, "The moderation check timed out");
      }
      if (markers.has("error")) return creemError(reply, 500, "Internal server error");
      const decision = markers.has("deny") ? "deny" : markers.has("flag") ? "flag" : "allow";
      return {
        id: `mod_${crypto.randomBytes(8).toString("hex")}`,
        object: "moderation_result",
        prompt,
        decision,
        usage: { units: 1 },
        ...(typeof body?.external_id === "string" ? { external_id: body.external_id } : {}),
      };
    });
  };
}

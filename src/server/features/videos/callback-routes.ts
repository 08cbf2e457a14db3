import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callbackTaskId, validCallbackSignature } from "../../integrations/kie/callback-signature.js";
import { AppError } from "../../http/errors.js";
import { errors } from "../../http/route-contract.js";
import { markTaskDue } from "./task-state.js";
import type { GenerateDeps } from "./generate-service.js";
import type { Db } from "../../db/connect.js";
import type { Settings } from "../settings/service.js";

/**
 * KIE's callback. The body is only a signal: it names a task, which the worker then re-reads
 * from the provider before changing anything. It answers at once; repeats change nothing. When
 * the admin has set KIE's webhook HMAC key, an unsigned, wrongly signed or stale callback is
 * refused (401, as KIE's samples answer) and changes nothing; polling still finds the truth.
 */
const received = z.object({ code: z.literal(200), msg: z.literal("received") }).meta({ id: "CallbackReceived" });

export async function callbackRoutes(
  scope: FastifyInstance,
  opts: {
    db: Db;
    generation: Pick<GenerateDeps, "wake">;
    readSettings(): Promise<Pick<Settings, "kieWebhookHmacKey">>;
  },
): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // No body schema: anything is accepted and only read for a task id (never trusted).
  const schema = {
    tags: ["Callbacks"],
    summary: "KIE's callback: re-check the named task",
    response: { 200: received, ...errors(401) },
  };
  app.post("/api/callbacks/kie", { config: { access: "callback" }, schema }, async (request) => {
    const taskId = callbackTaskId(request.body);
    const { kieWebhookHmacKey: key } = await opts.readSettings();
    if (key && !(taskId && validCallbackSignature(key, taskId, request.headers))) {
      throw new AppError("not_signed_in", "Invalid or missing webhook signature");
    }
    if (taskId && (await markTaskDue(opts.db, taskId))) opts.generation.wake();
    return { code: 200 as const, msg: "received" as const };
  });
}

import type { FastifyInstance } from "fastify";
import { callbackTaskId, validCallbackSignature } from "../../integrations/kie/callback-signature.js";
import { AppError } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { videosApi } from "../../../shared/api/videos.js";
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
export async function callbackRoutes(
  scope: FastifyInstance,
  opts: {
    db: Db;
    generation: Pick<GenerateDeps, "wake">;
    readSettings(): Promise<Pick<Settings, "kieWebhookHmacKey">>;
  },
): Promise<void> {
  serve(scope, videosApi.kieCallback, { access: "callback" }, async (request) => {
    const taskId = callbackTaskId(request.body);
    const { kieWebhookHmacKey: key } = await opts.readSettings();
    if (key && !(taskId && validCallbackSignature(key, taskId, request.headers))) {
      throw new AppError("not_signed_in", "Invalid or missing webhook signature");
    }
    if (taskId && (await markTaskDue(opts.db, taskId))) opts.generation.wake();
    return { code: 200 as const, msg: "received" as const };
  });
}

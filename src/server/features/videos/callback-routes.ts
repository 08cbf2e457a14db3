import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { markTaskDue } from "./task-state.js";
import type { GenerateDeps } from "./generate-service.js";
import type { Db } from "../../db/connect.js";

/**
 * KIE's callback. The body is only a signal: it names a task, which the worker then re-reads
 * from the provider before changing anything. It answers at once; repeats change nothing.
 */
const received = z.object({ code: z.literal(200), msg: z.literal("received") }).meta({ id: "CallbackReceived" });

export async function callbackRoutes(scope: FastifyInstance, opts: { db: Db; generation: Pick<GenerateDeps, "wake"> }): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // No body schema: anything is accepted and only read for a task id (never trusted).
  const schema = { tags: ["Callbacks"], summary: "KIE's callback: re-check the named task", response: { 200: received } };
  app.post("/api/callbacks/kie", { config: { access: "callback" }, schema }, async (request) => {
    const data = asRecord(asRecord(request.body)?.data);
    const taskId = asText(data?.taskId) ?? asText(data?.task_id);
    if (taskId && (await markTaskDue(opts.db, taskId))) opts.generation.wake();
    return { code: 200 as const, msg: "received" as const };
  });
}

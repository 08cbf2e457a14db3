import type { FastifyInstance } from "fastify";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import { markTaskDue } from "./task-state.js";
import type { Db } from "../../db/connect.js";

/**
 * KIE's callback. The body is only a signal: it names a task, which the worker then re-reads
 * from the provider before changing anything. It answers at once; repeats change nothing.
 */
export async function callbackRoutes(app: FastifyInstance, opts: { db: Db; wake: () => void }): Promise<void> {
  app.post("/api/callbacks/kie", { config: { access: "callback" } }, async (request) => {
    const data = asRecord(asRecord(request.body)?.data);
    const taskId = asText(data?.taskId) ?? asText(data?.task_id);
    if (taskId && (await markTaskDue(opts.db, taskId))) opts.wake();
    return { code: 200, msg: "received" };
  });
}

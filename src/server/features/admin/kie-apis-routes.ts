/** Provider accounts: GET/POST /api/admin/kie-apis, PUT/DELETE /api/admin/kie-apis/{id}, and a balance check. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { kieApiCreateSchema, kieApiUpdateSchema } from "../../../shared/schemas/kie-apis.js";
import { AppError, badRequest, parseInput } from "../../http/errors.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieError } from "../../integrations/kie/errors.js";
import type { VideoContext } from "../videos/context.js";
import {
  accountKey,
  createKieApi,
  deleteKieApi,
  getKieApi,
  listKieApis,
  storeBalance,
  updateKieApi,
} from "./kie-apis-service.js";

/** A malformed id is the caller's mistake (400) and must never reach the uuid column (a 500). */
function accountId(params: unknown): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) throw badRequest("KIE API id must be a valid UUID");
  return id;
}

/** What KIE said about a key, for the admin: a rejected key is the admin's to fix (422), an outage is KIE's (502). */
function balanceError(err: unknown): AppError {
  if (err instanceof KieError) {
    if (err.kind === "unauthorized") return new AppError("unprocessable", "KIE rejected this API key: check it in your KIE.ai account");
    if (err.kind === "unavailable" || err.kind === "rate_limited") return new AppError("upstream_error", `KIE is not answering right now: ${err.message}`);
    return new AppError("upstream_error", `KIE could not report the balance: ${err.message}`);
  }
  return new AppError("upstream_error", "Could not reach KIE to check the balance");
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminKieApiRoutes(app: FastifyInstance, opts: { ctx: VideoContext }): Promise<void> {
  const { db, secretBox, config } = opts.ctx;

  app.get("/kie-apis", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listKieApis(db, secretBox);
  });

  app.post("/kie-apis", async (request, reply) => {
    const input = parseInput(kieApiCreateSchema, request.body);
    const kieApi = await createKieApi(db, secretBox, input);
    return reply.status(201).send({ message: "KIE API saved", kieApi });
  });

  app.put("/kie-apis/:id", async (request) => {
    const id = accountId(request.params);
    const patch = parseInput(kieApiUpdateSchema, request.body);
    return { message: "KIE API saved", kieApi: await updateKieApi(db, secretBox, id, patch) };
  });

  app.delete("/kie-apis/:id", async (request) => {
    await deleteKieApi(db, accountId(request.params));
    return { message: "KIE API deleted" };
  });

  /** Asks KIE (chat/credit) for the account's real balance and stores it as totalCredits. */
  app.post("/kie-apis/:id/check-credits", async (request) => {
    const id = accountId(request.params);
    const key = await accountKey(db, secretBox, id);
    if (!key) throw new AppError("unprocessable", "This account's key cannot be read (SECRETS_KEY changed): enter the key again");
    const { kie } = config;
    const client = new KieClient({ baseUrl: kie.baseUrl, uploadBaseUrl: kie.uploadBaseUrl, apiKey: key, timeoutMs: kie.timeoutMs });
    let credits: number;
    try {
      credits = await client.credits();
    } catch (err) {
      request.log.warn({ kieApiId: id, kind: err instanceof KieError ? err.kind : "network" }, "KIE balance check failed");
      throw balanceError(err);
    }
    await storeBalance(db, id, credits);
    const kieApi = await getKieApi(db, secretBox, id);
    return { message: `KIE reports ${kieApi.totalCredits} credits`, kieApi };
  });
}

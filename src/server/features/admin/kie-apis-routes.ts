/** Provider accounts: GET/POST /api/admin/kie-apis, PUT/DELETE /api/admin/kie-apis/{id}, and a balance check. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  kieApiCreateSchema,
  kieApiDeletedSchema,
  kieApiIdParams,
  kieApiListSchema,
  kieApiSavedSchema,
  kieApiUpdateSchema,
} from "../../../shared/schemas/kie-apis.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { errors } from "../../http/route-contract.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieError } from "../../integrations/kie/errors.js";
import { accountKey, createKieApi, deleteKieApi, getKieApi, listKieApis, storeBalance, updateKieApi } from "./kie-apis-service.js";

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
export async function adminKieApiRoutes(app: FastifyInstance, opts: { db: Db; secretBox: SecretBox; config: Config }): Promise<void> {
  const { db, secretBox, config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/kie-apis",
    {
      schema: {
        tags: ["Admin"],
        summary: "The provider accounts (KIE keys, masked), newest first",
        response: { 200: kieApiListSchema, ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listKieApis(db, secretBox);
    },
  );

  api.post(
    "/kie-apis",
    {
      schema: {
        tags: ["Admin"],
        summary: "Add a provider account",
        body: kieApiCreateSchema,
        response: { 201: kieApiSavedSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const kieApi = await createKieApi(db, secretBox, request.body);
      return reply.status(201).send({ message: "KIE API saved", kieApi });
    },
  );

  api.put(
    "/kie-apis/:id",
    {
      schema: {
        tags: ["Admin"],
        summary: "Change a provider account (a blank or masked token keeps the key)",
        params: kieApiIdParams,
        body: kieApiUpdateSchema,
        response: { 200: kieApiSavedSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ message: "KIE API saved", kieApi: await updateKieApi(db, secretBox, request.params.id, request.body) }),
  );

  api.delete(
    "/kie-apis/:id",
    {
      schema: {
        tags: ["Admin"],
        summary: "Delete a provider account (its videos keep their history)",
        params: kieApiIdParams,
        response: { 200: kieApiDeletedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteKieApi(db, request.params.id);
      return { message: "KIE API deleted" };
    },
  );

  /** Asks KIE (chat/credit) for the account's real balance and stores it as totalCredits. */
  api.post(
    "/kie-apis/:id/check-credits",
    {
      schema: {
        tags: ["Admin"],
        summary: "Ask KIE for an account's balance and store it",
        params: kieApiIdParams,
        response: { 200: kieApiSavedSchema, ...errors(400, 401, 403, 404, 422, 502) },
      },
    },
    async (request) => {
      const { id } = request.params;
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
    },
  );
}

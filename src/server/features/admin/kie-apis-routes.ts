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
import { isMaskedSecret } from "../../../shared/mask.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { errors } from "../../http/route-contract.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieError } from "../../integrations/kie/errors.js";
import { auditActor, fieldChanges, recordAudit } from "../audit/audit-log.js";
import {
  accountKey,
  createKieApi,
  deleteKieApi,
  getKieApi,
  listKieApis,
  storeBalance,
  updateKieApi,
} from "./kie-apis-service.js";

/** What KIE said about a key, for the admin: a rejected key is the admin's to fix (422), an outage is KIE's (502). */
function balanceError(err: unknown): AppError {
  if (err instanceof KieError) {
    if (err.kind === "unauthorized")
      return new AppError("unprocessable", "KIE rejected this API key: check it in your KIE.ai account");
    if (err.kind === "unavailable" || err.kind === "rate_limited")
      return new AppError("upstream_error", `KIE is not answering right now: ${err.message}`);
    return new AppError("upstream_error", `KIE could not report the balance: ${err.message}`);
  }
  return new AppError("upstream_error", "Could not reach KIE to check the balance");
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminKieApiRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: Config },
): Promise<void> {
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
      const actor = auditActor(request);
      const kieApi = await db.transaction(async (tx) => {
        const created = await createKieApi(tx, secretBox, request.body);
        const { token: _token, ...fields } = request.body;
        await recordAudit(tx, actor, {
          action: "kie_api.create",
          targetType: "kie_api",
          targetId: created.id,
          targetLabel: created.name,
          details: { after: fields },
        });
        return created;
      });
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
    async (request) => {
      const actor = auditActor(request);
      const kieApi = await db.transaction(async (tx) => {
        const before = await getKieApi(tx, secretBox, request.params.id);
        const after = await updateKieApi(tx, secretBox, request.params.id, request.body);
        const { token: _b, updatedAt: _bu, ...was } = before;
        const { token: _a, updatedAt: _au, ...now } = after;
        const changes = fieldChanges(was, now);
        // A new key is named, never shown (a blank or masked one keeps the stored key).
        const { token } = request.body;
        if (token && !isMaskedSecret(token)) changes.push({ field: "token", secret: true });
        await recordAudit(tx, actor, {
          action: "kie_api.update",
          targetType: "kie_api",
          targetId: after.id,
          targetLabel: after.name,
          details: { changes },
        });
        return after;
      });
      return { message: "KIE API saved", kieApi };
    },
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
      const actor = auditActor(request);
      await db.transaction(async (tx) => {
        const gone = await getKieApi(tx, secretBox, request.params.id);
        await deleteKieApi(tx, request.params.id);
        await recordAudit(tx, actor, {
          action: "kie_api.delete",
          targetType: "kie_api",
          targetId: gone.id,
          targetLabel: gone.name,
        });
      });
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
      if (!key)
        throw new AppError(
          "unprocessable",
          "This account's key cannot be read (SECRETS_KEY changed): enter the key again",
        );
      const { kie } = config;
      const client = new KieClient({
        baseUrl: kie.baseUrl,
        uploadBaseUrl: kie.uploadBaseUrl,
        apiKey: key,
        timeoutMs: kie.timeoutMs,
      });
      let credits: number;
      try {
        credits = await client.credits();
      } catch (err) {
        request.log.warn(
          { kieApiId: id, kind: err instanceof KieError ? err.kind : "network" },
          "KIE balance check failed",
        );
        throw balanceError(err);
      }
      await storeBalance(db, id, credits);
      const kieApi = await getKieApi(db, secretBox, id);
      await recordAudit(db, auditActor(request), {
        action: "kie_api.check_balance",
        targetType: "kie_api",
        targetId: id,
        targetLabel: kieApi.name,
        details: { credits: kieApi.totalCredits },
      });
      return { message: `KIE reports ${kieApi.totalCredits} credits`, kieApi };
    },
  );
}

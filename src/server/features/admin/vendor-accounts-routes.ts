/** Provider accounts: GET/POST /api/admin/kie-apis, PUT/DELETE /api/admin/kie-apis/{id}, and a KIE balance check. */
import type { FastifyInstance } from "fastify";
import { adminVendorAccountsApi } from "../../../shared/api/admin-vendor-accounts.js";
import { isMaskedSecret } from "../../../shared/mask.js";
import type { AccountVendor, VendorAccountView } from "../../../shared/schemas/vendor-accounts.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { AppError, badRequest } from "../../http/errors.js";
import { isServiceAccountKey, parseServiceAccountKey } from "../../integrations/google/service-account.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieError } from "../../integrations/kie/errors.js";
import { auditActor, fieldChanges, recordAudit } from "../audit/audit-log.js";
import { kieKeyChecker } from "../settings/kie-key-check.js";
import {
  accountKey,
  accountVendor,
  createVendorAccount,
  deleteVendorAccount,
  getVendorAccount,
  listVendorAccounts,
  storeBalance,
  updateVendorAccount,
} from "./vendor-accounts-service.js";

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

/** Only KIE has a balance to ask for; a Google (or Vertex AI) key's videos are billed to its Cloud project. */
const GOOGLE_HAS_NO_BALANCE = "Balance checks are for KIE accounts; Google bills your Cloud project";

/** What an update's audit compares: not the key, the clock, or the legacy figures modelCosts already shows. */
function audited(view: VendorAccountView): Record<string, unknown> {
  const { token: _t, updatedAt: _u, veo3QualityCredits: _q, veo3FastCredits: _f, veo3LiteCredits: _l, ...rest } = view;
  return rest;
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function adminVendorAccountRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: Config; simulatorFiles: { baseUrl: string } },
): Promise<void> {
  const { db, secretBox, config } = opts;
  const keyChecker = kieKeyChecker(config, opts.simulatorFiles.baseUrl);
  /**
   * A new KIE key is tried before anything is written (decision 0074); a masked or blank one keeps
   * the stored key. A Google key is not KIE's to judge: it is saved as typed. A Vertex AI key must
   * be a service account's JSON key file (decision 0177), with a project to make videos in; an
   * account turned into a Vertex one keeping its key is held to the same.
   */
  const checkNewKey = async (
    token: string | undefined,
    vendor: () => Promise<AccountVendor> | AccountVendor,
    storedKey?: () => Promise<string | undefined>,
  ) => {
    const fresh = token && !isMaskedSecret(token) ? token : undefined;
    const v = await vendor();
    if (fresh && v === "kie") await keyChecker.check(fresh);
    if (v !== "vertex") return;
    const text = fresh ?? (await storedKey?.());
    if (text === undefined) {
      if (storedKey) throw badRequest("Paste the service account's JSON key file for this Vertex AI account");
      return;
    }
    const key = parseServiceAccountKey(text);
    if (!isServiceAccountKey(key)) throw badRequest(key.problem);
    if (!config.vertex.project && !key.projectId)
      throw badRequest("The Vertex AI key has no project_id: paste the whole key file, or set VERTEX_PROJECT");
  };
  serve(app, adminVendorAccountsApi.list, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listVendorAccounts(db, secretBox);
  });

  serve(app, adminVendorAccountsApi.create, STEP_UP, async (request, reply) => {
    await checkNewKey(request.body.token, () => request.body.vendor);
    const actor = auditActor(request);
    const vendorAccount = await db.transaction(async (tx) => {
      const created = await createVendorAccount(tx, secretBox, request.body);
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
    return reply.status(201).send({ message: "KIE API saved", kieApi: vendorAccount });
  });

  serve(app, adminVendorAccountsApi.update, STEP_UP, async (request) => {
    const { id } = request.params;
    const turnedVertex = request.body.vendor === "vertex" && (await accountVendor(db, id)) !== "vertex";
    await checkNewKey(
      request.body.token,
      () => request.body.vendor ?? accountVendor(db, id),
      // An account becoming a Vertex one with its old key: that key must be a key file too.
      turnedVertex ? async () => (await accountKey(db, secretBox, id)).key : undefined,
    );
    const actor = auditActor(request);
    const vendorAccount = await db.transaction(async (tx) => {
      const before = await getVendorAccount(tx, secretBox, id);
      const after = await updateVendorAccount(tx, secretBox, id, request.body);
      const changes = fieldChanges(audited(before), audited(after));
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
    return { message: "KIE API saved", kieApi: vendorAccount };
  });

  serve(app, adminVendorAccountsApi.delete, STEP_UP, async (request) => {
    const actor = auditActor(request);
    await db.transaction(async (tx) => {
      const gone = await getVendorAccount(tx, secretBox, request.params.id);
      await deleteVendorAccount(tx, request.params.id);
      await recordAudit(tx, actor, {
        action: "kie_api.delete",
        targetType: "kie_api",
        targetId: gone.id,
        targetLabel: gone.name,
      });
    });
    return { message: "KIE API deleted" };
  });

  /** Asks KIE (chat/credit) for a KIE account's real balance and stores it as totalCredits. */
  serve(app, adminVendorAccountsApi.checkCredits, {}, async (request) => {
    const { id } = request.params;
    const { vendor, key } = await accountKey(db, secretBox, id);
    if (vendor !== "kie") throw new AppError("unprocessable", GOOGLE_HAS_NO_BALANCE);
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
        { vendorAccountId: id, kind: err instanceof KieError ? err.kind : "network" },
        "KIE balance check failed",
      );
      throw balanceError(err);
    }
    await storeBalance(db, id, credits);
    const vendorAccount = await getVendorAccount(db, secretBox, id);
    await recordAudit(db, auditActor(request), {
      action: "kie_api.check_balance",
      targetType: "kie_api",
      targetId: id,
      targetLabel: vendorAccount.name,
      details: { credits: vendorAccount.totalCredits },
    });
    return { message: `KIE reports ${vendorAccount.totalCredits} credits`, kieApi: vendorAccount };
  });
}

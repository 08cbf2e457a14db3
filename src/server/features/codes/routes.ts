/**
 * The codes' routes (decision 0156): a signed-in person redeems a grant code and asks what a
 * discount code takes off (POST /api/codes/redeem, /api/codes/quote); the admin's codes under
 * /api/admin/codes, registered in the admin scope. The automation API's redeem is registered in
 * its own scope (features/automation) with `redeemGrantCode`. Writing codes and exporting them
 * asks for a recent second factor, as other writes that move money do (decision 0092).
 */
import type { FastifyInstance } from "fastify";
import { adminCodesApi } from "../../../shared/api/admin-codes.js";
import { codesApi } from "../../../shared/api/codes.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { STEP_UP } from "../../http/route-access.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { bulkCreateCodes, createCode, updateCode } from "./code-admin.js";
import { getCode, listCodes, listRedemptions } from "./code-list.js";
import { codesCsv, codesFileName } from "./codes-csv.js";
import { quoteForDialog } from "./quote-route.js";
import { redeemGrantCode } from "./redeem-grant.js";

export async function codeRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  serve(app, codesApi.redeem, { access: "user" }, async (request) => {
    const user = requireUser(request);
    return redeemGrantCode(db, { userId: user.id, code: request.body.code, clientAddress: request.ip, via: "web" });
  });
  serve(app, codesApi.quote, { access: "user" }, async (request) =>
    quoteForDialog(db, requireUser(request).id, request.ip, request.body),
  );
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminCodeRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  serve(app, adminCodesApi.list, {}, async (request) => listCodes(db, request.query));

  serve(app, adminCodesApi.create, STEP_UP, async (request, reply) =>
    reply.status(201).send(await createCode(db, request.body, auditActor(request))),
  );

  serve(app, adminCodesApi.bulkCreate, STEP_UP, async (request, reply) =>
    reply.status(201).send(await bulkCreateCodes(db, request.body, auditActor(request))),
  );

  // Codes are worth money to whoever holds them: the file is as sensitive as the write.
  serve(app, adminCodesApi.exportCsv, STEP_UP, async (request, reply) => {
    const { batchId } = request.query;
    await recordAudit(db, auditActor(request), {
      action: "code.export",
      targetType: "promo_code",
      targetId: batchId ?? null,
      details: { batchId: batchId ?? "all" },
    });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${codesFileName(batchId)}"`)
      .header("cache-control", "private, no-store")
      .send(codesCsv(db, batchId));
  });

  serve(app, adminCodesApi.get, {}, async (request) => {
    const code = await getCode(db, request.params.id);
    if (!code) throw notFound("Code not found");
    return code;
  });

  serve(app, adminCodesApi.update, STEP_UP, async (request) =>
    updateCode(db, request.params.id, request.body, auditActor(request)),
  );

  serve(app, adminCodesApi.redemptions, {}, async (request) => {
    if (!(await getCode(db, request.params.id))) throw notFound("Code not found");
    return { redemptions: await listRedemptions(db, request.params.id) };
  });
}

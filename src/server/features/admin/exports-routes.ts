/**
 * GET /api/admin/exports/transactions.csv and /users.csv (decision 0054): the admin lists as CSV
 * files, with the lists' own filters, streamed. Each export is written to the audit log first.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import { adminTransactionsApi } from "../../../shared/api/admin-transactions.js";
import { adminUsersApi } from "../../../shared/api/admin-users.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { exportFileName, transactionsCsv, usersCsv } from "./exports-service.js";

function sendCsv(reply: FastifyReply, kind: "transactions" | "users", csv: Readable): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${exportFileName(kind)}"`)
    .header("cache-control", "private, no-store")
    .send(csv);
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function adminExportRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  serve(app, adminTransactionsApi.exportCsv, STEP_UP, async (request, reply) => {
    const filters = request.query;
    await recordAudit(db, auditActor(request), { action: "export.transactions", details: { filters } });
    return sendCsv(reply, "transactions", transactionsCsv(db, filters));
  });

  serve(app, adminUsersApi.exportCsv, STEP_UP, async (request, reply) => {
    const filters = request.query;
    await recordAudit(db, auditActor(request), { action: "export.users", details: { filters } });
    return sendCsv(reply, "users", usersCsv(db, filters));
  });
}

/**
 * GET /api/admin/exports/transactions.csv and /users.csv (decision 0054): the admin lists as CSV
 * files, with the lists' own filters, streamed. Each export is written to the audit log first.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Readable } from "node:stream";
import { z } from "zod";
import { adminTransactionFiltersSchema } from "../../../shared/admin-transactions.js";
import { adminUserFiltersSchema } from "../../../shared/schemas/admin-users.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import { exportFileName, transactionsCsv, usersCsv } from "./exports-service.js";

const csvFile = (what: string) => ({
  description: `${what}: UTF-8 with a byte order mark, a header row, ISO 8601 UTC dates; sent as it is read.`,
  content: { "text/csv": { schema: z.string().meta({ format: "binary" }) } },
});

function sendCsv(reply: FastifyReply, kind: "transactions" | "users", csv: Readable): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${exportFileName(kind)}"`)
    .header("cache-control", "private, no-store")
    .send(csv);
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminExportRoutes(scope: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/exports/transactions.csv",
    {
      schema: {
        tags: ["Admin"],
        summary: "Every user's credit history as a CSV file, with the History page's filters, newest first",
        querystring: adminTransactionFiltersSchema,
        response: { 200: csvFile("The transactions"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      await recordAudit(db, auditActor(request), { action: "export.transactions", details: { filters } });
      return sendCsv(reply, "transactions", transactionsCsv(db, filters));
    },
  );

  app.get(
    "/exports/users.csv",
    {
      schema: {
        tags: ["Admin"],
        summary: "The users as a CSV file, with the user list's filters and order",
        querystring: adminUserFiltersSchema,
        response: { 200: csvFile("The users"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      await recordAudit(db, auditActor(request), { action: "export.users", details: { filters } });
      return sendCsv(reply, "users", usersCsv(db, filters));
    },
  );
}

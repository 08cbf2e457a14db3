/** Video Recovery on /admin: re-check failed videos with the provider, or delete them. Decision 0022. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deletedFailedVideosSchema, recheckReportSchema } from "../../../shared/schemas/admin-recovery.js";
import { errors } from "../../http/route-contract.js";
import { auditActor } from "../audit/audit-log.js";
import { deleteFailedVideos, recheckFailedVideosAudited, type RecoveryDeps } from "./recovery-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminRecoveryRoutes(app: FastifyInstance, ctx: RecoveryDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/recheck-failed-videos",
    {
      schema: {
        tags: ["Admin"],
        summary: "Ask the provider again about the videos that failed in the last 24 hours",
        response: { 200: recheckReportSchema, ...errors(401, 403) },
      },
    },
    async (request) => recheckFailedVideosAudited(ctx, auditActor(request), request.log),
  );

  api.delete(
    "/delete-failed-videos",
    {
      schema: {
        tags: ["Admin"],
        summary: "Delete every failed video (their transactions stay)",
        response: { 200: deletedFailedVideosSchema, ...errors(401, 403) },
      },
    },
    async (request) => deleteFailedVideos(ctx.db, auditActor(request)),
  );
}

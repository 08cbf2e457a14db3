/** Video Recovery on /admin: re-check failed videos with the provider, or delete them. Decision 0022. */
import type { FastifyInstance } from "fastify";
import { adminVideosApi } from "../../../shared/api/admin-videos.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor } from "../audit/audit-log.js";
import { deleteFailedVideos, recheckFailedVideosAudited, type RecoveryDeps } from "./recovery-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminRecoveryRoutes(app: FastifyInstance, ctx: RecoveryDeps): Promise<void> {
  // A re-check takes back the refund of a video found finished after all: money, so a recent second
  // factor (decision 0129).
  serve(app, adminVideosApi.recheckFailed, STEP_UP, async (request) =>
    recheckFailedVideosAudited(ctx, auditActor(request), request.log),
  );
  serve(app, adminVideosApi.deleteFailed, {}, async (request) => deleteFailedVideos(ctx.db, auditActor(request)));
}

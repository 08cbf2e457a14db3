/** Video Recovery on /admin: re-check failed videos with the provider, or delete them. Decision 0022. */
import type { FastifyInstance } from "fastify";
import type { VideoContext } from "../videos/context.js";
import { deleteFailedVideos, recheckFailedVideos } from "./recovery-service.js";

/** Admin only: the /api/admin prefix is guarded in http/session-auth.ts. */
export async function adminRecoveryRoutes(app: FastifyInstance, opts: { ctx: VideoContext }): Promise<void> {
  const { ctx } = opts;

  app.post("/api/admin/recheck-failed-videos", async (request) => recheckFailedVideos(ctx, request.log));

  app.delete("/api/admin/delete-failed-videos", async () => deleteFailedVideos(ctx.db));
}

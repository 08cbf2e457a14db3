/** Video Recovery on /admin: re-check failed videos with the provider, or delete them. Decision 0022. */
import type { FastifyInstance } from "fastify";
import type { VideoContext } from "../videos/context.js";
import { deleteFailedVideos, recheckFailedVideos } from "./recovery-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminRecoveryRoutes(app: FastifyInstance, opts: { ctx: VideoContext }): Promise<void> {
  const { ctx } = opts;

  app.post("/recheck-failed-videos", async (request) => recheckFailedVideos(ctx, request.log));

  app.delete("/delete-failed-videos", async () => deleteFailedVideos(ctx.db));
}

/**
 * A first frame made from text (issue 71, decision 0161): POST /api/first-frames starts one at the
 * web price (the web app's own, like a video), GET /api/first-frames/:id reads one of your own.
 */
import type { FastifyInstance } from "fastify";
import { firstFramesApi } from "../../../shared/api/first-frames.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { readFirstFrame, startFirstFrame, type FirstFrameDeps } from "./first-frame-service.js";

export async function firstFrameRoutes(app: FastifyInstance, opts: { firstFrames: FirstFrameDeps }): Promise<void> {
  const deps = opts.firstFrames;
  serve(app, firstFramesApi.create, { access: "user", webPrice: true }, async (request, reply) => {
    const user = requireUser(request);
    return reply.status(202).send(await startFirstFrame(deps, user.id, request.body));
  });
  serve(app, firstFramesApi.get, { access: "user" }, async (request) =>
    readFirstFrame(deps.db, deps.uploads, requireUser(request).id, request.params.id),
  );
}

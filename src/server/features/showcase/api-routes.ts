/**
 * The showcase's API (decision 0081): GET /api/showcase for everyone, and under /api/admin
 * (registered in the admin scope, http/admin-scope.ts) the admin's choice and its save, and each
 * model's sample (decision 0166).
 */
import type { FastifyInstance } from "fastify";
import { showcaseApi } from "../../../shared/api/showcase.js";
import { serve } from "../../http/route-contract.js";
import { auditActor } from "../audit/audit-log.js";
import { readAdminShowcase, readShowcase, saveModelSample, saveShowcase, type ShowcaseDeps } from "./service.js";

export async function showcaseApiRoutes(app: FastifyInstance, deps: ShowcaseDeps): Promise<void> {
  serve(app, showcaseApi.current, { access: "public" }, async (_request, reply) => {
    // The admin's changes (and a customer's unsharing) must show at once: caches ask again each time.
    reply.header("cache-control", "no-cache");
    return readShowcase(deps);
  });
}

/** Admin only: the scope demands an admin (401 signed out, 403 otherwise). */
export async function adminShowcaseRoutes(app: FastifyInstance, deps: ShowcaseDeps): Promise<void> {
  serve(app, showcaseApi.adminRead, {}, async () => readAdminShowcase(deps));
  serve(app, showcaseApi.adminSave, {}, async (request) => saveShowcase(deps, request.body, auditActor(request)));
  serve(app, showcaseApi.adminSaveModelSample, {}, async (request) =>
    saveModelSample(deps, request.params.model, request.body.taskId, auditActor(request)),
  );
}

/**
 * The admin API: one plugin scope under /api/admin whose every route is "admin" (a route there
 * declaring anything else fails at start-up) and whose unknown paths answer 401/403 like its
 * routes before any 404, so nothing under the prefix answers a non-admin (decision 0032).
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.js";
import type { FreshCache } from "../events/fresh-cache.js";
import type { SessionRow } from "../identity/sessions.js";
import { apiNotFound } from "./not-found.js";
import { useScopeAccess } from "./route-access.js";
import { loadSessionUser, requireAdmin } from "./session-auth.js";

export const ADMIN_PREFIX = "/api/admin";

export function adminScope(
  opts: { db: Db; caches: { sessions: FreshCache<SessionRow> } },
  routes: (admin: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (admin) => {
    useScopeAccess(admin, "admin");
    admin.addHook("onRequest", async (request) => {
      await loadSessionUser(request, opts.db, opts.caches.sessions);
      requireAdmin(request);
    });
    admin.setNotFoundHandler(apiNotFound);
    await routes(admin);
  };
}

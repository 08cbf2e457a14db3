/**
 * What answers a path no route serves: unknown API paths (under /api/) get a JSON 404; with the web app built,
 * page paths get index.html, with 200 for routes the app has and 404 for others (so the app's
 * 404 page shows with the right status).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isSpaRoute } from "../../shared/routes.js";

export function registerNotFoundHandler(app: FastifyInstance, indexHtml: string | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = indexHtml !== undefined && (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!isPage) return apiNotFound(request, reply);
    return reply
      .status(isSpaRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}

/** The JSON 404 of an unknown API path. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split("?")[0] ?? "/"}`, code: "not_found" });
}

/**
 * What answers a path no route serves: unknown API paths (under /api/) get a JSON 404; with the web app built,
 * page paths get their document, with 200 for routes the app has and 404 for others (so the app's
 * 404 page shows with the right status). The document is in the person's language (decision
 * 0056); /en and /vi are the landing page in theirs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { landingPathLocale } from "../../shared/i18n.js";
import { isSpaRoute } from "../../shared/routes.js";
import { pageLocale, type PageDocuments } from "./page-documents.js";

export function registerNotFoundHandler(app: FastifyInstance, documents: PageDocuments | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      documents !== undefined &&
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/");
    if (!isPage) return apiNotFound(request, reply);
    const named = landingPathLocale(pathname);
    if (named) return sendDocument(reply, 200, documents.landing(named));
    // Every other page's document depends on the cookie and the browser's languages.
    reply.header("vary", "Cookie, Accept-Language");
    const locale = pageLocale(request);
    if (pathname === "/") return sendDocument(reply, 200, documents.landing(locale));
    return sendDocument(reply, isSpaRoute(pathname) ? 200 : 404, documents.page(locale, pathname));
  });
}

function sendDocument(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
}

/** The JSON 404 of an unknown API path. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ message: `Not found: ${request.method} ${request.url.split("?")[0] ?? "/"}`, code: "not_found" });
}

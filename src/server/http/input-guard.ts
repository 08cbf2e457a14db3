/**
 * Text the database cannot store is refused before any route sees it: a NUL character, or a
 * lone UTF-16 surrogate (JSON's "\ud800", which no UTF-8 text can hold). Checked on every
 * route's parsed body, query and path parameters, so no route can forget it (decision 0032).
 * A path longer than any route can use is refused first of all, with 414 (decision 0061).
 */
import type { FastifyInstance } from "fastify";
import { reasoned } from "../../shared/error-reasons.js";
import { AppError, badRequest, unstorableTextMessage } from "./errors.js";

/**
 * The longest path (the URL before `?`) worth looking at. The longest a route can match is about
 * 250 characters (two parameters at Fastify's maxParamLength of 100); pages and files are under
 * 60. The query is not counted: signed media links, Google's and Creem's returns carry long ones,
 * and Node's 16 KB header limit bounds it.
 */
export const PATH_MAX = 1024;
const PATH_TOO_LONG_MESSAGE = `This address is too long: no page or API route has a path over ${PATH_MAX} characters`;

const MAX_DEPTH = 32;
/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where in the input the first unstorable string is ("body.prompt", "params.taskId"), if any. */
export function findUnstorableText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") || LONE_SURROGATE.test(value) ? where : undefined;
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const bad =
      findUnstorableText(key, where, depth + 1) ??
      findUnstorableText(item, Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  // Before the session, the cookies and the not-found handler do anything with the path.
  // Both checks are synchronous, so they are callback hooks: every request skips a promise each.
  app.addHook("onRequest", (request, _reply, done) => {
    const query = request.url.indexOf("?");
    if ((query === -1 ? request.url.length : query) > PATH_MAX) {
      throw new AppError("address_too_long", PATH_TOO_LONG_MESSAGE, reasoned("path_too_long"));
    }
    done();
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const bad =
      findUnstorableText(request.params, "params") ??
      findUnstorableText(request.query, "query") ??
      findUnstorableText(request.body, "body");
    if (bad) throw badRequest(unstorableTextMessage(bad), "unstorable_text");
    done();
  });
}

/**
 * Text the database cannot store is refused before any route sees it: a NUL character, or a
 * lone UTF-16 surrogate (JSON's "\ud800", which no UTF-8 text can hold). Checked on every
 * route's parsed body, query and path parameters, so no route can forget it (decision 0032).
 */
import type { FastifyInstance } from "fastify";
import { badRequest, unstorableTextMessage } from "./errors.js";

const MAX_DEPTH = 32;
/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where in the input the first unstorable string is ("body.prompt", "params.taskId"), if any. */
export function findUnstorableText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") || LONE_SURROGATE.test(value) ? where : undefined;
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const bad = findUnstorableText(key, where, depth + 1) ?? findUnstorableText(item, Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const bad = findUnstorableText(request.params, "params") ?? findUnstorableText(request.query, "query") ?? findUnstorableText(request.body, "body");
    if (bad) throw badRequest(unstorableTextMessage(bad), "unstorable_text");
  });
}

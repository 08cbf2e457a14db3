/**
 * JSON bodies. An empty body with a JSON content type is accepted as "no body" (the web client
 * posts logout that way); malformed JSON is a 400 with a plain message.
 */
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest("Request body is not valid JSON"), undefined);
    }
  });
}

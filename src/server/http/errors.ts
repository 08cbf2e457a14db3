/** One error vocabulary: throw an AppError anywhere; the handler turns it into `{message}`. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields for the body, e.g. a payment error's `suggestion`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = "Authentication required") => new AppError(401, message);
export const forbidden = (message = "Admin access required") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** Parses input with a zod schema; the first problem becomes a 400 with its message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : undefined;
  // zod's own wording ("Invalid input: expected string, received number") gets the field name.
  const message = issue?.message ?? "Invalid request";
  throw badRequest(field && message.startsWith("Invalid input") ? `${field}: ${message}` : message);
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send JSON with Content-Type: application/json",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
};

/**
 * Errors the router raises before any route or hook runs (an undecodable address, a path part
 * longer than maxParamLength): the same `{message}` shape, plus `success: false` on the
 * automation API, whose hooks never see these requests. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
  const message = tooLong ? "This address is too long: check the id in the URL" : "This address is not valid: check the URL";
  const automation = request.url.startsWith("/api/n8n/");
  void reply.status(tooLong ? 414 : 400).send(automation ? { success: false, message } : { message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).headers(err.headers).send({ ...err.extra, message: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: FRAMEWORK_MESSAGES[err.code] ?? err.message });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ message: "Internal server error", requestId: request.id });
  });

}

/**
 * One error vocabulary: throw an AppError anywhere; the handler turns it into `{message, code}`
 * (the automation API adds `success: false`). Codes and their statuses: shared/error-codes.ts.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { codeForStatus, ERROR_STATUS, type ErrorCode } from "../../shared/error-codes.js";
import type { z } from "zod";
import { pgErrorOf } from "../db/connect.js";
import { isDatabaseUnreachable, OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS, OutageLog } from "../db/outage.js";
import { reasoned, type ErrorParams, type ErrorReason } from "../../shared/error-reasons.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether this process is in a database outage, so it is logged once (decision 0057). */
    databaseOutage: OutageLog;
  }
}

/** character_not_in_repertoire (a NUL), untranslatable_character. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

/** What an error carries besides its code and message: its answer's headers and the body's extra fields. */
export interface AppErrorOptions {
  headers?: Record<string, string>;
  /** A finer key where one code covers several situations (`reasoned(...)` gives it with its params). */
  reason?: ErrorReason;
  params?: ErrorParams;
  /** What to do next (payment errors). */
  suggestion?: string;
  /** Quote it when reporting an internal error. */
  requestId?: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body's fields beside `message` and `code`. */
  readonly extra: Omit<AppErrorOptions, "headers">;
  constructor(
    readonly code: ErrorCode,
    message: string,
    { headers = {}, ...extra }: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
    this.headers = headers;
    this.extra = extra;
  }
}

/** `where` is "body.prompt", "params.taskId"... or "" when unknown. */
export function unstorableTextMessage(where: string): string {
  const field = where.replace(/^(body|query|params)\.?/, "");
  return `${field ? `${field}: ` : ""}Text cannot contain NUL characters or broken Unicode. Remove them and try again.`;
}

export const badRequest = (message: string, code: ErrorCode = "invalid_input") => new AppError(code, message);
export const unauthorized = (message = "Authentication required", code: ErrorCode = "not_signed_in") =>
  new AppError(code, message);
export const forbidden = (message = "Admin access required", code: ErrorCode = "admin_required") =>
  new AppError(code, message);
export const notFound = (message = "Not found") => new AppError("not_found", message);
export const conflict = (message: string) => new AppError("conflict", message);

/** The 400 for input a zod schema refused: the first problem, named by its field when zod's wording does not. */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : undefined;
  // zod's own wording ("Invalid input: expected string, received number") gets the field name.
  const message = issue?.message ?? "Invalid request";
  return badRequest(field && message.startsWith("Invalid input") ? `${field}: ${message}` : message);
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send JSON with Content-Type: application/json",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
};

/**
 * Errors the router raises before any route or hook runs (an undecodable address, a path part
 * longer than maxParamLength): the same shape as every other error, plus `success: false` on the
 * automation API, whose hooks never see these requests. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
  const body = tooLong
    ? { message: "This address is too long: check the id in the URL", code: "address_too_long" as const }
    : { message: "This address is not valid: check the URL", code: "invalid_address" as const };
  const automation = request.url.startsWith("/api/n8n/");
  void reply.status(ERROR_STATUS[body.code]).send(automation ? { success: false, ...body } : body);
}

/** What any thrown error answers: an AppError as it says; an unreachable database 503; anything unexpected a logged 500. */
export function toAppError(err: FastifyError | AppError, request: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnreachable(err)) {
    // Once per outage, not once per request (decision 0057).
    if (request.server.databaseOutage.down())
      request.log.warn({ err }, "database unreachable: answering 503 until a connection is made again");
    return new AppError("service_unavailable", OUTAGE_MESSAGE, {
      headers: { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) },
      ...reasoned("database_unavailable"),
    });
  }
  // Text the database cannot store, should it get past the input guard: the caller's mistake.
  if (UNSTORABLE_TEXT.has(pgErrorOf(err)?.code ?? ""))
    return new AppError("unstorable_text", unstorableTextMessage(""));
  const status = err.statusCode ?? 500;
  if (status < 500) return new AppError(codeForStatus(status), FRAMEWORK_MESSAGES[err.code] ?? err.message);
  // The error's class and SQLSTATE, never bound values (logger.ts); the request id is on the line.
  request.log.error({ err, route: request.routeOptions.url, method: request.method }, "unhandled error");
  return new AppError("internal_error", "Internal server error", { requestId: request.id });
}

/** The body of an error: `{message, code}` and the error's extra fields (a suggestion, a request id). */
export function errorBody(err: AppError): Record<string, unknown> {
  return { ...err.extra, message: err.message, code: err.code };
}

/**
 * The web API's error handler; a scope with another shape (the automation API) sets its own with
 * toAppError. `onDatabaseConnect` tells when a database outage is over.
 */
export function registerErrorHandler(app: FastifyInstance, onDatabaseConnect?: (listener: () => void) => void): void {
  const outage = new OutageLog();
  app.decorate("databaseOutage", outage);
  onDatabaseConnect?.(() => {
    const since = outage.up();
    if (since) app.log.info({ since }, "database reachable again");
  });
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const error = toAppError(err, request);
    return reply.status(error.status).headers(error.headers).send(errorBody(error));
  });
}

import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "./config.js";
import { pgErrorOf } from "./db/connect.js";

/** Credentials never reach the logs, whatever a later change decides to log. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.secret",
];

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
}

/**
 * How an error is logged. A database error says which statement class failed, never the SQL's
 * bound values (prompts, token hashes, encrypted keys) that drizzle puts in its message and
 * `params`, nor the driver's message (it can quote a value): its class, SQLSTATE, constraint and
 * the stack frames only.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const database = pgErrorOf(err);
  const fromQuery = "params" in err || "query" in err;
  if (!database && !fromQuery) return pino.stdSerializers.err(err);
  const frames = (err.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const logged: LoggedError = {
    type: err.constructor.name,
    message: `Database error${database?.code ? ` ${database.code}` : ""} (statement and values withheld)`,
    stack: frames.join("\n"),
  };
  if (database?.code) logged.code = database.code;
  if (database?.constraint) logged.constraint = database.constraint;
  return logged;
}

/**
 * JSON lines (for machines: production, CI, a log shipper), or, for a person at a terminal,
 * pino-pretty's coloured one-liners. "auto" picks by whether the output is a terminal.
 */
export function createLogger(config: Pick<Config, "logLevel"> & Partial<Pick<Config, "logFormat">>, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } };
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? "json";
  if (format === "pretty" || (format === "auto" && process.stdout.isTTY)) {
    return pino(options, pretty({ colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }));
  }
  return pino(options);
}

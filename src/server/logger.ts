import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";
import type { Config } from "./config.js";
import { pgErrorOf } from "./db/connect.js";
import { withoutTrailingSlashes } from "../shared/trim.js";

/** Credentials never reach the logs, whatever a later change decides to log. */
const REDACT_PATHS = ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'];
/**
 * Fields that hold a secret one level down in anything logged (`{ body: { password } }`): what
 * pino's redaction matched as "*.password" and the like. Pino's wildcard paths put every value of
 * every line through the redactor, which tripled a request's log lines' cost, so these are
 * replaced in one pass over the logged object instead (decision 0122).
 */
const SECRET_FIELDS = new Set(["password", "currentPassword", "newPassword", "token", "secret"]);

/**
 * Query parameters whose value opens something: a signed media URL's `signature` and `share`,
 * Google's `code` and `state`, and anything named like a token, key, secret or password. Their
 * values never reach the logs; the other parameters (pages, filters) stay readable.
 */
const SECRET_PARAM =
  /^(?:code|state|share|sig|signature|key|apikey|api_key|auth|session|sid|payerid|x-amz-credential)$|token|secret|password|signature/i;
/** Paths whose next segment is itself the secret: a share link (`/v/<share id>`, share-service.ts). */
export const SECRET_PATH_PREFIXES = ["/v/"];
/**
 * Short parameter names that are a secret on one path only: the one-click unsubscribe link's
 * signature `t` (features/mail/unsubscribe.ts), on the API and on the page it opens.
 */
const SECRET_PARAMS_OF_PATH: Record<string, readonly string[]> = {
  "/api/mail/unsubscribe": ["t"],
  "/unsubscribe": ["t"],
};
const REDACTED = "[redacted]";

/** `value` with its secret fields replaced: a copy when it has one, else `value` itself. */
function withoutSecretFields(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (SECRET_FIELDS.has(key)) (copy ??= { ...value })[key] = REDACTED;
  }
  return copy ?? value;
}

/**
 * A line's fields (or a logger's bindings) without secret fields one level down. The fields with a
 * serializer are left to it: its output is cleaned (SERIALIZERS).
 */
function withoutSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key of Object.keys(fields)) {
    if (Object.hasOwn(SERIALIZERS, key)) continue;
    const value = fields[key];
    const clean = withoutSecretFields(value);
    if (clean !== value) {
      if (out === fields) out = { ...fields };
      out[key] = clean;
    }
  }
  return out;
}

/** The URL as it may be logged: the path and harmless parameters as they came, the secrets cut out. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const prefix = SECRET_PATH_PREFIXES.find((p) => pathname.startsWith(p));
  if (prefix) {
    const end = pathname.indexOf("/", prefix.length);
    pathname = `${prefix}${REDACTED}${end === -1 ? "" : pathname.slice(end)}`;
  }
  if (queryAt === -1) return pathname;
  const secretHere = SECRET_PARAMS_OF_PATH[withoutTrailingSlashes(pathname)] ?? [];
  const pairs = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const decoded = decodedName(name);
      return SECRET_PARAM.test(decoded) || secretHere.includes(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${pathname}?${pairs.join("&")}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  headers?: Record<string, string | string[] | undefined>;
}

/** Fastify's own request serializer, its URL redacted (issue 36: signed links and OAuth codes were logged whole). */
function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.["accept-version"],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

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

/** How `err` and `req` are logged, each serialized form then cleaned of secret fields. */
const SERIALIZERS = {
  err: (err: unknown) => withoutSecretFields(serializeError(err)),
  req: (req: LoggedRequest) => withoutSecretFields(serializeRequest(req)),
};

/**
 * JSON lines (for machines: production, CI, a log shipper), or, for a person at a terminal,
 * pino-pretty's coloured one-liners. "auto" picks by whether the output is a terminal.
 */
export function createLogger(
  config: Pick<Config, "logLevel"> & Partial<Pick<Config, "logFormat">>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    formatters: { log: withoutSecrets },
    serializers: SERIALIZERS,
  };
  return withoutSecretBindings(openLogger(config, options, destination));
}

function openLogger(
  config: Partial<Pick<Config, "logFormat">>,
  options: LoggerOptions,
  destination: DestinationStream | undefined,
): Logger {
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? "json";
  if (format === "pretty" || (format === "auto" && process.stdout.isTTY)) {
    return pino(
      options,
      pretty({ colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }),
    );
  }
  return pino(options);
}

/**
 * A child's bindings lose their secret fields too. Pino gives a child none of the root's bindings
 * formatter, but makes it with Object.create(parent): a `child` set on the root is every
 * descendant's.
 */
function withoutSecretBindings(logger: Logger): Logger {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each logger's own this
  const child = logger.child;
  logger.child = function (this: Logger, bindings, childOptions) {
    return child.call(this, withoutSecrets(bindings), childOptions);
  } as Logger["child"];
  return logger;
}

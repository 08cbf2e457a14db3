/**
 * `request.log`, made on its first message (decision 0121). Fastify gives every request a pino
 * child bound to its reqId, its bindings stringified and cleaned of secrets (logger.ts) as it is
 * made. At the usual levels most requests write nothing, so the child is made, with the same
 * bindings and options, only when a message at an enabled level is written or the logger is asked
 * for more than its level.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import { levels, type Bindings, type ChildLoggerOptions, type LogFn } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;
type Level = (typeof LEVELS)[number];

/** A level's number (pino's), Infinity for "silent" or a level pino does not know. */
function levelValue(level: string): number {
  return levels.values[level] ?? Infinity;
}

class LazyRequestLogger implements FastifyBaseLogger {
  // On the prototype (below): a request's logger is one small object.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The real child, made once. */
  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  write(level: Level, args: Parameters<LogFn>): void {
    // Below the level nothing is written, and no child is needed to know it.
    if (this.#child === undefined && levelValue(level) < levelValue(this.level)) return;
    this.real[level](...args);
  }
}

for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: Parameters<LogFn>) {
    this.write(level, args);
  };
}

/** Fastify's `childLoggerFactory`: each request's logger, made when it first writes. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);

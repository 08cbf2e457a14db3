/**
 * A database that cannot be reached (issue 25): its errors are told apart from the others, so a
 * request answers 503 with Retry-After and a sentence a person can act on instead of a 500, and
 * the outage is logged once, not once per request (decision 0057).
 */

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** SQLSTATEs of a server going away or refusing connections: class 08, shutdowns, "cannot connect now", too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What node-postgres says when a connection ends or cannot be had in time. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/i;

/** True when `err` (or an error it wraps: drizzle wraps the driver's) says the database cannot be reached. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
export const OUTAGE_MESSAGE = "The service is briefly unavailable, please try again in a moment.";

/**
 * Whether this process is in an outage, so that it is logged once: `down()` answers true for the
 * first failure of an outage only; `up()` (a new connection to the database was made) ends it,
 * answering when it began, and the next `down()` starts a new one.
 */
export class OutageLog {
  private since: Date | null = null;

  down(): boolean {
    if (this.since) return false;
    this.since = new Date();
    return true;
  }

  up(): Date | null {
    const since = this.since;
    this.since = null;
    return since;
  }
}

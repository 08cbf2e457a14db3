/**
 * What start-up says when it cannot go on (issue 65 §4, decision 0127): one or two lines saying
 * what is wrong and what to do. The stack trace is for LOG_LEVEL=debug (or trace) only.
 */
import { ConfigError } from "./config.js";
import { pgErrorOf } from "./db/connect.js";
import { StartupError } from "./lib/startup-error.js";

export interface StartupContext {
  port?: number;
  host?: string;
  dataDir?: string;
  /** DATABASE_URL, when set: only its host, port, user and database are ever shown. */
  databaseUrl?: string;
}

interface SystemError {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
  message?: string;
  errors?: SystemError[];
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "its name could not be looked up",
  ETIMEDOUT: "no answer",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "the connection was cut",
};

const CANNOT_WRITE: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "not permitted",
  EROFS: "a read-only file system",
  ENOSPC: "the disk is full",
  ENOTDIR: "a file is where a folder should be",
  EEXIST: "a file is where a folder should be",
};

/** The lines to print for `err`, without a trailing newline. */
export function startupFailureMessage(err: unknown, context: StartupContext): string {
  if (err instanceof ConfigError || err instanceof StartupError) return err.message;
  const system = (err ?? {}) as SystemError;
  const code = system.code ?? system.errors?.[0]?.code;
  if (system.syscall === "listen" || system.syscall === "bind") return listenFailure(code, context) ?? generic(err);
  const database = databaseFailure(err, code, context);
  if (database) return database;
  if (code && CANNOT_WRITE[code] && system.path)
    return `Cannot write ${system.path} (${CANNOT_WRITE[code]}).\nDATA_DIR${context.dataDir ? ` (${context.dataDir})` : ""} must be a folder this user may write: give it to this user, or set DATA_DIR to another folder.`;
  return generic(err);
}

function listenFailure(code: string | undefined, { port, host }: StartupContext): string | undefined {
  if (code === "EADDRINUSE")
    return `Port ${port} is in use by another program${host ? ` on ${host}` : ""}: stop that program, or set PORT to a free port.`;
  if (code === "EACCES")
    return `This user may not listen on port ${port}: set PORT to 1024 or above (with a reverse proxy in front, docs/deploy.md).`;
  if (code === "EADDRNOTAVAIL")
    return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 for all of them or 127.0.0.1 for this machine only.`;
  return undefined;
}

/** Where DATABASE_URL points, without its password. */
function databaseTarget(url: string): { place: string; user: string; name: string } {
  try {
    const parsed = new URL(url);
    return {
      place: `${parsed.hostname}:${parsed.port || "5432"}`,
      user: decodeURIComponent(parsed.username) || "(none)",
      name: decodeURIComponent(parsed.pathname.slice(1)) || "(default)",
    };
  } catch {
    return { place: "DATABASE_URL", user: "(unknown)", name: "(unknown)" };
  }
}

function databaseFailure(err: unknown, code: string | undefined, context: StartupContext): string | undefined {
  if (!context.databaseUrl) return undefined;
  const { place, user, name } = databaseTarget(context.databaseUrl);
  if (code && UNREACHABLE[code])
    return `Cannot reach the database at ${place} (${UNREACHABLE[code]}): check DATABASE_URL, and that PostgreSQL runs there and accepts connections.`;
  const pg = pgErrorOf(err)?.code;
  if (pg === "28P01" || pg === "28000")
    return `The database at ${place} refused user ${user} (${(err as Error).message}): check the user and password in DATABASE_URL.`;
  if (pg === "3D000")
    return `There is no database ${name} at ${place}: create it (createdb ${name}), or name another in DATABASE_URL.`;
  return undefined;
}

function generic(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `Veo Studio could not start: ${message.split("\n")[0]}\nStart it with LOG_LEVEL=debug to see where.`;
}

import { pino, type Logger } from "pino";
import type { Config } from "./config.js";

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

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: "[redacted]" } });
}

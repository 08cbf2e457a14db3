/**
 * Secrets never reach the logs (decision 0122): a field named password, currentPassword,
 * newPassword, token or secret one level down in anything logged, and the request's and answer's
 * credential headers. The logger now replaces the secret fields itself; every line must still read
 * exactly as pino's own redaction of the same paths wrote it.
 */
import fc from "fast-check";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger, serializeError } from "../../src/server/logger.js";
import { keptLogLines } from "../helpers/log-lines.js";

const PINO_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.secret",
];

/** A line without its time: the two loggers write the same line a millisecond apart. */
const untimed = ({ time: _time, ...rest }: Record<string, unknown>) => rest;

/** pino's redaction of the same paths: what every line read like before decision 0122. */
function pinoRedacting() {
  const { lines, stream } = keptLogLines();
  const logger = pino(
    { level: "info", redact: { paths: PINO_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } },
    stream,
  );
  return { logger, lines };
}

function ours() {
  const { lines, stream } = keptLogLines();
  return { logger: createLogger({ logLevel: "info" }, stream), lines };
}

const KEYS = [
  "a",
  "body",
  "user",
  "res",
  "headers",
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "secret",
  "tokens",
  "Password",
];
const { value: loggedValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 4, noNullPrototype: true }),
  ),
}));
const fields = fc.dictionary(fc.constantFrom(...KEYS), loggedValue, { maxKeys: 5, noNullPrototype: true });

describe("log redaction", () => {
  it("writes every line as pino's redaction of the same paths did", () => {
    fc.assert(
      fc.property(fields, fields, (logged, bindings) => {
        const before = pinoRedacting();
        const after = ours();
        before.logger.child(bindings).info(logged, "a line");
        after.logger.child(bindings).info(logged, "a line");
        expect(after.lines.map(untimed)).toEqual(before.lines.map(untimed));
      }),
      { numRuns: 400 },
    );
  });

  it("redacts the secrets one level down, the credential headers, and an error's own secret fields", () => {
    const { logger, lines } = ours();
    const failure = Object.assign(new Error("refused"), { token: "tok-123" });
    logger.info(
      {
        body: { password: "hunter2", newPassword: "n", currentPassword: "c", note: "kept" },
        account: { token: "t", secret: "s" },
        password: "top-level is not matched, as before",
        deep: { inner: { password: "two levels down is not matched, as before" } },
        req: { method: "POST", url: "/api/auth/login?token=abc", headers: { authorization: "Bearer x" } },
        res: { statusCode: 200, headers: { "set-cookie": "sid=abc" } },
        err: failure,
      },
      "secrets",
    );
    const [line] = lines;
    expect(line).toMatchObject({
      body: { password: "[redacted]", newPassword: "[redacted]", currentPassword: "[redacted]", note: "kept" },
      account: { token: "[redacted]", secret: "[redacted]" },
      password: "top-level is not matched, as before",
      deep: { inner: { password: "two levels down is not matched, as before" } },
      req: { method: "POST", url: "/api/auth/login?token=[redacted]" },
      res: { statusCode: 200, headers: { "set-cookie": "[redacted]" } },
      err: { message: "refused", token: "[redacted]" },
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|Bearer|sid=abc|tok-123/);
    // The logged objects themselves are left as they were.
    expect(failure.token).toBe("tok-123");
  });
});

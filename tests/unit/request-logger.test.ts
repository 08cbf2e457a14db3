/**
 * Each request's logger is made when it first writes (decision 0121): a request that logs nothing
 * makes no pino child, and one that does writes the same line, reqId and redaction included.
 */
import Fastify, { type FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyRequestLogger } from "../../src/server/http/request-logger.js";
import { createLogger } from "../../src/server/logger.js";
import { keptLogLines } from "../helpers/log-lines.js";

function capturedLogger(logLevel: "warn" | "info") {
  const { lines, stream } = keptLogLines();
  const logger = createLogger({ logLevel }, stream);
  const children = vi.spyOn(logger, "child");
  return { logger, lines, children };
}

async function appWith(logger: FastifyBaseLogger) {
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger });
  app.get("/quiet", async (request) => {
    request.log.info("below warn");
    request.log.debug("below warn too");
    return { ok: true };
  });
  app.get("/warns", async (request) => {
    request.log.warn({ body: { password: "hunter2" }, order: 7 }, "something odd");
    return { ok: true };
  });
  app.get("/debugs", { logLevel: "debug" }, async (request) => {
    request.log.debug("asked for by the route");
    return { ok: true };
  });
  app.get("/nested", async (request) => {
    request.log.child({ job: "resize" }).warn("from a child");
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe("the request logger", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("makes no child for a request that writes nothing at its level", async () => {
    const { logger, lines, children } = capturedLogger("warn");
    const app = await appWith(logger);
    close = () => app.close();
    children.mockClear(); // Fastify's own, made at start
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: "/quiet" })).statusCode).toBe(200);
    expect(children).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("writes a message at its level with the request's id, redacted as before", async () => {
    const { logger, lines, children } = capturedLogger("warn");
    const app = await appWith(logger);
    close = () => app.close();
    children.mockClear();
    const first = await app.inject({ url: "/warns" });
    await app.inject({ url: "/warns" });
    expect(first.statusCode).toBe(200);
    expect(children).toHaveBeenCalledTimes(2);
    const written = lines.filter((l) => l.msg === "something odd");
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ level: 40, reqId: "req-1", order: 7, body: { password: "[redacted]" } });
    expect(written[1]).toMatchObject({ reqId: "req-2" });
  });

  it("keeps a route's own level, and Fastify's request lines at info", async () => {
    const { logger, lines } = capturedLogger("warn");
    const app = await appWith(logger);
    close = () => app.close();
    await app.inject({ url: "/debugs" });
    expect(lines.find((l) => l.msg === "asked for by the route")).toMatchObject({ level: 20, reqId: "req-1" });

    const verbose = capturedLogger("info");
    const chatty = await appWith(verbose.logger);
    await chatty.inject({ url: "/quiet" });
    await chatty.close();
    const messages = verbose.lines.map((l) => [l.msg, l.reqId]);
    expect(messages).toEqual([
      ["incoming request", "req-1"],
      ["below warn", "req-1"],
      ["request completed", "req-1"],
    ]);
  });

  it("gives a child of the request's logger both bindings, and reads and sets the level", async () => {
    const { logger, lines } = capturedLogger("warn");
    const app = await appWith(logger);
    close = () => app.close();
    await app.inject({ url: "/nested" });
    expect(lines.find((l) => l.msg === "from a child")).toMatchObject({ reqId: "req-1", job: "resize" });

    const parent = capturedLogger("warn");
    const log = lazyRequestLogger.call(app, parent.logger, { reqId: "r" }, {}, {} as never);
    expect(log.level).toBe("warn");
    expect(parent.children).not.toHaveBeenCalled();
    log.level = "debug";
    log.debug("now written");
    expect(parent.lines.find((l) => l.msg === "now written")).toMatchObject({ reqId: "r", level: 20 });
    expect(parent.logger.level).toBe("warn");
  });
});

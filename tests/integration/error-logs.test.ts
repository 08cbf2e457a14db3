/** Error logs carry the error's class and SQLSTATE, never the statement's bound values (issue 18, point 8). */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { createLogger } from "../../src/server/logger.js";
import { createTestDatabase } from "../helpers/test-db.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: createLogger({ logLevel: "info" }, stream), lines };
}

describe("error logs", () => {
  it("a failed query is logged with its class and code, without the values it was given", async () => {
    const secret = "prompt-or-token-hash-7f3a9c";
    const err = await database.db.execute(sql`select ${secret}::integer`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    // What drizzle's own message carries: the statement and its parameters.
    expect(String((err as Error).message)).toContain(secret);

    const { logger, lines } = capture();
    logger.error({ err, route: "/api/generate-video" }, "unhandled error");
    const logged = JSON.parse(lines.join("")) as {
      err: { type: string; code?: string; message: string; stack: string };
      route: string;
    };
    expect(lines.join("")).not.toContain(secret);
    expect(logged.err.code).toBe("22P02");
    expect(logged.err.message).toContain("22P02");
    expect(logged.err.type).toMatch(/Error/);
    expect(logged.err.stack).toContain("    at ");
    expect(logged.route).toBe("/api/generate-video");
  });

  it("other errors keep their message and stack", () => {
    const { logger, lines } = capture();
    logger.error({ err: new TypeError("cannot read x") }, "boom");
    const logged = JSON.parse(lines.join("")) as { err: { type: string; message: string } };
    expect(logged.err).toMatchObject({ type: "TypeError", message: "cannot read x" });
  });
});

/**
 * Logs a person can read at a terminal, JSON lines for machines (issue 25, decision 0058): the
 * logger of a real process, its output piped (as a log shipper sees it) or forced to pretty.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function logOnce(env: Record<string, string>): string {
  const script = `const { createLogger } = await import("./src/server/logger.ts"); createLogger({ logLevel: "info", logFormat: process.env.LOG_FORMAT }).info({ taskId: "t1" }, "video ready");`;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
}

describe("the log format", () => {
  it("is JSON lines when the output is not a terminal (auto) or when asked", () => {
    for (const format of ["auto", "json"]) {
      const line = JSON.parse(logOnce({ LOG_FORMAT: format }).trim()) as { msg: string; taskId: string; level: number };
      expect(line).toMatchObject({ msg: "video ready", taskId: "t1", level: 30 });
    }
  });

  it("is one readable line per entry when pretty", () => {
    const out = logOnce({ LOG_FORMAT: "pretty" });
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: video ready\n\s+taskId: "t1"/);
    expect(() => JSON.parse(out)).toThrow();
  });
});

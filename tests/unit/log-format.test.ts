/**
 * Logs a person can read at a terminal, JSON lines for machines (issue 25, decision 0058): the
 * loggers of a real process, its output piped (as a log shipper sees it), one per format. One
 * process logs in all three (starting one with tsx costs a second or more).
 */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";

const FORMATS = ["auto", "json", "pretty"] as const;

/** What each format's logger wrote: one entry, its taskId the format's name. */
let output = "";
beforeAll(() => {
  const script = `const { createLogger } = await import("./src/server/logger.ts");
for (const logFormat of ${JSON.stringify(FORMATS)}) createLogger({ logLevel: "info", logFormat }).info({ taskId: logFormat }, "video ready");`;
  output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
});

/**
 * The three loggers write to one pipe, each through its own stream: on a loaded machine their
 * entries can arrive in any order, so each is told apart by its own shape, never by its place.
 */
function entries(): { json: unknown[]; pretty: string } {
  const lines = output.split("\n").filter((line) => line !== "");
  return {
    json: lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as unknown),
    pretty: `${lines.filter((line) => !line.startsWith("{")).join("\n")}\n`,
  };
}

describe("the log format", () => {
  it("is JSON lines when the output is not a terminal (auto) or when asked", () => {
    const { json } = entries();
    expect(json).toHaveLength(2);
    for (const taskId of ["auto", "json"])
      expect(json).toContainEqual(expect.objectContaining({ msg: "video ready", taskId, level: 30 }));
  });

  it("is one readable line per entry when pretty", () => {
    const { pretty } = entries();
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: video ready\n\s+taskId: "pretty"\n$/);
    expect(() => JSON.parse(pretty)).toThrow();
  });
});

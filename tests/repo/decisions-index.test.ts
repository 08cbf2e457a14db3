/**
 * The decisions index (issue 67 §5, decision 0138): docs/decisions/README.md is what
 * `npm run decisions:index` writes from the records; every record is in it once, under its number and
 * the title of its first heading, with the status its own `Status:` line gives; no line of it points
 * at a missing file; and what one record says of another (amends, supersedes) the other says back.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AREAS,
  DECISIONS_DIR,
  disagreements,
  readRecord,
  readRecords,
  renderIndex,
} from "../../scripts/decisions-index.mjs";

const index = fs.readFileSync(path.join(DECISIONS_DIR, "README.md"), "utf8");
const recordFiles = fs
  .readdirSync(DECISIONS_DIR)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .sort();
/** The index's record lines: `- [NNNN Title](file): status.` */
const indexLines = [...index.matchAll(/^- \[(\d{4}) (.+)\]\(([^)]+)\): (.+)\.$/gm)].map(
  ([, number, title, file, status]) => ({ number: number!, title: title!, file: file!, status: status! }),
);

describe("docs/decisions/README.md", () => {
  it("is what `npm run decisions:index` writes", () => {
    expect(index, "run `npm run decisions:index`").toBe(renderIndex(readRecords()));
  });

  it("lists every record once, with the number and title of its first heading", () => {
    expect(recordFiles.length).toBeGreaterThan(100);
    for (const file of recordFiles) {
      const heading = fs.readFileSync(path.join(DECISIONS_DIR, file), "utf8").split("\n")[0]!;
      const lines = indexLines.filter((l) => l.file === file);
      expect(lines, `${file} in the index`).toHaveLength(1);
      expect(`# ${lines[0]!.number} ${lines[0]!.title}`, file).toBe(heading);
      expect(file.startsWith(lines[0]!.number), file).toBe(true);
    }
    expect(indexLines).toHaveLength(recordFiles.length);
  });

  it("points only at files that exist", () => {
    const targets = [...index.matchAll(/\]\(([^)#\s]+)\)/g)].map(([, target]) => target!);
    expect(targets.length).toBeGreaterThan(recordFiles.length);
    for (const target of targets) expect(fs.existsSync(path.join(DECISIONS_DIR, target)), target).toBe(true);
  });

  it("gives each record the status its own Status line gives", () => {
    for (const file of recordFiles) {
      const statusLines = fs
        .readFileSync(path.join(DECISIONS_DIR, file), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("Status:"));
      expect(statusLines, `${file}: one Status line`).toHaveLength(1);
      const state = /^Status: (accepted|superseded by \d{4})\./.exec(statusLines[0]!)?.[1];
      expect(state, `${file}: ${statusLines[0]}`).toBeDefined();
      const listed = indexLines.find((l) => l.file === file)!.status.replace(/\[(\d{4})\]\([^)]+\)/g, "$1");
      expect(listed.split("; ")[0], file).toBe(state);
      const said = statusLines[0]!.replace(/^Status: [^.]+\./, "").toLowerCase();
      for (const sentence of said
        .split(".")
        .map((s) => s.trim())
        .filter(Boolean)) {
        expect(listed, `${file}: "${sentence}"`).toContain(sentence);
      }
    }
  });

  it("has records that agree on what changed what", () => {
    expect(disagreements(readRecords())).toEqual([]);
  });

  it("groups the records by areas that each hold one", () => {
    const areas = new Set(readRecords().map((r) => r.area));
    for (const area of Object.keys(AREAS)) expect(areas.has(area), area).toBe(true);
  });
});

describe("a decision record", () => {
  const record = (lines: string[]) => lines.join("\n");
  const good = ["# 0500 A title", "", "Area: money", "", "Context: ...", "", "Status: accepted."];

  it("is read for its number, title, area and status", () => {
    expect(readRecord("0500-a-title.md", record(good))).toMatchObject({
      number: "0500",
      title: "A title",
      area: "money",
      supersededBy: null,
    });
    const changed = good.with(-1, "Status: superseded by 0502. Amended by 0501. Supersedes part of 0400 and 0401.");
    expect(readRecord("0500-a-title.md", record(changed))).toMatchObject({
      supersededBy: "0502",
      amendedBy: ["0501"],
      supersedesPart: ["0400", "0401"],
    });
  });

  it("is refused without an area, with an unknown one, or without a status line it can read", () => {
    expect(() => readRecord("0500-a-title.md", record(good.filter((l) => !l.startsWith("Area:"))))).toThrow(
      /0500-a-title.md: 0 `Area:` lines/,
    );
    expect(() => readRecord("0500-a-title.md", record(good.with(2, "Area: everything")))).toThrow(/unknown area/);
    expect(() => readRecord("0500-a-title.md", record(good.slice(0, -1)))).toThrow(/0 `Status:` lines/);
    for (const status of ["Status: accepted", "Status: proposed.", "Status: accepted. Replaced by 0501."]) {
      expect(() => readRecord("0500-a-title.md", record(good.with(-1, status))), status).toThrow(/not a status line/);
    }
  });

  it("is refused when its heading's number is not its file's", () => {
    expect(() => readRecord("0501-a-title.md", record(good))).toThrow(/heading says 0500/);
    expect(() => readRecord("0500-a-title.md", record(good.with(0, "# 0500 — A title")))).toThrow(/first line/);
    expect(() => readRecord("0500-a-title.md", record(good.with(0, "# A title")))).toThrow(/first line/);
  });

  it("says back what another record says of it", () => {
    const later = readRecord("0501-b.md", record(good.with(0, "# 0501 B").with(-1, "Status: accepted. Amends 0500.")));
    const earlier = readRecord("0500-a-title.md", record(good));
    expect(disagreements([earlier, later])).toEqual(["0501 amends 0500, but 0500 does not say amended by 0501"]);
    const replaced = readRecord("0500-a-title.md", record(good.with(-1, "Status: superseded by 0501.")));
    expect(disagreements([replaced, readRecord("0501-b.md", record(good.with(0, "# 0501 B")))])).toEqual([
      "0500 is superseded by 0501, which does not say it supersedes it",
    ]);
  });
});

// The failed tests of a step's output, in a few lines: `npm test` prints them after its summary,
// so that the end of a CI log (often all a reader gets) names what failed and why, even when the
// failed step's whole output was printed minutes earlier, above another step's.
import { stripVTControlCharacters } from "node:util";

/** A failed test's heading: Vitest's "FAIL  project  file > test", Playwright's "  1) [project] › …". */
const HEADING = /^\s*(?:FAIL\s+\S|\d+\) \[)/;
/** The first line of its reason: an error's name and message, or Playwright's timeout. */
const REASON = /^\s*(?:[A-Z]\w*Error\b|Error\b|Test timeout\b|expect\()/;
const LONGEST = 200;

const clip = (line) => (line.length > LONGEST ? `${line.slice(0, LONGEST - 1)}…` : line);

/**
 * Up to `most` failed tests named in `output`, each as its heading and, when one follows within
 * a few lines, the first line of its reason. Repeated headings are named once.
 */
export function failureLines(output, most = 8) {
  const lines = stripVTControlCharacters(output).split(/\r?\n/);
  const seen = new Set();
  const found = [];
  lines.forEach((line, i) => {
    if (!HEADING.test(line)) return;
    const heading = line
      .slice(0, 1000)
      .replace(/─+\s*$/, "")
      .trim()
      .replace(/\s+/g, " ");
    if (seen.has(heading)) return;
    seen.add(heading);
    const reason = lines.slice(i + 1, i + 8).find((next) => REASON.test(next));
    found.push(reason ? `${clip(heading)}\n    ${clip(reason.trim())}` : clip(heading));
  });
  const shown = found.slice(0, most);
  if (found.length > most) shown.push(`… and ${found.length - most} more`);
  return shown;
}

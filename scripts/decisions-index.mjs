// The decisions index (decision 0138): docs/decisions/README.md is written from the records
// themselves. Each record `NNNN-slug.md` starts with `# NNNN Title`, says `Area: <area>` under it and
// ends with a `Status: ...` line; `npm run decisions:index` writes the index,
// `node scripts/decisions-index.mjs --check` only says whether it is up to date.
// tests/repo/decisions-index.test.ts checks the file is what this writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DECISIONS_DIR = path.join(root, "docs/decisions");

/** The areas, in the index's order: the value of a record's `Area:` line → the index's heading. */
export const AREAS = {
  money: "Money: credits, prices, payments, refunds",
  videos: "Videos: making, models, vendors, keeping and sharing",
  automation: "Automation API and webhooks",
  accounts: "Accounts and security",
  mail: "Mail and notifications",
  admin: "Admin",
  web: "Web app",
  server: "Server design",
  performance: "Performance",
  operations: "Operations",
  tooling: "Testing and tooling",
};

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const NUMBERS = /^\d{4}(?:(?:, | and )\d{4})*$/;
/** The sentences a status line may carry after its state, and what each one says of the others. */
const RELATIONS = [
  ["Amended by ", "amendedBy"],
  ["Amends ", "amends"],
  ["Superseded in part by ", "partlySupersededBy"],
  ["Supersedes part of ", "supersedesPart"],
  ["Supersedes ", "supersedes"],
];

/**
 * One record read from its file: number and title from its first heading, its area, and its status
 * line parsed. Throws, naming the file, when one of them is missing or not in the expected form.
 */
export function readRecord(file, text) {
  const fail = (what) => {
    throw new Error(`docs/decisions/${file}: ${what}`);
  };
  const number = RECORD_FILE.exec(file)?.[1] ?? fail("the name is not NNNN-slug.md");
  const lines = text.split("\n");
  const heading = /^# (\d{4}) ([^\s—–-].*)$/.exec(lines[0] ?? "") ?? fail("the first line is not `# NNNN Title`");
  if (heading[1] !== number) fail(`its heading says ${heading[1]}`);
  const areaLines = lines.filter((l) => l.startsWith("Area:"));
  if (areaLines.length !== 1) fail(`${areaLines.length} \`Area:\` lines instead of one`);
  const area = /^Area: ([a-z]+)$/.exec(areaLines[0])?.[1];
  if (!area || !(area in AREAS)) fail(`unknown area in "${areaLines[0]}" (one of ${Object.keys(AREAS).join(", ")})`);
  const statusLines = lines.filter((l) => l.startsWith("Status:"));
  if (statusLines.length !== 1) fail(`${statusLines.length} \`Status:\` lines instead of one`);
  const status = parseStatus(statusLines[0]) ?? fail(`"${statusLines[0]}" is not a status line this index reads`);
  return { number, title: heading[2], file, area, ...status };
}

/**
 * `Status: accepted.` or `Status: superseded by NNNN.`, then any of `Amended by NNNN[, NNNN and NNNN].`,
 * `Amends NNNN.`, `Superseded in part by NNNN.`, `Supersedes part of NNNN.`, `Supersedes NNNN.`
 */
function parseStatus(line) {
  const match = /^Status: (accepted|superseded by (\d{4}))\.((?: [^.]+\.)*)$/.exec(line);
  if (!match) return undefined;
  const relations = Object.fromEntries(RELATIONS.map(([, key]) => [key, []]));
  for (const sentence of match[3]
    .split(".")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const relation = RELATIONS.find(([words]) => sentence.startsWith(words));
    const numbers = relation && sentence.slice(relation[0].length);
    if (!relation || !NUMBERS.test(numbers)) return undefined;
    relations[relation[1]].push(...numbers.split(/, | and /));
  }
  return { supersededBy: match[2] ?? null, ...relations };
}

/** Every record of `dir`, by number. */
export function readRecords(dir = DECISIONS_DIR) {
  return fs
    .readdirSync(dir)
    .filter((f) => RECORD_FILE.test(f))
    .sort()
    .map((f) => readRecord(f, fs.readFileSync(path.join(dir, f), "utf8")));
}

/**
 * What the records say of each other that the other does not say back: "0131 amends 0033" needs
 * "0033 amended by 0131", and the other way round. Empty when they agree.
 */
export function disagreements(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const problems = [];
  const pairs = [
    ["amends", "amendedBy"],
    ["supersedesPart", "partlySupersededBy"],
  ];
  for (const record of records) {
    for (const [forward, backward] of pairs) {
      for (const [from, to] of [
        [forward, backward],
        [backward, forward],
      ]) {
        for (const other of record[from]) {
          const target = byNumber.get(other);
          if (!target) problems.push(`${record.number} names ${other}, which is not a record`);
          else if (!target[to].includes(record.number))
            problems.push(
              `${record.number} ${words(from)} ${other}, but ${other} does not say ${words(to)} ${record.number}`,
            );
        }
      }
    }
    for (const other of record.supersedes) {
      const target = byNumber.get(other);
      if (target?.supersededBy !== record.number)
        problems.push(`${record.number} supersedes ${other}, but ${other} is not "superseded by ${record.number}"`);
    }
    if (record.supersededBy) {
      const target = byNumber.get(record.supersededBy);
      if (!target?.supersedes.includes(record.number))
        problems.push(`${record.number} is superseded by ${record.supersededBy}, which does not say it supersedes it`);
    }
  }
  return problems;
}

const words = (key) =>
  ({
    amends: "amends",
    amendedBy: "amended by",
    supersedesPart: "supersedes part of",
    partlySupersededBy: "superseded in part by",
  })[key];

/** The index's status cell: the state, then what the record changed or was changed by, linked. */
function statusText(record, byNumber) {
  const link = (n) => `[${n}](${byNumber.get(n)?.file ?? `${n}.md`})`;
  const list = (numbers) => numbers.map(link).join(", ");
  const parts = [record.supersededBy ? `superseded by ${link(record.supersededBy)}` : "accepted"];
  if (record.amendedBy.length) parts.push(`amended by ${list(record.amendedBy)}`);
  if (record.partlySupersededBy.length) parts.push(`superseded in part by ${list(record.partlySupersededBy)}`);
  if (record.amends.length) parts.push(`amends ${list(record.amends)}`);
  if (record.supersedesPart.length) parts.push(`supersedes part of ${list(record.supersedesPart)}`);
  if (record.supersedes.length) parts.push(`supersedes ${list(record.supersedes)}`);
  return parts.join("; ");
}

/** docs/decisions/README.md for `records`. */
export function renderIndex(records) {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const out = [
    "# Decisions",
    "",
    "<!-- Written by `npm run decisions:index` from the records' headings, `Area:` and `Status:` lines;",
    "     tests/repo/decisions-index.test.ts fails when it is out of date. Do not edit by hand. -->",
    "",
    "Why the product is as it is: one record per decision, numbered in the order they were taken, each",
    "with its context, the decision and its consequences. A record stays as it was written; a later",
    "decision that changes it says so in both records' status lines. To add one, see",
    "[How to write one](#how-to-write-one) at the end.",
    "",
    `${records.length} records, by area (each record once, under the area its \`Area:\` line names):`,
    "",
  ];
  for (const [area, heading] of Object.entries(AREAS)) {
    const inArea = records.filter((r) => r.area === area);
    out.push(`- [${heading}](#${anchor(heading)}) (${inArea.length})`);
  }
  for (const [area, heading] of Object.entries(AREAS)) {
    out.push("", `## ${heading}`, "");
    const inArea = records.filter((r) => r.area === area);
    if (inArea.length === 0) out.push("None yet.");
    for (const record of inArea) {
      out.push(`- [${record.number} ${record.title}](${record.file}): ${statusText(record, byNumber)}.`);
    }
  }
  out.push(
    "",
    "## How to write one",
    "",
    "1. Take the next number and copy [TEMPLATE.md](TEMPLATE.md) to `NNNN-short-slug.md`; the first line is",
    "   `# NNNN Title`, the title a sentence that says what was decided.",
    `2. Under it, \`Area:\` and one of ${Object.keys(AREAS)
      .map((a) => `\`${a}\``)
      .join(", ")}.`,
    "3. Context (what was true and what asked for a change), Decision (what is done now, and what was tried",
    "   and dropped), Consequences (what it costs, what it makes true).",
    "4. The last line is the status: `Status: accepted.` When a later decision changes an earlier one, both",
    "   say so: the later `Status: accepted. Amends 0033.` (or `Supersedes part of 0011.`, or `Supersedes",
    "   0011.`), the earlier `Status: accepted. Amended by 0131.` (`Superseded in part by 0074.`, or",
    "   `Status: superseded by 0074.`). The earlier record's text stays as it was written.",
    "5. Run `npm run decisions:index`; tests/repo/decisions-index.test.ts checks the index and the status lines.",
    "",
  );
  return out.join("\n");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const records = readRecords();
  const problems = disagreements(records);
  if (problems.length) {
    console.error(`The records' status lines disagree:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  const target = path.join(DECISIONS_DIR, "README.md");
  const text = renderIndex(records);
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== text) {
      console.error("docs/decisions/README.md is out of date: run `npm run decisions:index`.");
      process.exit(1);
    }
  } else if (current !== text) {
    fs.writeFileSync(target, text);
    console.log(`docs/decisions/README.md: ${records.length} records.`);
  }
}

// `npm run lint:changed [ref]`: the lint's ESLint step, type-aware rules included, on the files
// changed since `ref` (HEAD by default: what is not committed yet) and the untracked ones. The
// inner loop's lint (issue 43 §4): seconds where `npm run lint` takes minutes. A type-aware rule
// reads the whole program, so a change can still break a file left out here; `npm run lint`, and
// CI's `npm test`, lint every file (and run knip).
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What ESLint lints here (eslint.config.js): JavaScript and TypeScript sources. */
const LINTED = /\.(?:[cm]?[jt]s|tsx)$/;

const git = (args, cwd) => execFileSync("git", args, { cwd, encoding: "utf8" });
const lines = (text) => text.split("\n").filter(Boolean);

/** The files to lint in the repository at `cwd`: changed since `ref` (deleted ones aside) or untracked. */
export function changedFiles(ref = "HEAD", cwd = process.cwd()) {
  const changed = lines(git(["diff", "--name-only", "--diff-filter=d", ref, "--"], cwd));
  const untracked = lines(git(["ls-files", "--others", "--exclude-standard"], cwd));
  return [...new Set([...changed, ...untracked])].filter((file) => LINTED.test(file)).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = changedFiles(process.argv[2]);
  if (files.length === 0) {
    console.log("No changed JavaScript or TypeScript files to lint.");
    process.exit(0);
  }
  console.log(`Linting ${files.length} changed file${files.length === 1 ? "" : "s"}.`);
  // --no-warn-ignored: a changed file ESLint ignores (a build output) is skipped without a warning.
  const eslint = spawnSync(
    process.execPath,
    ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "--no-warn-ignored", ...files],
    { stdio: "inherit" },
  );
  process.exit(eslint.status ?? 1);
}

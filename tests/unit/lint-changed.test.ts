import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changedFiles } from "../../scripts/lint-changed.mjs";

const repos: string[] = [];
afterEach(() => {
  for (const dir of repos.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Repository {
  dir: string;
  write(file: string, text: string): void;
  /** Commits every change to a tracked file. */
  commit(message: string): void;
}

/** A repository with one commit holding `files`. */
function repository(files: Record<string, string>): Repository {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lint-changed-"));
  repos.push(dir);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const commit = (message: string) => git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", message);
  git("init", "-q");
  for (const [file, text] of Object.entries(files)) write(file, text);
  fs.writeFileSync(path.join(dir, ".gitignore"), "dist/\n");
  git("add", ".");
  commit("first");
  return { dir, write, commit };
}

describe("npm run lint:changed", () => {
  it("lints the changed and untracked sources, not deleted, ignored or other files", () => {
    const repo = repository({ "src/a.ts": "a", "src/b.tsx": "b", "src/gone.ts": "c", "README.md": "r" });
    expect(changedFiles("HEAD", repo.dir)).toEqual([]);

    repo.write("src/a.ts", "changed");
    repo.write("README.md", "changed");
    repo.write("scripts/new.mjs", "new");
    repo.write("dist/built.js", "ignored by git");
    fs.rmSync(path.join(repo.dir, "src/gone.ts"));
    expect(changedFiles("HEAD", repo.dir)).toEqual(["scripts/new.mjs", "src/a.ts"]);
  });

  it("with a ref, also lints what was committed since it", () => {
    const repo = repository({ "src/a.ts": "a", "src/b.ts": "b" });
    repo.write("src/b.ts", "committed change");
    repo.commit("second");
    expect(changedFiles("HEAD", repo.dir)).toEqual([]);
    expect(changedFiles("HEAD~1", repo.dir)).toEqual(["src/b.ts"]);
  });
});

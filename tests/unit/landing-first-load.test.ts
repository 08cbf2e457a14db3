/**
 * The landing page's first load downloads no zod and no shared schemas (decision 0056): the
 * modules it runs import the route contracts and schemas lazily (`import()`), so a signed-out
 * visitor's page never needs them. This walks the static imports from the entry (main.tsx) and
 * from the landing page (main.tsx fetches it at once), resolving relative and `@/` imports, and
 * fails naming the chain of imports that reaches zod, src/shared/api or src/shared/schemas.
 * Type-only imports are erased and dynamic `import()` is what keeps a module off the first load:
 * neither is followed.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const ROOTS = ["src/web/main.tsx", "src/web/pages/landing-page.tsx"];

/** Packages the first load must not download (the resolver for zod brings zod). */
const FORBIDDEN_PACKAGES = [/^zod(\/|$)/, /^@hookform\/resolvers\/zod$/];
const FORBIDDEN_FOLDERS = ["src/shared/api/", "src/shared/schemas/"];

/** The module names a file imports at run time: static imports and re-exports that are not type-only. */
export function staticImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    }
  }
  return found;
}

type Read = (file: string) => string | undefined;

const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The repository-relative file an import names, or the package name for a bare import (null: not code, e.g. CSS). */
function resolve(from: string, name: string, read: Read): { file: string } | { pkg: string } | null {
  let base: string;
  if (name.startsWith("@/")) base = path.posix.join("src/web", name.slice(2));
  else if (name.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
  else return { pkg: name };
  if (/\.(css|svg|png|po)$/.test(base)) return null;
  const stem = base.replace(/\.js$/, "");
  for (const ending of CANDIDATES) {
    const file = stem + ending;
    if (/\.tsx?$/.test(file) && read(file) !== undefined) return { file };
  }
  throw new Error(`${from} imports ${name}, which resolves to no file`);
}

/** Each forbidden module the roots reach, with the shortest chain of imports that reaches it. */
export function forbiddenChains(roots: string[], read: Read): string[] {
  const parent = new Map<string, string | null>(roots.map((r) => [r, null]));
  const queue = [...roots];
  const chains: string[] = [];
  const chainTo = (file: string): string[] => {
    const chain: string[] = [];
    for (let at: string | null | undefined = file; at; at = parent.get(at)) chain.unshift(at);
    return chain;
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    const text = read(file);
    if (text === undefined) throw new Error(`${file} does not exist`);
    for (const name of staticImports(file, text)) {
      const target = resolve(file, name, read);
      if (target === null) continue;
      if ("pkg" in target) {
        if (FORBIDDEN_PACKAGES.some((p) => p.test(target.pkg)))
          chains.push([...chainTo(file), target.pkg].join(" -> "));
        continue;
      }
      if (parent.has(target.file)) continue;
      parent.set(target.file, file);
      if (FORBIDDEN_FOLDERS.some((folder) => target.file.startsWith(folder)))
        chains.push(chainTo(target.file).join(" -> "));
      else queue.push(target.file);
    }
  }
  return chains;
}

const readRepo: Read = (file) => {
  try {
    return fs.readFileSync(path.join(root, file), "utf8");
  } catch {
    return undefined;
  }
};

describe("the landing page's first load", () => {
  it("follows static imports only, and names the chain to what it must not reach", () => {
    const files: Record<string, string> = {
      "src/web/main.tsx": [
        `import { a } from "./a";`,
        `import type { T } from "../shared/schemas/auth";`,
        `import { type U } from "../shared/api/auth";`,
        `const lazy = () => import("../shared/api/videos");`,
        `import "./styles.css";`,
      ].join("\n"),
      "src/web/a.ts": `export { b } from "@/lib/b";`,
      "src/web/lib/b/index.ts": `import { authApi } from "../../../shared/api/auth.js";\nimport { z } from "zod";`,
      "src/shared/api/auth.ts": `import { z } from "zod";`,
    };
    expect(forbiddenChains(["src/web/main.tsx"], (file) => files[file])).toEqual([
      "src/web/main.tsx -> src/web/a.ts -> src/web/lib/b/index.ts -> src/shared/api/auth.ts",
      "src/web/main.tsx -> src/web/a.ts -> src/web/lib/b/index.ts -> zod",
    ]);
  });

  it("reaches no zod, route contract or shared schema from the entry or the landing page", () => {
    expect(forbiddenChains(ROOTS, readRepo)).toEqual([]);
  });
});

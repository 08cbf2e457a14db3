/**
 * No two folders of the code depend on each other at run time (issue 19, decision 0060): a
 * feature (`features/<name>`) and every other top folder is one unit, a file at the top is a unit
 * of its own. Type-only imports are left out: they are erased, and the typed services shape
 * (services.ts) is meant to be read by the features it is built from. The web's `@/` alias is
 * read as the path it stands for (issue 67): most of the web's imports are written with it.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The unit a file belongs to, relative to the tree's root. */
function unitOf(relative: string): string {
  const parts = relative.split("/");
  if (parts.length === 1) return relative;
  return parts[0] === "features" ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** The relative module names a file imports at run time. */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((name) => name.startsWith(".") || name.startsWith(ALIAS));
}

/** The web app's alias for its own root (tsconfig.web.json, vite.config.ts): `@/features/x` is `features/x`. */
const ALIAS = "@/";

/** Where an import leads, relative to the tree's root; outside it (src/shared) starts with "..". */
function importTarget(file: string, name: string): string {
  if (name.startsWith(ALIAS)) return path.posix.normalize(name.slice(ALIAS.length));
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), name));
}

type Files = Map<string, string>;

/** Every pair of units that import each other, with one import that makes each direction. */
function unitCycles(files: Files): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const [file, text] of files) {
    const from = unitOf(file);
    for (const name of runtimeImports(file, text)) {
      const target = importTarget(file, name);
      if (target.startsWith("..")) continue; // outside this tree (src/shared)
      const to = unitOf(target.replace(/\.js$/, ".ts"));
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file} imports ${name}`);
      edges.set(from, out);
    }
  }
  // Tarjan's strongly connected components: a component of more than one unit is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const connect = (unit: string): void => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    onStack.add(unit);
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
      }
    }
    if (low.get(unit) !== index.get(unit)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== unit);
    if (members.length < 2) return;
    const inside = new Set(members);
    const why = members.flatMap((m) =>
      [...(edges.get(m) ?? [])].filter(([to]) => inside.has(to)).map(([, example]) => example),
    );
    cycles.push(`${members.sort().join(" <-> ")}: ${why.join("; ")}`);
  };
  for (const unit of edges.keys()) if (!index.has(unit)) connect(unit);
  return cycles;
}

function readTree(root: string): Files {
  const files: Files = new Map();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full).split(path.sep).join("/"), fs.readFileSync(full, "utf8"));
  }
  return files;
}

describe("folder dependencies", () => {
  it.each(["src/server", "src/web"])("%s: no two folders import each other", (root) => {
    const files = readTree(root);
    expect(files.size).toBeGreaterThan(50);
    expect(unitCycles(files)).toEqual([]);
  });

  it("reads the web's @/ alias: a cycle written with it is found, and the shell's imports of features are not one", () => {
    const files: Files = new Map([
      ["features/live/live-updates.ts", 'const v = await import("@/features/videos");'],
      ["features/videos/use-task-tracker.ts", 'import { useLiveConnected } from "@/features/live";'],
      ["app/shell/app-shell.tsx", 'import { useCurrentUser } from "@/features/auth";'],
      ["features/auth/index.ts", 'import { cn } from "@/lib/cn";\nimport { x } from "../../../shared/x";'],
      ["lib/cn.ts", "export const cn = 1;"],
    ]);
    const cycles = unitCycles(files);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatch(/^features\/live <-> features\/videos: /);
    expect(cycles[0]).toContain("features/live/live-updates.ts imports @/features/videos");
    files.delete("features/live/live-updates.ts");
    expect(unitCycles(files)).toEqual([]);
  });

  it("finds a cycle through several folders, and leaves type-only imports and a folder's own files alone", () => {
    const files: Files = new Map([
      [
        "features/videos/service.ts",
        'import { due } from "../../jobs/task-worker.js";\nimport type { Db } from "../../db/connect.js";',
      ],
      ["jobs/task-worker.ts", 'export { charge } from "../features/payments/charge.js";'],
      ["features/payments/charge.ts", 'const v = await import("../videos/service.js");'],
      [
        "db/connect.ts",
        'import { type Services } from "../features/videos/service.js";\nimport { x } from "./pool.js";',
      ],
      ["db/pool.ts", "export const x = 1;"],
      ["main.ts", 'import { charge } from "./features/payments/charge.js";'],
    ]);
    const cycles = unitCycles(files);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatch(/^features\/payments <-> features\/videos <-> jobs: /);
    expect(cycles[0]).toContain("features/videos/service.ts imports ../../jobs/task-worker.js");
    expect(cycles[0]).not.toContain("db");
  });
});

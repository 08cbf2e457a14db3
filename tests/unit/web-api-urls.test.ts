/**
 * The web app calls the API only through the shared contracts (decision 0069): no string, template
 * or JSX text in src/web spells an `/api/` URL. Comments may name routes; code may not.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const TEXT_TOKENS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
]);

/** The path of an import or export (`"../../shared/api/x"` names a module, not a URL). */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent || !ts.isStringLiteral(node)) return false;
  if ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node)
    return true;
  return ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword;
}

/** Each literal of `text` (strings, template parts, JSX text) that contains `/api/`. */
export function apiUrlLiterals(text: string, jsx: boolean): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isModuleSpecifier(node)) return;
    if (TEXT_TOKENS.has(node.kind) && node.getText(file).includes("/api/")) found.push(node.getText(file));
    node.forEachChild(visit);
  };
  const file = ts.createSourceFile(
    jsx ? "probe.tsx" : "probe.ts",
    text,
    ts.ScriptTarget.Latest,
    true,
    jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  visit(file);
  return found;
}

describe("API URLs in the web app", () => {
  it("finds URLs in strings, templates and JSX text, not in comments", () => {
    const probe = [
      `// GET /api/comment is fine`,
      `const a = "/api/one";`,
      "const b = `/api/two/${id}`;",
      "const c = `${base}/api/three`;",
      `const d = <p>POST /api/four</p>;`,
      `const e = "/api";`,
      `import { x } from "../shared/api/contracts";`,
      `const f = () => import("../shared/api/auth");`,
    ].join("\n");
    expect(apiUrlLiterals(probe, true)).toEqual(['"/api/one"', "`/api/two/${", "}/api/three`", "POST /api/four"]);
  });

  it("spells no /api/ URL outside the shared contracts", () => {
    const offenders = sourceFiles(path.join(root, "src/web")).flatMap((file) =>
      apiUrlLiterals(fs.readFileSync(file, "utf8"), file.endsWith(".tsx")).map(
        (literal) => `${path.relative(root, file)}: ${literal}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * Customers never read the video vendor's name (issue 38): the server's texts outside the admin's
 * own features, and the web catalogues customers load (public and app; admin is the admin's), say
 * "the video service". Comments may name KIE; strings may not.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const VENDOR = /\bKIE\b/;
/** Texts only an administrator reads: the admin's routes and the Telegram notices to the owner. */
const ADMIN_ONLY = [
  "src/server/features/admin/",
  "src/server/features/notifications/",
  // Trying a KIE key the admin saves (the admin's settings and provider accounts only).
  "src/server/features/settings/kie-key-check.ts",
  // Model ids per vendor (decision 0173): the admin's routes, checks and overview lines only.
  "src/server/features/vendor-models/",
];

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith(".ts")) yield full;
  }
}

/** The string and template texts of a file, with their line numbers. */
function strings(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ line, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("customer-facing wording", () => {
  it("no server text outside the admin's features names KIE", () => {
    const offenders: string[] = [];
    for (const file of files(path.join(ROOT, "src/server/features"))) {
      const relative = path.relative(ROOT, file);
      if (ADMIN_ONLY.some((prefix) => relative.startsWith(prefix))) continue;
      for (const { line, text } of strings(file)) {
        if (VENDOR.test(text)) offenders.push(`${relative}:${line}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("no message of the catalogues customers load names KIE", () => {
    for (const catalogue of ["public", "app"]) {
      for (const locale of ["en", "vi"]) {
        const po = fs.readFileSync(path.join(ROOT, `src/web/locales/${locale}/${catalogue}.po`), "utf8");
        const named = po.split("\n").filter((line) => /^msg(id|str) /.test(line) && VENDOR.test(line));
        expect(named, `${locale}/${catalogue}.po`).toEqual([]);
      }
    }
  });
});
